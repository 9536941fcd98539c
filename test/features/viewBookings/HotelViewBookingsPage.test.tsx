import { screen, within } from '@testing-library/react';
import { FakeHotel } from '../../fakeHotel';
import { renderHotelRoute } from '../../testUtils';

beforeAll(() => import('../../../src/features/viewBookings/HotelViewBookingsPage'), 60_000);

async function open(hotel: FakeHotel) {
  const view = renderHotelRoute('/view-bookings', { hotel });
  expect(await screen.findByRole('heading', { level: 1, name: 'All Booked Rooms' })).toBeInTheDocument();
  return view;
}

describe('All Booked Rooms in hotel mode', () => {
  it('needs a signed-in administrator: the sign-in form and no cards otherwise', async () => {
    const hotel = new FakeHotel();
    hotel.addBooking({ bookingId: 'BK111111' });
    await open(hotel);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(hotel.calls('GET', '/api/admin/bookings')).toHaveLength(0);
  });

  it('shows the hotel’s bookings as cards with the spec’s texts, newest first', async () => {
    const hotel = new FakeHotel();
    hotel.signedIn = true;
    hotel.addBooking({ bookingId: 'BK111111' });
    hotel.addBooking({ bookingId: 'BK222222', roomName: 'Suit Room', roomId: 'executive', email: 'ravi@example.com', totalPrice: 12000 });
    await open(hotel);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['BK222222', 'BK111111']);
    const newest = within(cards[0]!);
    for (const text of ['Confirmed', 'ravi@example.com', 'Suit Room', '03/10/2030', '03/12/2030', '₹12,000'])
      expect(newest.getByText(text)).toBeInTheDocument();
    expect(newest.getByRole('link', { name: 'View Details for booking BK222222' })).toHaveAttribute('href', '/customer-booking/BK222222');
    expect(screen.getByText('2 bookings, newest first')).toBeInTheDocument();
  });

  it('shows 100 at a time, asking the server for the next page', async () => {
    const hotel = new FakeHotel();
    hotel.signedIn = true;
    for (let i = 0; i < 130; i++) hotel.addBooking({ bookingId: `BK${100000 + i}` });
    const { user } = await open(hotel);
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 130')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'BK100000' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(130);
    expect(screen.queryByRole('button', { name: 'Show more bookings' })).not.toBeInTheDocument();
    expect(hotel.calls('GET', '/api/admin/bookings').map((r) => r.query.get('page'))).toEqual(['1', '2']);
  }, 20_000);

  it('says so when the hotel has no bookings', async () => {
    const hotel = new FakeHotel();
    hotel.signedIn = true;
    await open(hotel);
    expect(await screen.findByText('No rooms have been booked yet.')).toBeInTheDocument();
  });
});

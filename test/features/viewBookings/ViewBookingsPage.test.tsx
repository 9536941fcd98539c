import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute, sampleBooking, seedBookings } from '../../testUtils';

describe('All booked rooms', () => {
  it('shows one card per booking, newest first, with every field the spec lists', async () => {
    const { rooms: _rooms, ...old } = sampleBooking({ bookingId: 'BK111111', checkOut: null });
    seedBookings([old, sampleBooking({ bookingId: 'BK222222', roomName: 'Suit Room', email: 'ravi@example.com', totalPrice: 12000 })]);
    const { user, router } = renderRoute('/view-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Booked Rooms' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['BK222222', 'BK111111']);
    const newest = within(cards[0]!);
    for (const text of ['Confirmed', 'ravi@example.com', 'Suit Room', '12/01/2026', '12/03/2026', '₹12,000'])
      expect(newest.getByText(text)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Not Selected')).toBeInTheDocument();

    await user.click(newest.getByRole('link', { name: 'View Details for booking BK222222' }));
    expect(router.state.location.pathname).toBe('/customer-booking/BK222222');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
  });

  // Role queries over a hundred rows are slow in jsdom, more so on a busy machine.
  it('shows a batch at a time when there are thousands', async () => {
    seedBookings(Array.from({ length: 130 }, (_, i) => sampleBooking({ bookingId: `BK${100000 + i}` })));
    const { user } = renderRoute('/view-bookings');
    // Sixty cards take a while to render in jsdom on a busy machine.
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(60);
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    await user.click(screen.getByRole('button', { name: 'Show more bookings' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Show more bookings' })).not.toBeInTheDocument();
  }, 20_000);

  it('says so when nothing is booked', async () => {
    renderRoute('/view-bookings');
    expect(await screen.findByText('No rooms have been booked yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

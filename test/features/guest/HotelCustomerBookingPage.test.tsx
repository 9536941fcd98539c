import { screen, waitFor } from '@testing-library/react';
import { FakeHotel } from '../../fakeHotel';
import { renderHotelRoute, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const guestKey = 'k'.repeat(43);
const facts = () => Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

beforeAll(() => import('../../../src/features/guest/HotelCustomerBookingPage'), 60_000);
afterEach(() => jest.restoreAllMocks());

/** The hotel holds BK123456 (2 Suit Rooms), made from this browser with `guestKey`. */
function hotelWithBooking() {
  const hotel = new FakeHotel();
  hotel.addBooking(
    { bookingId: 'BK123456', roomId: 'executive', roomName: 'Suit Room', rooms: 2, totalPrice: 16000, email: 'asha@example.com' },
    guestKey,
  );
  return hotel;
}

describe('guest view in hotel mode', () => {
  it('with the guest key kept in hotelBookings, reads the whole booking with X-Guest-Key', async () => {
    seedBookings([sampleBooking({ guestKey, email: 'asha@example.com' })]);
    const { hotel } = renderHotelRoute('/customer-booking/BK123456', { hotel: hotelWithBooking() });
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
    expect(facts()).toMatchObject({ 'Booking ID': 'BK123456', Room: 'Suit Room', 'Number of Rooms': '2', 'Total Price': '₹16,000' });
    const [get] = hotel.calls('GET', '/api/bookings/BK123456');
    expect(get!.headers.get('x-guest-key')).toBe(guestKey);
    expect(hotel.calls('POST', '/api/bookings/lookup')).toHaveLength(0);
  });

  it('with the email from the portal, looks it up (POST /api/bookings/lookup)', async () => {
    const { hotel } = renderHotelRoute(
      { pathname: '/customer-booking/BK123456', state: { lookupEmail: 'ASHA@example.com' } },
      { hotel: hotelWithBooking() },
    );
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
    expect(facts()).toMatchObject({ Room: 'Suit Room', 'Check-In': '03/10/2030' });
    expect(hotel.calls('GET', /\/api\/bookings\//)).toHaveLength(0);
  });

  it('with neither, shows only that it exists and its dates, and asks for the booking’s email', async () => {
    const { user, hotel } = renderHotelRoute('/customer-booking/BK123456', { hotel: hotelWithBooking() });
    expect(await screen.findByLabelText('Email you booked with')).toBeInTheDocument();
    expect(facts()).toEqual({ 'Booking ID': 'BK123456', Status: 'Confirmed', 'Check-In': '03/10/2030', 'Check-Out': '03/12/2030' });
    expect(screen.queryByText(/asha@example.com|Suit Room/)).not.toBeInTheDocument();
    expect(hotel.calls('GET', '/api/bookings/BK123456')[0]!.headers.get('x-guest-key')).toBeNull();

    await user.type(screen.getByLabelText('Email you booked with'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Show my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email does not match this booking.');

    await user.clear(screen.getByLabelText('Email you booked with'));
    await user.type(screen.getByLabelText('Email you booked with'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Show my booking' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
    expect(facts()).toMatchObject({ Room: 'Suit Room', 'Number of Rooms': '2' });
    // The answer to the form is the answer shown: no second lookup.
    expect(hotel.calls('POST', '/api/bookings/lookup')).toHaveLength(2);
  });

  it('says Booking Not Found for an ID the hotel does not have', async () => {
    renderHotelRoute('/customer-booking/BK000000', { hotel: hotelWithBooking() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No booking found with ID:', { exact: false })).toHaveTextContent('No booking found with ID: BK000000');
  });

  it('saves a new email with the guest key and updates this browser’s copy', async () => {
    seedBookings([sampleBooking({ guestKey, email: 'asha@example.com' })]);
    const { user, hotel } = renderHotelRoute('/customer-booking/BK123456', { hotel: hotelWithBooking() });
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(field);
    await user.type(field, 'asha.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email saved successfully!')).toBeInTheDocument();
    const [put] = hotel.calls('PUT', '/api/bookings/BK123456/email');
    expect(put!.body).toEqual({ email: 'asha.new@example.com' });
    expect(put!.headers.get('x-guest-key')).toBe(guestKey);
    expect(put!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(hotel.stored.get('BK123456')!.booking.email).toBe('asha.new@example.com');
    await waitFor(() =>
      expect(storedBookings()).toEqual([expect.objectContaining({ bookingId: 'BK123456', email: 'asha.new@example.com', guestKey })]),
    );
  });

  it('saves a new email with the current one as proof, and keeps the page working with the new one', async () => {
    const { user, hotel, router } = renderHotelRoute(
      { pathname: '/customer-booking/BK123456', state: { lookupEmail: 'asha@example.com' } },
      { hotel: hotelWithBooking() },
    );
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(field);
    await user.type(field, 'asha.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email saved successfully!')).toBeInTheDocument();
    expect(hotel.calls('PUT', '/api/bookings/BK123456/email')[0]!.body).toEqual({
      email: 'asha.new@example.com',
      currentEmail: 'asha@example.com',
    });
    await waitFor(() => expect(router.state.location.state).toEqual({ lookupEmail: 'asha.new@example.com' }));
    expect(router.state.location.pathname).toBe('/customer-booking/BK123456');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha.new@example.com');
    expect(hotel.calls('POST', '/api/bookings/lookup')).toHaveLength(1);
  });

  it('alerts on a blank email and sends nothing', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    seedBookings([sampleBooking({ guestKey })]);
    const { user, hotel } = renderHotelRoute('/customer-booking/BK123456', { hotel: hotelWithBooking() });
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save Email' }));
    expect(alert).toHaveBeenCalledWith('Please enter your email!');
    expect(hotel.calls('PUT', /.*/)).toHaveLength(0);
  });

  it('when the hotel cannot be reached, says so instead of Not Found, and tries again', async () => {
    const hotel = hotelWithBooking();
    hotel.outages.push('network');
    const { user } = renderHotelRoute('/customer-booking/BK123456', { hotel });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the hotel.');
    expect(screen.queryByText('Booking Not Found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email you booked with')).toBeInTheDocument();
  });
});

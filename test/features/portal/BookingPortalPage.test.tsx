import { screen } from '@testing-library/react';
import { bookAtHotel, uniqueEmail } from '../../hotelNetwork';
import { renderHotelRoute, renderRoute, renderWithSource, sampleBooking, seedBookings } from '../../testUtils';

afterEach(() => jest.restoreAllMocks());

describe.each(['browser', 'hotel'] as const)('Booking portal (%s)', (source) => {
  it('alerts on a blank or spaces-only Booking ID and stays put', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router, network } = renderWithSource(source, '/booking-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotel Booking Portal' })).toBeInTheDocument();
    // Where the email is asked for too, only the ID is missing here.
    if (source === 'hotel') await user.type(screen.getByLabelText('Email you booked with'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    await user.type(screen.getByLabelText('Booking ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith('Please enter your Booking ID!');
    expect(router.state.location.pathname).toBe('/booking-portal');
    expect(network?.requests ?? []).toEqual([]);
  });

  it('takes staff to the admin dashboard', async () => {
    const { user } = renderWithSource(source, '/booking-portal');
    await user.click(await screen.findByRole('link', { name: 'Admin View Bookings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeInTheDocument();
  });
});

describe('Booking portal, browser only', () => {
  it('asks for no email: the bookings are in this browser', async () => {
    renderRoute('/booking-portal');
    expect(await screen.findByLabelText('Booking ID')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email you booked with')).not.toBeInTheDocument();
  });

  it('trims the ID, accepts a lower-case bk and opens the guest view', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK654321' })]);
    const { user, router } = renderRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), '  bk654321 {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer-booking/BK654321');
  });
});

describe('Booking portal, hotel only: lookup by email', () => {
  it('asks for the email the booking was made with, and stays put without it', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router, network } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), 'BK654321');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the email you booked with.');
    expect(screen.getByLabelText('Email you booked with')).toHaveAttribute('aria-invalid', 'true');
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/booking-portal');
    expect(network.requests).toEqual([]);
  });

  it('trims the ID, accepts a lower-case bk, and opens the guest view with the email carried in memory, never in the address', async () => {
    const email = uniqueEmail('Asha');
    const { booking } = await bookAtHotel({ email });
    const { user, router, network } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), ` ${booking.bookingId.toLowerCase()} `);
    await user.type(screen.getByLabelText('Email you booked with'), email.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    // The booking's email as the hotel keeps it, found with the same address in any case.
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(email);
    const { pathname, search, hash, state } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe(`/customer-booking/${booking.bookingId}`);
    expect(state).toEqual({ lookupEmail: email.toLowerCase() });
    expect(network.calls('POST', '/api/bookings/lookup')[0]!.body).toEqual({ bookingId: booking.bookingId, email: email.toLowerCase() });
  });
});

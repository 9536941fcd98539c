import { screen } from '@testing-library/react';
import { renderRoute, sampleBooking, seedBookings } from '../../testUtils';

describe('Booking portal', () => {
  afterEach(() => jest.restoreAllMocks());

  it('alerts on a blank or spaces-only Booking ID and stays put', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router } = renderRoute('/booking-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotel Booking Portal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    await user.type(screen.getByLabelText('Booking ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith('Please enter your Booking ID!');
    expect(router.state.location.pathname).toBe('/booking-portal');
  });

  it('trims the ID, accepts a lower-case bk and opens the guest view', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK654321' })]);
    const { user, router } = renderRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), '  bk654321 {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer-booking/BK654321');
  });

  it('takes staff to the admin dashboard', async () => {
    const { user } = renderRoute('/booking-portal');
    await user.click(await screen.findByRole('link', { name: 'Admin View Bookings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeInTheDocument();
  });
});

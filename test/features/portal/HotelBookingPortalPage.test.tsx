import { screen } from '@testing-library/react';
import { FakeHotel } from '../../fakeHotel';
import { renderHotelRoute } from '../../testUtils';

describe('Booking portal in hotel mode', () => {
  afterEach(() => jest.restoreAllMocks());

  it('still alerts on a blank Booking ID', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Email you booked with'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(alert).toHaveBeenCalledWith('Please enter your Booking ID!');
    expect(router.state.location.pathname).toBe('/booking-portal');
  });

  it('asks for the email the booking was made with, and stays put without it', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router, hotel } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), 'BK654321');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the email you booked with.');
    expect(screen.getByLabelText('Email you booked with')).toHaveAttribute('aria-invalid', 'true');
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/booking-portal');
    expect(hotel.requests).toEqual([]);
  });

  it('opens the guest view with the email carried in memory, never in the address', async () => {
    const hotel = new FakeHotel();
    hotel.addBooking({ bookingId: 'BK654321', email: 'Asha@Example.com' });
    const { user, router } = renderHotelRoute('/booking-portal', { hotel });
    await user.type(await screen.findByLabelText('Booking ID'), ' bk654321 ');
    await user.type(screen.getByLabelText('Email you booked with'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'View Your Booking' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('Asha@Example.com');
    const { pathname, search, hash, state } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe('/customer-booking/BK654321');
    expect(state).toEqual({ lookupEmail: 'asha@example.com' });
    expect(hotel.calls('POST', '/api/bookings/lookup')[0]!.body).toEqual({ bookingId: 'BK654321', email: 'asha@example.com' });
  });
});

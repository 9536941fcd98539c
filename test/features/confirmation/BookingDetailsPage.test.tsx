import { act, screen, within } from '@testing-library/react';
import { bookingIdPattern } from '../../../src/domain/bookingId';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { datesChosen, roomCountChosen } from '../../../src/features/selection/selectionSlice';
import { renderRoute, storedBookings } from '../../testUtils';

function detail(term: string): string {
  const row = screen.getByText(term, { selector: 'dt' }).parentElement!;
  return within(row).getByRole('definition').textContent ?? '';
}

async function openDetails(options = {}) {
  const view = renderRoute('/booking-details', options);
  await screen.findByText('Booking ID', { selector: 'dt' }, { timeout: 5000 });
  return view;
}

// The screen is a lazy route; loading it once up front keeps each test's own time short.
beforeAll(() => import('../../../src/features/confirmation/BookingDetailsPage'), 60_000);
beforeEach(() => jest.spyOn(window, 'alert').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('confirmation screen', () => {
  it('shows the fallbacks when nothing was chosen, and still confirms', async () => {
    const { user } = await openDetails();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Booking Confirmation');
    expect(detail('Booking ID')).toMatch(bookingIdPattern);
    expect(detail('Room Type')).toBe('Deluxe Room');
    expect(detail('Check-In')).toBe('Not Selected');
    expect(detail('Check-Out')).toBe('Not Selected');
    expect(detail('Total Amount')).toBe('₹0');

    await user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(storedBookings()).toEqual([expect.objectContaining({ roomName: 'Deluxe Room', checkIn: null, checkOut: null, totalPrice: 0 })]);
  });

  it('shows the chosen stay with its total and how it is made up', async () => {
    const { store } = await openDetails();
    act(() => {
      store.dispatch(datesChosen({ startDate: '2030-03-12', endDate: '2030-03-15' }));
      store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 2 }));
    });
    expect(detail('Room Type')).toBe('Suit Room');
    expect(detail('Check-In')).toBe('03/12/2030');
    expect(detail('Check-Out')).toBe('03/15/2030');
    expect(detail('Rooms')).toBe('2');
    expect(detail('Nights')).toBe('3');
    expect(detail('Total Amount')).toContain('₹24,000');
    expect(detail('Total Amount')).toContain('₹4,000 × 2 rooms × 3 nights');
  });

  it('the email is required and of email type', async () => {
    await openDetails();
    const email = screen.getByLabelText('Email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
  });

  it('confirming alerts, hides the button, keeps the same ID and offers View All Bookings', async () => {
    const { user } = await openDetails();
    const id = detail('Booking ID');
    await user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your booking is confirmed! Thank you for choosing our hotel.');
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(window.alert).toHaveBeenCalledWith('Your room booking was confirmed!');
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
    expect(detail('Booking ID')).toBe(id);
    expect(detail('Email')).toBe('guest@example.com');
    expect(screen.getByRole('link', { name: 'View All Bookings' })).toHaveAttribute('href', '/admin-bookings');
    expect(storedBookings()).toEqual([expect.objectContaining({ bookingId: id, email: 'guest@example.com' })]);
  });

  it('a reload (a new store over the same session) shows the same ID, before and after confirming', async () => {
    const first = await openDetails();
    const id = detail('Booking ID');
    // redux-persist writes on its next tick; a guest's reload comes later than that.
    await act(() => first.persistor.flush());
    first.unmount();

    const second = await openDetails();
    expect(detail('Booking ID')).toBe(id);
    await second.user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await second.user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.');
    await act(() => second.persistor.flush());
    second.unmount();

    await openDetails();
    expect(detail('Booking ID')).toBe(id);
    expect(screen.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
    expect(storedBookings()).toHaveLength(1);
  });

  it('when storage refuses the booking, says why and does not confirm', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { user } = await openDetails({ bookingStorage: refusing });
    expect(screen.getByRole('alert')).toHaveTextContent('bookings cannot be saved in this browser');
    await user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.queryByText('Your booking is confirmed! Thank you for choosing our hotel.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { datesChosen } from '../../../src/features/selection/selectionSlice';
import { renderRoute } from '../../testUtils';
import { quietReactDates } from './quietReactDates';

quietReactDates();

// The screen is a lazy route; loading it (and react-dates) once up front keeps each test's own time short.
beforeAll(() => import('../../../src/features/booking/BookingPage'), 60_000);

function roomSection(name: string) {
  return screen.getByRole('region', { name });
}

async function openBooking(options = {}) {
  const view = renderRoute('/booking', options);
  // The first render loads the screen's chunk with react-dates, which takes a moment in jsdom.
  await screen.findByRole('heading', { level: 1, name: 'Book a Room' }, { timeout: 5000 });
  // The picker takes its placeholder's place once the screen has painted; until then the field says it is busy.
  await waitFor(() => expect(screen.getByRole('group', { name: 'Select Date Range' })).not.toHaveAttribute('aria-busy'));
  return view;
}

describe('booking screen', () => {
  it('opens the date picker modal under StrictMode (the patched portal shows)', async () => {
    const { user } = await openBooking();
    expect(screen.queryByRole('application', { name: 'Calendar' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Check-in'));
    const calendar = await screen.findByRole('application', { name: 'Calendar' });
    // withPortal renders the calendar into its own node on body, outside the app's root.
    expect(calendar.closest('#root, body > div:first-child')).toBeNull();
    expect(document.body).toContainElement(calendar);
  });

  it('labels both date inputs and captions the picker Select Date Range', async () => {
    await openBooking();
    expect(screen.getByRole('group', { name: 'Select Date Range' })).toBeInTheDocument();
    expect(screen.getByLabelText('Check-in')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(screen.getByLabelText('Check-out')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  });

  it('shows both rooms with prices in Indian format and the discounted price tax exclusive', async () => {
    await openBooking();
    const classic = roomSection('Classic Room');
    expect(within(classic).getByRole('img')).toHaveAccessibleName(/Classic Room/);
    expect(within(classic).getByText('₹3,000')).toBeInTheDocument();
    expect(within(classic).getByText('₹3,500').tagName).toBe('S');
    expect(within(classic).getByText('Tax Exclusive')).toBeInTheDocument();
    const suit = roomSection('Suit Room');
    expect(within(suit).getByText('₹4,000')).toBeInTheDocument();
    expect(within(suit).getByText('₹4,500').tagName).toBe('S');
    expect(
      within(suit)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2', '3']);
  });

  it('choosing rooms locks the other package until Reset Selection', async () => {
    const { user, store } = await openBooking();
    expect(screen.queryByRole('button', { name: 'Reset Selection' })).not.toBeInTheDocument();
    await user.selectOptions(within(roomSection('Suit Room')).getByLabelText('Room(s)'), '2');

    const classic = roomSection('Classic Room');
    expect(within(classic).getByLabelText('Room(s)')).toBeDisabled();
    expect(within(classic).getByRole('button', { name: 'Book' })).toBeDisabled();
    expect(within(roomSection('Suit Room')).getByRole('button', { name: 'Book' })).toBeEnabled();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', packageIndex: 0, roomCount: 2 });

    await user.click(screen.getByRole('button', { name: 'Reset Selection' }));
    expect(within(classic).getByLabelText('Room(s)')).toBeEnabled();
    expect(within(roomSection('Suit Room')).getByLabelText('Room(s)')).toHaveValue('0');
    expect(screen.queryByRole('button', { name: 'Reset Selection' })).not.toBeInTheDocument();
  });

  it('More Info discloses the room details', async () => {
    const { user } = await openBooking();
    const suit = roomSection('Suit Room');
    const details = within(suit).getByRole('list', { name: 'Suit Room details', hidden: true });
    expect(details).not.toBeVisible();
    await user.click(within(suit).getByText('More Info'));
    expect(details).toBeVisible();
    expect(within(details).getByText('Private balcony')).toBeInTheDocument();
  });

  it('Search without dates opens the picker; with dates each package shows the stay', async () => {
    const { user, store } = await openBooking();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('application', { name: 'Calendar' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-10', endDate: '2099-01-13' })));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(within(roomSection('Classic Room')).getByText('3 nights: ₹9,000 per room')).toBeInTheDocument();
    expect(within(roomSection('Suit Room')).getByText('3 nights: ₹12,000 per room')).toBeInTheDocument();
  });

  it('typed text that is not a date shows the message and leaves the stored dates alone', async () => {
    const { user, store } = await openBooking();
    act(() => void store.dispatch(datesChosen({ startDate: '2099-01-10', endDate: '2099-01-13' })));
    const checkOut = screen.getByLabelText('Check-out');
    // Typing over the selected date, so the input never stands empty (which clears a date).
    await user.tripleClick(checkOut);
    await user.keyboard('13/45/20');
    expect(checkOut).toHaveValue('13/45/20');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByText('Date input not valid.')).toBeInTheDocument();
    expect(store.getState().selection).toMatchObject({ startDate: '2099-01-10', endDate: '2099-01-13' });
  });

  it('a valid typed date is stored as YYYY-MM-DD and clears the message', async () => {
    const { user, store } = await openBooking();
    const checkIn = screen.getByLabelText('Check-in');
    await user.type(checkIn, 'soon');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByText('Date input not valid.')).toBeInTheDocument();
    await user.clear(checkIn);
    await user.type(checkIn, '01/10/2099');
    await waitFor(() => expect(store.getState().selection.startDate).toBe('2099-01-10'));
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
  });

  it('says so when this browser refuses to store bookings', async () => {
    // redux-persist logs each refused write; the screen's notice is what this test is about.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await openBooking({ bookingStorage: refusing });
    expect(screen.getByRole('alert')).toHaveTextContent('bookings cannot be saved in this browser');
  });

  it('Book takes the guest to the confirmation screen with the choice kept', async () => {
    const { user, router } = await openBooking();
    await user.selectOptions(within(roomSection('Classic Room')).getByLabelText('Room(s)'), '3');
    await user.click(within(roomSection('Classic Room')).getByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { level: 1, name: 'Booking Confirmation' });
    expect(router.state.location.pathname).toBe('/booking-details');
    expect(await screen.findByText('Classic Room')).toBeInTheDocument();
  });
});

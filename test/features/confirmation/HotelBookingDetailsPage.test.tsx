import { act, screen, within } from '@testing-library/react';
import { bookingIdPattern } from '../../../src/domain/bookingId';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { confirmRetryDelaysMs } from '../../../src/features/confirmation/hotelConfirmThunks';
import { guestKeyPattern } from '../../../src/domain/bookingRecord';
import { datesChosen, roomCountChosen } from '../../../src/features/selection/selectionSlice';
import { FakeHotel } from '../../fakeHotel';
import type { StoreOptions } from '../../../src/app/store';
import { renderHotelRoute, storedBookings } from '../../testUtils';

const notReached = 'We could not reach the hotel; your booking is not confirmed yet. Please try again.';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function detail(term: string): string {
  const row = screen.getByText(term, { selector: 'dt' }).parentElement!;
  return within(row).getByRole('definition').textContent ?? '';
}

/** Opens the confirmation screen in hotel mode with 2 Suit Rooms for 3 nights chosen. */
async function openDetails(hotel = new FakeHotel(), options: StoreOptions = {}, choose = true) {
  const view = renderHotelRoute('/booking-details', { hotel, ...options });
  await screen.findByText('Booking ID', { selector: 'dt' }, { timeout: 5000 });
  if (choose)
    act(() => {
      view.store.dispatch(datesChosen({ startDate: '2030-03-10', endDate: '2030-03-13' }));
      view.store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 2 }));
    });
  return view;
}

async function confirmWith(user: ReturnType<typeof renderHotelRoute>['user'], email = 'asha@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
}

beforeAll(() => import('../../../src/features/confirmation/HotelBookingDetailsPage'), 60_000);
beforeEach(() => jest.spyOn(window, 'alert').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('confirmation screen in hotel mode', () => {
  it('confirms on the server, shows the ID the server stored, and keeps the booking with its guest key', async () => {
    const hotel = new FakeHotel();
    hotel.clashId = 'BK765432';
    const { user, store } = await openDetails(hotel);
    const shownBefore = detail('Booking ID');
    expect(shownBefore).toMatch(bookingIdPattern);
    await confirmWith(user);

    expect(await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Your room booking was confirmed!');
    expect(detail('Booking ID')).toBe('BK765432');
    expect(detail('Room Type')).toBe('Suit Room');
    expect(detail('Total Amount')).toContain('₹24,000');
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Bookings' })).toHaveAttribute('href', '/admin-bookings');
    expect(screen.getByRole('link', { name: 'View Your Booking' })).toHaveAttribute('href', '/customer-booking/BK765432');

    const [post] = hotel.calls('POST', '/api/bookings');
    const sent = post!.body as Record<string, unknown>;
    expect(sent).toEqual({
      draftId: expect.stringMatching(uuid),
      bookingId: shownBefore,
      roomId: 'executive',
      packageIndex: 0,
      rooms: 2,
      checkIn: '2030-03-10',
      checkOut: '2030-03-13',
      email: 'asha@example.com',
      guestKey: expect.stringMatching(guestKeyPattern),
    });
    expect(post!.headers.get('x-requested-with')).toBe('hotel-site');
    expect(storedBookings()).toEqual([
      expect.objectContaining({ bookingId: 'BK765432', roomName: 'Suit Room', rooms: 2, totalPrice: 24000, guestKey: sent.guestKey }),
    ]);
    // The store reads the key back too (a new read of hotelBookings).
    expect(store.getState().bookings.items[0]).toMatchObject({ bookingId: 'BK765432', guestKey: sent.guestKey });
    expect(store.getState().selection).toMatchObject({ roomId: null, roomCount: 0 });
  });

  it('when rooms ran out, shows the server’s message and keeps the selection', async () => {
    const hotel = new FakeHotel();
    hotel.extraTaken.executive!['2030-03-11'] = 2;
    hotel.extraTaken.executive!['2030-03-12'] = 3;
    const { user, store } = await openDetails(hotel);
    await confirmWith(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 Suit Rooms are left for those dates.');
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', roomCount: 2, startDate: '2030-03-10' });
    expect(screen.getByRole('link', { name: 'Change dates or rooms' })).toHaveAttribute('href', '/booking');
    expect(storedBookings()).toBeNull();
  });

  it('when the hotel cannot be reached, tries the same request again, says so, then gives the exact message', async () => {
    const hotel = new FakeHotel();
    hotel.outages.push('network', 503, 502, 'network');
    const { user, store } = await openDetails(hotel, { retryDelaysMs: [200, 200, 200] });
    await confirmWith(user);

    expect(await screen.findByText('Still trying to reach the hotel… (try 2 of 4)')).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(notReached);
    expect(screen.getByRole('alert').textContent).toBe(notReached);
    const posts = hotel.calls('POST', '/api/bookings');
    expect(posts).toHaveLength(4);
    expect(new Set(posts.map((p) => (p.body as { draftId: string }).draftId)).size).toBe(1);
    expect(screen.queryByText(/Still trying/)).not.toBeInTheDocument();
    expect(store.getState().selection).toMatchObject({ roomId: 'executive', roomCount: 2 });
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
    expect(storedBookings()).toBeNull();
  });

  it('a retry that gets through confirms once, with the same draft', async () => {
    const hotel = new FakeHotel();
    hotel.outages.push(504, 'network');
    const { user } = await openDetails(hotel);
    await confirmWith(user);
    expect(await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(hotel.calls('POST', '/api/bookings')).toHaveLength(3);
    expect(hotel.stored.size).toBe(1);
  });

  it('waits 1, 2 and 4 seconds between tries by default', () => {
    expect(confirmRetryDelaysMs).toEqual([1000, 2000, 4000]);
  });

  it('when this browser refuses to keep a copy, still shows the hotel’s booking and says so', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const hotel = new FakeHotel();
    const { user } = await openDetails(hotel, { bookingStorage: refusing });
    await confirmWith(user);
    expect(await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(screen.getByText(/this browser could not keep a copy of it/)).toBeInTheDocument();
    expect(detail('Booking ID')).toBe([...hotel.stored.keys()][0]);
    expect(detail('Room Type')).toBe('Suit Room');
    expect(detail('Email')).toBe('asha@example.com');
  });

  it('a double click sends one booking', async () => {
    const hotel = new FakeHotel();
    const { user } = await openDetails(hotel);
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeInTheDocument();
    expect(hotel.calls('POST', '/api/bookings')).toHaveLength(1);
    expect(window.alert).toHaveBeenCalledTimes(1);
  });

  it('without dates or rooms, says what is missing and links back instead of offering Confirm', async () => {
    const { store } = await openDetails(new FakeHotel(), {}, false);
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
    expect(screen.getByText(/choose your check-in and check-out dates and at least one room/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose dates and rooms' })).toHaveAttribute('href', '/booking');

    // Dates alone are not enough either.
    act(() => void store.dispatch(datesChosen({ startDate: '2030-03-10', endDate: '2030-03-13' })));
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
    act(() => void store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 1 })));
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeInTheDocument();
  });

  it('a reload keeps the draft: same Booking ID, draftId and guest key', async () => {
    const first = await openDetails();
    const draft = first.store.getState().confirmation;
    expect(draft.draftId).toMatch(uuid);
    expect(draft.guestKey).toMatch(guestKeyPattern);
    await act(() => first.persistor.flush());
    first.unmount();

    const second = await openDetails(new FakeHotel(), {}, false);
    expect(second.store.getState().confirmation).toMatchObject({
      pendingBookingId: draft.pendingBookingId,
      draftId: draft.draftId,
      guestKey: draft.guestKey,
    });
  });
});

import { bookingIdPattern } from '../../../src/domain/bookingId';
import { createBookingStorage } from '../../../src/features/bookings/bookingStorage';
import { deleteBooking } from '../../../src/features/bookings/bookingsThunks';
import { bookingStarted } from '../../../src/features/confirmation/confirmationSlice';
import { confirmationOpened, draftSubmitted } from '../../../src/features/confirmation/confirmationThunks';
import { datesChosen, roomCountChosen } from '../../../src/features/selection/selectionSlice';
import { makeTestStore, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

/** Math.random values that make BK123456 first, then BK654321. */
function randomsFor(...ids: number[]) {
  const values = ids.map((id) => (id - 100000) / 900000 + 1e-9);
  return jest.spyOn(Math, 'random').mockImplementation(() => values.shift() ?? 0.5);
}

afterEach(() => jest.restoreAllMocks());

describe('confirmation thunks', () => {
  it('makes a BK ID when the screen opens and keeps it on the next opening', () => {
    const { store } = makeTestStore();
    store.dispatch(confirmationOpened());
    const id = store.getState().confirmation.pendingBookingId;
    expect(id).toMatch(bookingIdPattern);
    store.dispatch(confirmationOpened());
    expect(store.getState().confirmation.pendingBookingId).toBe(id);
  });

  it('never makes an ID that a stored booking already has', () => {
    seedBookings([sampleBooking({ bookingId: 'BK123456' })]);
    const { store } = makeTestStore();
    randomsFor(123456, 654321);
    store.dispatch(confirmationOpened());
    expect(store.getState().confirmation.pendingBookingId).toBe('BK654321');
  });

  it('stores the record with total, rooms and dates, marks it confirmed and clears the selection', async () => {
    const { store } = makeTestStore();
    store.dispatch(datesChosen({ startDate: '2030-03-12', endDate: '2030-03-15' }));
    store.dispatch(roomCountChosen({ roomId: 'executive', packageIndex: 0, count: 2 }));
    store.dispatch(confirmationOpened());
    const id = store.getState().confirmation.pendingBookingId;

    const result = await store.dispatch(draftSubmitted('  guest@example.com '));
    expect(result.meta.requestStatus).toBe('fulfilled');
    expect(storedBookings()).toEqual([
      {
        bookingId: id,
        roomName: 'Suit Room',
        checkIn: '2030-03-12',
        checkOut: '2030-03-15',
        totalPrice: 24000,
        email: 'guest@example.com',
        rooms: 2,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(store.getState().confirmation).toMatchObject({ pendingBookingId: null, confirmedBookingId: id });
    expect(store.getState().selection).toMatchObject({ roomId: null, roomCount: 0, startDate: null, endDate: null });
  });

  it('a second confirm, or opening the screen again, stores nothing more and keeps the ID', async () => {
    const { store } = makeTestStore();
    store.dispatch(confirmationOpened());
    const id = store.getState().confirmation.pendingBookingId;
    await Promise.all([store.dispatch(draftSubmitted('a@example.com')), store.dispatch(draftSubmitted('a@example.com'))]);
    const again = await store.dispatch(draftSubmitted('a@example.com'));
    expect(again.meta.requestStatus).toBe('rejected');
    store.dispatch(confirmationOpened());
    expect(storedBookings()).toHaveLength(1);
    expect(store.getState().confirmation.confirmedBookingId).toBe(id);
  });

  it('Book on the booking screen starts a new draft after a confirmed one', async () => {
    const { store } = makeTestStore();
    store.dispatch(confirmationOpened());
    const first = store.getState().confirmation.pendingBookingId;
    await store.dispatch(draftSubmitted('a@example.com'));
    store.dispatch(bookingStarted());
    store.dispatch(confirmationOpened());
    const second = store.getState().confirmation.pendingBookingId;
    expect(second).toMatch(bookingIdPattern);
    expect(second).not.toBe(first);
  });

  it('starts a new draft when the confirmed booking was deleted meanwhile', async () => {
    const { store } = makeTestStore();
    store.dispatch(confirmationOpened());
    const id = store.getState().confirmation.pendingBookingId!;
    await store.dispatch(draftSubmitted('a@example.com'));
    await store.dispatch(deleteBooking(id));
    store.dispatch(confirmationOpened());
    expect(store.getState().confirmation).toMatchObject({
      confirmedBookingId: null,
      pendingBookingId: expect.stringMatching(bookingIdPattern),
    });
  });

  it('when storage refuses, rejects with its message and leaves the draft unconfirmed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = makeTestStore({
      bookingStorage: createBookingStorage(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    });
    store.dispatch(roomCountChosen({ roomId: 'deluxe', packageIndex: 0, count: 1 }));
    store.dispatch(confirmationOpened());
    const result = await store.dispatch(draftSubmitted('a@example.com'));
    expect(result.meta.requestStatus).toBe('rejected');
    expect(result.payload).toEqual({ message: expect.stringContaining('cannot be saved in this browser') });
    expect(store.getState().confirmation.confirmedBookingId).toBeNull();
    expect(store.getState().selection.roomCount).toBe(1);
  });
});

describe('an ID taken meanwhile by a different booking', () => {
  it('stores nothing over it, says so, and offers a new ID', async () => {
    const { store } = makeTestStore();
    store.dispatch(confirmationOpened());
    const id = store.getState().confirmation.pendingBookingId!;
    const other = {
      bookingId: id,
      roomName: 'Suit Room',
      checkIn: null,
      checkOut: null,
      totalPrice: 0,
      email: 'other-tab@example.com',
      rooms: 1,
    };
    localStorage.setItem('hotelBookings', JSON.stringify([other]));
    const result = await store.dispatch(draftSubmitted('guest@example.com'));
    expect(result.meta.requestStatus).toBe('rejected');
    expect(result.payload).toEqual({
      message: expect.stringContaining('took this Booking ID a moment ago, so a new Booking ID has been made'),
    });
    expect(JSON.parse(localStorage.getItem('hotelBookings')!)).toEqual([other]);
    const fresh = store.getState().confirmation.pendingBookingId;
    expect(fresh).toMatch(/^BK[1-9]\d{5}$/);
    expect(fresh).not.toBe(id);
  });
});

import {
  bookingConfirmed,
  bookingDeleted,
  bookingEmailChanged,
  selectBookingById,
  selectBookings,
} from '../../../src/features/bookings/bookingsSlice';
import { changeBookingEmail, confirmBooking, deleteBooking } from '../../../src/features/bookings/bookingsThunks';
import { makeTestStore, sampleBooking, seedBookings, storedBookings } from '../../testUtils';
import type { BookingRecord } from '../../../src/domain/bookingRecord';

const record = (id: string): BookingRecord => ({ ...sampleBooking({ bookingId: id }) }) as BookingRecord;

describe('bookings slice', () => {
  it('reads the stored plain array on start', () => {
    seedBookings([sampleBooking()]);
    const { store } = makeTestStore();
    expect(selectBookings(store.getState())).toEqual([sampleBooking()]);
  });

  it('adds, changes and deletes records by ID', () => {
    const { store } = makeTestStore();
    store.dispatch(bookingConfirmed(record('BK100001')));
    store.dispatch(bookingConfirmed(record('BK100001')));
    store.dispatch(bookingConfirmed(record('BK100002')));
    expect(selectBookings(store.getState()).map((b) => b.bookingId)).toEqual(['BK100001', 'BK100002']);
    store.dispatch(bookingEmailChanged({ bookingId: 'BK100002', email: 'new@example.com' }));
    expect(selectBookingById(store.getState(), 'BK100002')?.email).toBe('new@example.com');
    store.dispatch(bookingDeleted('BK100001'));
    expect(selectBookings(store.getState()).map((b) => b.bookingId)).toEqual(['BK100002']);
  });

  it('confirming writes the plain record array under hotelBookings before the state changes', async () => {
    const { store } = makeTestStore();
    const result = await store.dispatch(confirmBooking(record('BK200000')));
    expect(result.meta.requestStatus).toBe('fulfilled');
    expect(storedBookings()).toEqual([sampleBooking({ bookingId: 'BK200000' })]);
    expect(selectBookings(store.getState())).toHaveLength(1);
  });

  it('email changes and deletes reach storage', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK111111' }), sampleBooking({ bookingId: 'BK222222' })]);
    const { store } = makeTestStore();
    await store.dispatch(changeBookingEmail({ bookingId: 'BK222222', email: 'x@example.com' }));
    await store.dispatch(deleteBooking('BK111111'));
    expect(storedBookings()).toEqual([
      { ...sampleBooking({ bookingId: 'BK222222', email: 'x@example.com' }), updatedAt: expect.any(String) },
    ]);
  });

  it('a refused write leaves state and storage unchanged and says why', async () => {
    seedBookings([sampleBooking()]);
    const { store } = makeTestStore();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = await store.dispatch(confirmBooking(record('BK300000')));
    setItem.mockRestore();
    expect(result.meta.requestStatus).toBe('rejected');
    expect(result.payload).toMatchObject({ kind: 'quota' });
    expect(selectBookings(store.getState())).toHaveLength(1);
    expect(storedBookings()).toEqual([sampleBooking()]);
  });
});

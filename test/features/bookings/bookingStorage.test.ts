import { BookingSaveError, bookingsKey, createBookingStorage, unreadableKey } from '../../../src/features/bookings/bookingStorage';
import type { BookingRecord } from '../../../src/domain/bookingRecord';
import { sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const record = (id: string) => sampleBooking({ bookingId: id }) as BookingRecord;

describe('booking storage', () => {
  it('copies unreadable data aside before anything overwrites it', async () => {
    seedBookings('{not json');
    const storage = createBookingStorage();
    expect(storage.read()).toMatchObject({ items: [], unreadableCount: 1, storageAvailable: true });
    await storage.update((list) => [...list, record('BK100000')]);
    expect(storedBookings()).toEqual([sampleBooking({ bookingId: 'BK100000' })]);
    expect(JSON.parse(localStorage.getItem(unreadableKey)!)).toEqual([{ reason: 'not valid JSON', raw: '{not json' }]);
    expect(storage.read().unreadableCount).toBe(1);
  });

  it('refuses to overwrite unreadable data it could not copy aside', async () => {
    seedBookings('{not json');
    const realSetItem = Storage.prototype.setItem;
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === unreadableKey) throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    const storage = createBookingStorage();
    await expect(storage.update((list) => [...list, record('BK100000')])).rejects.toMatchObject({ kind: 'unsafe' });
    await expect(storage.save([record('BK100000')])).rejects.toBeInstanceOf(BookingSaveError);
    spy.mockRestore();
    expect(localStorage.getItem(bookingsKey)).toBe('{not json');
  });

  it('merges with what another tab wrote since this one read', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK111111' })]);
    const storage = createBookingStorage();
    const mine = storage.read().items;
    seedBookings([sampleBooking({ bookingId: 'BK111111' }), sampleBooking({ bookingId: 'BK222222' })]);
    await storage.save([...mine, record('BK333333')]);
    expect((storedBookings() as BookingRecord[]).map((r) => r.bookingId)).toEqual(['BK111111', 'BK222222', 'BK333333']);
  });

  it('before any read, saving only adds: an empty state never wipes stored bookings', async () => {
    const storage = createBookingStorage();
    seedBookings([sampleBooking()]);
    await storage.save([]);
    expect(storedBookings()).toEqual([sampleBooking()]);
  });

  it('reads as unavailable, and refuses writes, when the browser blocks storage', async () => {
    const storage = createBookingStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(storage.read()).toEqual({ items: [], unreadableCount: 0, storageAvailable: false });
    await expect(storage.update((list) => list)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('keeps unknown fields when rewriting a record', async () => {
    seedBookings([{ ...sampleBooking(), loyaltyNumber: 'L-7' }]);
    const storage = createBookingStorage();
    await storage.update((list) => list.map((r) => ({ ...r, email: 'new@example.com' })));
    expect(storedBookings()).toEqual([{ ...sampleBooking(), loyaltyNumber: 'L-7', email: 'new@example.com' }]);
  });
});

describe('deleted bookings', () => {
  it('stay deleted when a tab holding an old copy saves', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK111111' }), sampleBooking({ bookingId: 'BK222222' })]);
    const staleTab = createBookingStorage();
    const staleCopy = staleTab.read().items;
    await createBookingStorage().update((list) => list.filter((b) => b.bookingId !== 'BK111111'));
    await staleTab.save(staleCopy);
    expect((storedBookings() as BookingRecord[]).map((b) => b.bookingId)).toEqual(['BK222222']);
  });

  it('a delete refused by a full storage leaves the booking and no tombstone behind', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK111111' })]);
    const realSetItem = Storage.prototype.setItem;
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === bookingsKey) throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    const storage = createBookingStorage();
    await expect(storage.update(() => [])).rejects.toMatchObject({ kind: 'quota' });
    spy.mockRestore();
    expect(storage.read().items.map((b) => b.bookingId)).toEqual(['BK111111']);
  });
});

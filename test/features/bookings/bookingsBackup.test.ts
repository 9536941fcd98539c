import { bookingsToCsv, bookingsToJson, parseBackup, readUnreadableBookings } from '../../../src/features/bookings/bookingsBackup';
import { adminApi } from '../../../src/features/admin/adminApi';
import type { BookingRecord } from '../../../src/domain/bookingRecord';
import { selectBookings } from '../../../src/features/bookings/bookingsSlice';
import { makeTestStore, sampleBooking, seedBookings, storedBookings } from '../../testUtils';

const record = (overrides: Partial<Record<string, unknown>> = {}) => sampleBooking(overrides) as BookingRecord;

describe('CSV export', () => {
  it('has the agreed header, one row per booking, and 1 room for old records', () => {
    const { rooms: _rooms, ...old } = sampleBooking({ bookingId: 'BK100001' });
    const csv = bookingsToCsv([old as BookingRecord, record({ bookingId: 'BK100002', rooms: 3, totalPrice: 27000 })]);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Booking ID,Email,Room,Check-In,Check-Out,Rooms,Total',
      'BK100001,guest@example.com,Classic Room,2026-12-01,2026-12-03,1,6000',
      'BK100002,guest@example.com,Classic Room,2026-12-01,2026-12-03,3,27000',
    ]);
  });

  it('quotes commas and quotes, and neutralises cells a spreadsheet would run as formulas', () => {
    const csv = bookingsToCsv([record({ email: '=HYPERLINK("http://x")', roomName: 'Suit, "Sea View"', checkIn: null })]);
    const row = csv.trimEnd().split('\r\n')[1];
    expect(row).toBe('BK123456,"\'=HYPERLINK(""http://x"")","Suit, ""Sea View""",,2026-12-03,1,6000');
    for (const start of ['+', '-', '@']) {
      expect(bookingsToCsv([record({ email: `${start}cmd` })])).toContain(`'${start}cmd`);
    }
  });
});

describe('JSON backup', () => {
  it('round-trips the stored records in a labelled envelope', () => {
    const records = [record({ bookingId: 'BK100001' }), record({ bookingId: 'BK100002', extra: { note: 'kept' } })];
    const text = bookingsToJson(records, new Date('2026-01-02T03:04:05Z'));
    expect(JSON.parse(text)).toMatchObject({ format: 'hotelBookings-backup', version: 1, exportedAt: '2026-01-02T03:04:05.000Z' });
    expect(JSON.parse(text).bookings[1]).toEqual({ ...sampleBooking({ bookingId: 'BK100002' }), note: 'kept' });
    expect(parseBackup(text)).toEqual({ records, unreadable: 0 });
  });

  it('accepts a plain array as local storage holds it, counting entries it cannot read', () => {
    const parsed = parseBackup(JSON.stringify([sampleBooking(), { bookingId: 'BK1', roomName: 7 }]));
    expect(parsed).toEqual({ records: [record()], unreadable: 1 });
  });

  it.each([
    ['text that is not JSON', 'hello'],
    ['another JSON object', '{"items": []}'],
    ['a list of something else', '[1, 2, 3]'],
  ])('rejects %s', (_name, text) => {
    expect(parseBackup(text)).toEqual({ problem: expect.stringMatching(/not a bookings backup/) });
  });

  it('rejects a backup from a newer version', () => {
    expect(parseBackup(JSON.stringify({ format: 'hotelBookings-backup', version: 2, bookings: [] }))).toEqual({
      problem: expect.stringMatching(/newer version/),
    });
  });
});

describe('restoring a backup in this browser (the import endpoint on this browser’s storage)', () => {
  const restore = (store: ReturnType<typeof makeTestStore>['store'], text: string) =>
    store.dispatch(adminApi.endpoints.importBackup.initiate(text));

  it('adds new IDs after the stored ones, skips stored ones, and writes storage', async () => {
    seedBookings([sampleBooking({ bookingId: 'BK100001', email: 'kept@example.com' })]);
    const { store } = makeTestStore();
    const file = bookingsToJson([
      record({ bookingId: 'BK100001', email: 'other@example.com' }),
      record({ bookingId: 'BK100002' }),
      record({ bookingId: 'BK100002' }),
    ]);
    const result = await restore(store, file);
    expect(result.data).toEqual({ added: 1, skipped: 2, unreadable: 0, refused: [] });
    const expected = [sampleBooking({ bookingId: 'BK100001', email: 'kept@example.com' }), sampleBooking({ bookingId: 'BK100002' })];
    expect(storedBookings()).toEqual(expected);
    expect(selectBookings(store.getState())).toEqual(expected);
  });

  it('rejects a file that is not a backup and changes nothing', async () => {
    seedBookings([sampleBooking()]);
    const { store } = makeTestStore();
    const before = selectBookings(store.getState());
    const result = await restore(store, '{"hello": "world"}');
    expect(result.error).toMatchObject({ data: { message: expect.stringMatching(/not a bookings backup/) } });
    expect(selectBookings(store.getState())).toBe(before);
    expect(storedBookings()).toEqual([sampleBooking()]);
  });

  it('reports a refused write and leaves the screen as it was', async () => {
    const { store } = makeTestStore();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = await restore(store, JSON.stringify([sampleBooking()]));
    setItem.mockRestore();
    expect(result.error).toMatchObject({ data: { kind: 'quota', message: expect.stringMatching(/full/) } });
    expect(selectBookings(store.getState())).toEqual([]);
  });
});

it('hands out the raw text of unreadable stored entries', () => {
  seedBookings([sampleBooking(), { bookingId: 42 }]);
  const { store } = makeTestStore();
  expect(store.getState().bookings.unreadableCount).toBe(1);
  expect(JSON.parse(store.dispatch(readUnreadableBookings()))).toEqual([{ reason: expect.any(String), raw: '{"bookingId":42}' }]);
});

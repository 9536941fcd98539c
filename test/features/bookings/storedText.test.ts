import fc from 'fast-check';
import { toStoredRecord } from '../../../src/domain/bookingRecord';
import { parseStoredBookings } from '../../../src/features/bookings/storedBookings';
import { serializeBookings } from '../../../src/features/bookings/storedText';

// Stored values in the shapes the site meets: its own records, the earlier version's (string
// totals, US dates, numeric IDs), padded IDs, fields it does not know, in any key order.
const storedValue = fc
  .record(
    {
      bookingId: fc.oneof(fc.constantFrom('BK100001', ' BK100002 ', 'bk100003'), fc.integer({ min: 1, max: 999_999 })),
      roomName: fc.constantFrom('Classic Room', 'Suit Room', 'Deluxe Room'),
      checkIn: fc.constantFrom('2027-01-05', '01/05/2027', 'Not Selected', null),
      checkOut: fc.constantFrom('2027-01-09', '01/09/2027', null),
      totalPrice: fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.constantFrom('₹12,000', '4000')),
      email: fc.emailAddress(),
      rooms: fc.integer({ min: 0, max: 5 }),
      createdAt: fc.constant('2026-11-01T10:00:00.000Z'),
      note: fc.string(),
    },
    { requiredKeys: ['bookingId', 'roomName', 'checkIn', 'checkOut', 'totalPrice', 'email'] },
  )
  .chain((value) =>
    fc
      .shuffledSubarray(Object.keys(value), { minLength: Object.keys(value).length })
      .map((keys) => Object.fromEntries(keys.map((k) => [k, value[k as keyof typeof value]]))),
  );

describe('the stored text kept for each record', () => {
  it('writes back exactly what serializing every record afresh would write', () => {
    fc.assert(
      fc.property(fc.array(storedValue, { maxLength: 8 }), (values) => {
        const { records } = parseStoredBookings(JSON.stringify(values));
        expect(serializeBookings(records)).toBe(JSON.stringify(records.map(toStoredRecord)));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a list read from storage back unchanged, byte for byte', () => {
    const text = JSON.stringify([
      {
        bookingId: 'BK100001',
        roomName: 'Classic Room',
        checkIn: '2027-01-05',
        checkOut: '2027-01-09',
        totalPrice: 12000,
        email: 'a@example.com',
        rooms: 1,
      },
      { bookingId: 'BK100002', roomName: 'Suit Room', checkIn: null, checkOut: null, totalPrice: 0, email: 'b@example.com' },
    ]);
    expect(serializeBookings(parseStoredBookings(text).records)).toBe(text);
  });

  it('hands out records that cannot be changed behind the kept text', () => {
    const [record] = parseStoredBookings(
      '[{"bookingId":"BK1","roomName":"Suit Room","checkIn":null,"checkOut":null,"totalPrice":1,"email":"a@b.c"}]',
    ).records;
    expect(Object.isFrozen(record)).toBe(true);
  });
});

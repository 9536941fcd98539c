import fc from 'fast-check';
import type { BookingRecord } from '../../../src/domain/bookingRecord';
import { idChanges } from '../../../src/features/bookings/bookingStorage';
import { withBookingAdded, withBookingDeleted, withEmailChanged } from '../../../src/features/bookings/bookingList';
import { sampleBooking } from '../../testUtils';

const pool = Array.from({ length: 12 }, (_, i) => sampleBooking({ bookingId: `BK${100000 + i}` }) as BookingRecord);
const list = fc.uniqueArray(fc.constantFrom(...pool), { maxLength: 12, selector: (b) => b.bookingId });

function expected(before: readonly BookingRecord[], after: readonly BookingRecord[]) {
  const b = new Set(before.map((r) => r.bookingId));
  const a = new Set(after.map((r) => r.bookingId));
  return { added: [...a].filter((id) => !b.has(id)).sort(), removed: [...b].filter((id) => !a.has(id)).sort() };
}

const sorted = ({ added, removed }: { added: string[]; removed: string[] }) => ({ added: [...added].sort(), removed: [...removed].sort() });

describe('the IDs a change adds and removes', () => {
  it('match comparing every ID, for any two lists', () => {
    fc.assert(
      fc.property(list, list, (before, after) => {
        expect(sorted(idChanges(before, after))).toEqual(expected(before, after));
      }),
      { numRuns: 2000 },
    );
  });

  it('match comparing every ID, for the changes the site makes', () => {
    fc.assert(
      fc.property(list, fc.constantFrom(...pool), fc.nat(), (before, record, pick) => {
        const target = before[pick % Math.max(before.length, 1)]?.bookingId ?? 'BK0';
        for (const after of [
          withBookingAdded(before, record),
          withBookingDeleted(before, target),
          withEmailChanged(before, target, 'new@example.com', '2026-11-22T00:00:00.000Z'),
        ])
          expect(sorted(idChanges(before, after))).toEqual(expected(before, after));
      }),
      { numRuns: 1000 },
    );
  });
});

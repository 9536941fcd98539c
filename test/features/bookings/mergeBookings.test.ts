import { mergeBookings } from '../../../src/features/bookings/bookingList';
import type { BookingRecord } from '../../../src/domain/bookingRecord';
import { sampleBooking } from '../../testUtils';

const b = (id: string, email = 'a@example.com', updatedAt?: string) => sampleBooking({ bookingId: id, email, updatedAt }) as BookingRecord;
const ids = (list: BookingRecord[]) => list.map((r) => r.bookingId);

describe('merging two tabs', () => {
  it('keeps additions from both sides', () => {
    expect(ids(mergeBookings([b('A'), b('M')], [b('A'), b('T')]))).toEqual(['A', 'T', 'M']);
  });

  it('drops deleted bookings from both sides: nothing deleted comes back', () => {
    expect(ids(mergeBookings([b('A'), b('B'), b('C')], [b('A'), b('B')], new Set(['A', 'C'])))).toEqual(['B']);
  });

  it('takes the later edit of a booking, whichever side made it', () => {
    const older = b('A', 'old@example.com', '2026-11-01T10:00:00.000Z');
    const later = b('A', 'new@example.com', '2026-11-02T10:00:00.000Z');
    expect(mergeBookings([later], [older])[0]?.email).toBe('new@example.com');
    expect(mergeBookings([older], [later])[0]?.email).toBe('new@example.com');
  });

  it('keeps the stored copy when this tab holds no later edit', () => {
    const stored = { ...b('A', 'stored@example.com'), rooms: 2 };
    const stale = b('A', 'stale@example.com');
    expect(mergeBookings([stale], [stored])).toEqual([stored]);
  });
});

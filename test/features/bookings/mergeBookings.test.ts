import { mergeBookings } from '../../../src/features/bookings/bookingList';
import type { BookingRecord } from '../../../src/features/bookings/bookingRecord';
import { sampleBooking } from '../../testUtils';

const b = (id: string, email = 'a@example.com') => sampleBooking({ bookingId: id, email }) as BookingRecord;
const ids = (list: BookingRecord[]) => list.map((r) => r.bookingId);

describe('three-way merge of two tabs', () => {
  it('keeps additions from both sides', () => {
    expect(ids(mergeBookings([b('A')], [b('A'), b('M')], [b('A'), b('T')]))).toEqual(['A', 'T', 'M']);
  });

  it('keeps deletions from both sides and resurrects nothing', () => {
    expect(ids(mergeBookings([b('A'), b('B'), b('C')], [b('B'), b('C')], [b('A'), b('B')]))).toEqual(['B']);
  });

  it('takes the side that changed a record', () => {
    expect(mergeBookings([b('A')], [b('A', 'mine@example.com')], [b('A')])[0]?.email).toBe('mine@example.com');
    expect(mergeBookings([b('A')], [b('A')], [b('A', 'theirs@example.com')])[0]?.email).toBe('theirs@example.com');
  });
});

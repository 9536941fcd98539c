import { pageWindow } from '../../../src/features/admin/adminSearch';
import { selectBookingSearch as selectAdminSearch } from '../../../src/features/bookings/bookingSearch';
import { bookingDeleted } from '../../../src/features/bookings/bookingsSlice';
import { makeTestStore, sampleBooking, seedBookings } from '../../testUtils';

function seedThree() {
  seedBookings([
    sampleBooking({ bookingId: 'BK111111', email: 'Asha@Example.com', roomName: 'Classic Room' }),
    sampleBooking({ bookingId: 'BK222222', email: 'ravi@example.org', roomName: 'Suit Room' }),
    sampleBooking({ bookingId: 'BK333111', email: 'meera@example.in', roomName: 'Classic Room' }),
  ]);
  return makeTestStore().store;
}

const ids = (list: { bookingId: string }[]) => list.map((b) => b.bookingId);

describe('selectAdminSearch', () => {
  it('lists every booking newest first for an empty or blank query', () => {
    const store = seedThree();
    expect(ids(selectAdminSearch(store.getState(), ''))).toEqual(['BK333111', 'BK222222', 'BK111111']);
    expect(ids(selectAdminSearch(store.getState(), '   '))).toEqual(['BK333111', 'BK222222', 'BK111111']);
  });

  it.each([
    ['part of an ID', '111', ['BK333111', 'BK111111']],
    ['an ID in lower case', 'bk2222', ['BK222222']],
    ['an email in other case', 'ASHA@example.COM', ['BK111111']],
    ['a room name', 'suit', ['BK222222']],
    ['surrounding spaces', '  classic room ', ['BK333111', 'BK111111']],
    ['nothing that matches', 'villa', []],
  ])('matches %s', (_name, query, expected) => {
    expect(ids(selectAdminSearch(seedThree().getState(), query))).toEqual(expected);
  });

  it('does not match across two fields', () => {
    expect(selectAdminSearch(seedThree().getState(), '111asha')).toEqual([]);
  });

  it('is memoized per list and query, and follows changes to the list', () => {
    const store = seedThree();
    const first = selectAdminSearch(store.getState(), 'classic');
    expect(selectAdminSearch(store.getState(), 'classic')).toBe(first);
    store.dispatch(bookingDeleted('BK111111'));
    expect(ids(selectAdminSearch(store.getState(), 'classic'))).toEqual(['BK333111']);
  });

  it('searches 10,000 bookings quickly', () => {
    seedBookings(Array.from({ length: 10_000 }, (_, i) => sampleBooking({ bookingId: `BK${100000 + i}`, email: `guest${i}@example.com` })));
    const { store } = makeTestStore();
    const started = performance.now();
    for (const query of ['g', 'gu', 'gue', 'guest9', 'guest99', 'guest999']) selectAdminSearch(store.getState(), query);
    expect(ids(selectAdminSearch(store.getState(), 'guest9999'))).toEqual(['BK109999']);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('pageWindow', () => {
  it('gives 50 rows a page and keeps the page inside the range', () => {
    expect(pageWindow(312, 1)).toEqual({ page: 1, pageCount: 7, start: 0, end: 50 });
    expect(pageWindow(312, 7)).toEqual({ page: 7, pageCount: 7, start: 300, end: 312 });
    expect(pageWindow(300, 7)).toEqual({ page: 6, pageCount: 6, start: 250, end: 300 });
    expect(pageWindow(0, 3)).toEqual({ page: 1, pageCount: 1, start: 0, end: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { hotelToday } from '../../server/bookingRules';
import { addDays } from '../../src/domain/dates';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { reportSumsProblems } from './support/reportSums';
import { confirmBody } from './support/stays';
import { databaseKinds } from './support/testDatabase';
import { moveSettled } from './support/bill';

/**
 * Issue 39: the reports read sums kept per night and per arrival day (migration 050), which every
 * change to a booking updates through a trigger, the desk's audit entry (phone or walk-in), and a
 * fold. Whatever happens to bookings, by every path that changes them, the sums kept must be the
 * sums worked out afresh from the bookings; and the rooms they count as sold, the inventory's
 * rooms taken. (What a booking adds to them is checked by the month worked out by hand,
 * reports.test.ts.)
 */

const indiaNoon = (date: string) => new Date(`${date}T06:30:00Z`);

type Stay = { roomId: 'deluxe' | 'executive'; rooms: number; start: number; nights: number };
type Op =
  | { kind: 'book'; stay: Stay }
  | { kind: 'desk'; channel: 'phone' | 'walk-in'; stay: Stay }
  | { kind: 'cancel' | 'noShow' | 'delete' | 'restore' | 'undo'; pick: number }
  | { kind: 'stay'; pick: number; early: boolean }
  | { kind: 'change'; pick: number; stay: Stay };

const stay = fc.record({
  roomId: fc.constantFrom<'deluxe' | 'executive'>('deluxe', 'executive'),
  rooms: fc.integer({ min: 1, max: 3 }),
  start: fc.integer({ min: 0, max: 12 }),
  nights: fc.integer({ min: 1, max: 4 }),
});
const pick = fc.nat({ max: 50 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), stay }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('desk' as const), channel: fc.constantFrom<'phone' | 'walk-in'>('phone', 'walk-in'), stay }),
  },
  fc.record({ kind: fc.constantFrom('cancel' as const, 'noShow' as const, 'delete' as const, 'restore' as const, 'undo' as const), pick }),
  fc.record({ kind: fc.constant('stay' as const), pick, early: fc.boolean() }),
  fc.record({ kind: fc.constant('change' as const), pick, stay }),
);

describe.each(databaseKinds)('the report sums on %s', (kind) => {
  let hotel: TestHotel;
  let clock: Date | null = null;
  let window = 0;

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock ?? new Date() });
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  /** The same as worked out afresh, after folding some of what waits or none of it. */
  async function expectSumsRight(fold: boolean) {
    if (fold) await hotel.db.pool.query('SELECT fold_report_facts()');
    expect(await reportSumsProblems(hotel.db.pool)).toEqual([]);
  }

  test('after any life of bookings, by every path that changes them, the sums kept are the sums afresh', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), fc.boolean(), async (ops, fold) => {
        // Each run on nights of its own, far enough ahead that every stay can be booked now.
        const base = addDays(hotelToday(), 30 + 20 * window++);
        const day = (n: number) => addDays(base, n);
        const booked: Array<{ bookingId: string; checkIn: string; checkOut: string }> = [];
        const chosen = (n: number) => booked[n % Math.max(1, booked.length)];
        const at = async <T>(date: string, act: () => Promise<T>) => {
          clock = indiaNoon(date);
          try {
            return await act();
          } finally {
            clock = null;
          }
        };
        const status = (bookingId: string, to: string) => moveSettled(hotel.owner, bookingId, to);
        for (const step of ops) {
          if (step.kind === 'book' || step.kind === 'desk') {
            const dates = { checkIn: day(step.stay.start), checkOut: day(step.stay.start + step.stay.nights) };
            const body = { roomId: step.stay.roomId, rooms: step.stay.rooms, packageIndex: 0, ...dates };
            const reply =
              step.kind === 'book'
                ? await hotel.guest('/api/bookings', { method: 'POST', body: confirmBody(body) })
                : await hotel.owner('/api/admin/desk/bookings', {
                    method: 'POST',
                    body: { ...body, draftId: randomUUID(), channel: step.channel, email: 'desk@example.com' },
                  });
            if (reply.status === 201) booked.push({ bookingId: reply.body.booking.bookingId as string, ...dates });
            continue;
          }
          const target = chosen(step.pick);
          if (!target) continue;
          const { bookingId, checkIn, checkOut } = target;
          switch (step.kind) {
            case 'cancel':
              await status(bookingId, 'cancelled');
              break;
            case 'noShow':
              await at(addDays(checkIn, 1), () => status(bookingId, 'no_show'));
              break;
            case 'delete':
              await hotel.owner(`/api/admin/bookings/${bookingId}`, { method: 'DELETE' });
              break;
            case 'restore':
              await hotel.owner(`/api/admin/bookings/${bookingId}/restore`, { method: 'POST', body: {} });
              break;
            case 'undo':
              await at(checkIn, () => hotel.owner(`/api/admin/bookings/${bookingId}/undo`, { method: 'POST', body: {} }));
              break;
            case 'stay':
              await at(checkIn, () => status(bookingId, 'checked_in'));
              await at(step.early && addDays(checkIn, 1) < checkOut ? addDays(checkIn, 1) : checkOut, () =>
                status(bookingId, 'checked_out'),
              );
              break;
            case 'change': {
              const token = await hotel.manageToken(bookingId).catch(() => null);
              const dates = { checkIn: day(step.stay.start), checkOut: day(step.stay.start + step.stay.nights) };
              if (token) {
                const changed = await hotel.manage(token, '', { method: 'PUT', body: { ...dates, rooms: step.stay.rooms } });
                if (changed.status === 200) Object.assign(target, dates);
              }
              break;
            }
          }
        }
        await expectSumsRight(fold);
      }),
      { numRuns: 12 },
    );
  });

  test('confirms, cancels and reports at once: nothing appended is lost or folded twice', async () => {
    const base = addDays(hotelToday(), 30 + 20 * window++);
    const stays = Array.from({ length: 40 }, (_, i) => ({
      roomId: i % 3 === 0 ? 'executive' : 'deluxe',
      rooms: 1,
      checkIn: addDays(base, i % 7),
      checkOut: addDays(base, (i % 7) + 1 + (i % 3)),
    }));
    const range = `from=${base}&to=${addDays(base, 10)}`;
    const made = await Promise.all(
      stays.map(async (s, i) => {
        const reply = await hotel.guest('/api/bookings', { method: 'POST', body: confirmBody(s) });
        // Every fourth report asked while the confirms are in flight: each folds what has committed.
        if (i % 4 === 0) expect((await hotel.owner(`/api/admin/reports?${range}`)).status).toBe(200);
        return reply.status === 201 ? (reply.body.booking.bookingId as string) : null;
      }),
    );
    const stored = made.filter((id): id is string => id !== null);
    expect(stored.length).toBeGreaterThan(10);
    await Promise.all([
      ...stored.slice(0, 8).map((id) => hotel.owner(`/api/admin/bookings/${id}/status`, { method: 'POST', body: { to: 'cancelled' } })),
      ...Array.from({ length: 6 }, () => hotel.owner(`/api/admin/reports?${range}`)),
    ]);
    await expectSumsRight(false);
    await expectSumsRight(true);
    const { body } = await hotel.owner(`/api/admin/reports?${range}`);
    expect(body.summary.arrivals).toBe(stored.length);
    expect(body.summary.cancellations).toBe(8);
  });
});

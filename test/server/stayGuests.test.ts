import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Database } from '../../server/db/database';
import { manageSecret, manageToken } from '../../server/mail/manageLink';
import { addDays } from '../../src/domain/dates';
import { guestsParam } from '../../src/domain/roomGuests';
import type { GuestRules, RoomGuests } from '../../src/domain/roomGuests';
import { invoiceLine, invoiceTotals } from '../support/gstRule';
import type { InvoiceLine } from '../support/gstRule';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { saveGatewayReady } from '../../server/payments/paymentQueries';
import { startPaymentsStand } from './support/payments';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * Issue 40 over real HTTP on every kind of database: guests per room and meal plans. Every path
 * that fixes a price (the quote before Confirm, the confirm, a manage change, the desk's phone
 * booking) is held to the rule written out below in TypeScript, to the paisa:
 *
 *   one room's night = the night's room price
 *                    + its plan (× the adults and the children at or above the free age, if per person)
 *                    + each adult past those included × the extra adult's charge
 *                    + each child at or above the free age × the extra child's charge,
 *
 * taxed per room-night at the slab of that whole price (test/support/gstRule.ts), rooms of equal
 * price sharing a line, every sum a plain sum. Rooms a booking's guests do not name (and every room
 * of a booking without guests) have the adults the price includes.
 */

type Per = 'room' | 'person';
interface PlanSetting {
  packageIndex: number;
  enabled: boolean;
  pricePaise: number;
  per: Per;
}
interface StayOptions {
  guestRules: GuestRules;
  plans: PlanSetting[];
}
type RoomId = 'deluxe' | 'executive';

/** The room types' nightly prices with no rule of the owner's on a night (src/domain/rooms.ts, seeded by the migrations). */
const basePrice: Record<RoomId, number> = { deluxe: 300_000, executive: 400_000 };

/** What migration 100 seeds, as the issue describes the hotel. */
const seededPlans: PlanSetting[] = [
  { packageIndex: 0, enabled: true, pricePaise: 0, per: 'room' },
  { packageIndex: 1, enabled: false, pricePaise: 0, per: 'room' },
  { packageIndex: 2, enabled: false, pricePaise: 60_000, per: 'person' },
  { packageIndex: 3, enabled: false, pricePaise: 110_000, per: 'person' },
];
const seededRules = (roomId: RoomId): GuestRules => ({
  includedAdults: 2,
  maxAdults: 3,
  maxChildren: roomId === 'deluxe' ? 1 : 2,
  extraAdultPaise: 100_000,
  extraChildPaise: 50_000,
  childFreeBelowAge: 6,
});
const seeded = (roomId: RoomId): StayOptions => ({ guestRules: seededRules(roomId), plans: seededPlans });

/** The rule above: one room's charge on top of the night's room price. */
function roomExtra(options: StayOptions, packageIndex: number, guests: RoomGuests): number {
  const rules = options.guestRules;
  const plan = options.plans.find((p) => p.packageIndex === packageIndex)!;
  const payingChildren = guests.childAges.filter((age) => age >= rules.childFreeBelowAge).length;
  const meals = plan.per === 'person' ? plan.pricePaise * (guests.adults + payingChildren) : plan.pricePaise;
  return meals + Math.max(0, guests.adults - rules.includedAdults) * rules.extraAdultPaise + payingChildren * rules.extraChildPaise;
}

/** The invoice lines and sums of a stay by the rule: `nights` are the room price of each night. */
function modelStay(
  nights: readonly { night: string; pricePaise: number }[],
  rooms: number,
  guests: readonly RoomGuests[] | null,
  options: StayOptions,
  packageIndex: number,
): { lines: InvoiceLine[]; taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number } {
  const everyRoom = Array.from({ length: rooms }, (_, i) => guests?.[i] ?? { adults: options.guestRules.includedAdults, childAges: [] });
  const extras = everyRoom.map((room) => roomExtra(options, packageIndex, room));
  const alike = [...new Set(extras)].sort((a, b) => a - b);
  const lines = nights.flatMap((n) =>
    alike.map((extra) => invoiceLine(n.night, n.pricePaise + extra, extras.filter((e) => e === extra).length)),
  );
  return { lines, ...invoiceTotals(lines) };
}

/** A quote's lines carry no rates (StayQuoteReply): the model's lines as a quote says them. */
const asQuoted = (lines: readonly InvoiceLine[]) =>
  lines.map(({ night, rooms, pricePaise, taxablePaise, cgstPaise, sgstPaise }) => ({
    night,
    rooms,
    pricePaise,
    taxablePaise,
    cgstPaise,
    sgstPaise,
  }));

const nightsOf = (checkIn: string, checkOut: string) => {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
};

describe.each(databaseKinds)('guests per room and meal plans (issue 40) on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let admin: { headers: Record<string, string> };
  let desk: { headers: Record<string, string> };

  const owner = (path: string, method: string, body?: unknown) => api(server.url, path, { method, body, headers: admin.headers });
  const setOptions = (roomId: string, options: StayOptions) => owner(`/api/admin/room-types/${roomId}/stay-options`, 'PUT', options);
  const quote = (query: Record<string, string | number>) =>
    api(server.url, `/api/stay-quote?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  const availability = (checkIn: string, checkOut: string) => api(server.url, `/api/availability?checkIn=${checkIn}&checkOut=${checkOut}`);
  async function book(overrides: Record<string, unknown>) {
    const body = confirmBody(overrides);
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body });
    return { ...reply, guestKey: body.guestKey };
  }
  const invoiceOf = async (bookingId: string) => {
    const invoice = await api(server.url, `/api/admin/bookings/${bookingId}/invoice`, { headers: admin.headers });
    expect(invoice.status).toBe(200);
    return invoice.body;
  };
  const bookingsOn = async (roomId: string, checkIn: string) =>
    (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE room_id = $1 AND check_in = $2', [roomId, checkIn]))
      .rows[0]!.n;
  /** The manage link's token for the booking as it is now (its version counts its changes). */
  const tokenOf = async (bookingId: string) => {
    const { rows } = await db.pool.query<{ v: number }>('SELECT manage_version AS v FROM bookings WHERE booking_id = $1', [bookingId]);
    return manageToken(await manageSecret(db.pool), bookingId, rows[0]!.v);
  };
  /** Each call a stretch of nights no other test of this file uses: a fortnight, from 20 days on. */
  let fortnights = 0;
  const freshNights = () => daysFromNow(20 + 14 * fortnights++);
  /**
   * The property's stays (at most 4 nights): five nights each, from 400 days on, so that its runs
   * (shrinking included) stay within the three years a price rule may reach.
   */
  let runs = 0;
  const propertyNights = () => daysFromNow(400 + 5 * runs++);

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
    await createAdmin(db);
    admin = await signIn(server.url);
    const added = await owner('/api/admin/staff', 'POST', { username: 'Meera', password: 'front desk password 2', role: 'desk' });
    expect(added.status).toBe(201);
    desk = await signIn(server.url, 'Meera', 'front desk password 2');
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('the seeded guest rules and plans, as the owner and availability see them; without guests a stay is priced as before', async () => {
    const prices = await owner('/api/admin/prices?days=1', 'GET');
    expect(prices.status).toBe(200);
    for (const roomId of ['deluxe', 'executive'] as const)
      expect(prices.body.roomTypes.find((t: { roomId: string }) => t.roomId === roomId)).toMatchObject(seeded(roomId));

    const checkIn = freshNights();
    const checkOut = addDays(checkIn, 3);
    const shown = await availability(checkIn, checkOut);
    expect(shown.body.rooms.map((r: { roomId: string; plans: unknown; guestRules: unknown }) => [r.roomId, r.plans, r.guestRules])).toEqual(
      [
        ['deluxe', [{ packageIndex: 0, pricePaise: 0, per: 'room' }], seededRules('deluxe')],
        ['executive', [{ packageIndex: 0, pricePaise: 0, per: 'room' }], seededRules('executive')],
      ],
    );

    // No guests said: the night's price times the rooms, every room its two adults; the CP plan (0) as it always was.
    const nights = nightsOf(checkIn, checkOut).map((night) => ({ night, pricePaise: basePrice.executive }));
    const expected = modelStay(nights, 2, null, seeded('executive'), 0);
    expect(expected.taxablePaise).toBe(3 * 2 * 400_000);
    const quoted = await quote({ roomId: 'executive', packageIndex: 0, rooms: 2, checkIn, checkOut });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual({
      lines: asQuoted(expected.lines),
      taxablePaise: 2_400_000,
      cgstPaise: 3 * 2 * 10_000,
      sgstPaise: 3 * 2 * 10_000,
    });
    const confirmed = await book({ roomId: 'executive', packageIndex: 0, rooms: 2, checkIn, checkOut });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.booking).toMatchObject({
      packageIndex: 0,
      taxablePaise: 2_400_000,
      cgstPaise: 60_000,
      sgstPaise: 60_000,
      totalPrice: 24_000,
    });
    expect(confirmed.body.booking).not.toHaveProperty('guests');
    const { bookingId } = confirmed.body.booking;
    const lookup = await api(server.url, `/api/bookings/${bookingId}`, { headers: { 'x-guest-key': confirmed.guestKey } });
    expect(lookup.body.booking).toMatchObject({ packageIndex: 0, taxablePaise: 2_400_000 });
    expect(lookup.body.booking).not.toHaveProperty('guests');
    expect(await invoiceOf(bookingId)).toMatchObject({
      lines: expected.lines,
      taxablePaise: 2_400_000,
      cgstPaise: 60_000,
      sgstPaise: 60_000,
    });
    const { rows } = await db.pool.query<{ guests: unknown }>('SELECT guests FROM bookings WHERE booking_id = $1', [bookingId]);
    expect(rows[0]!.guests).toBeNull();

    // Guests that are what the price includes cost nothing more, and are kept as said.
    const included = [
      { adults: 2, childAges: [] },
      { adults: 1, childAges: [3] },
    ];
    const same = await book({ roomId: 'executive', rooms: 2, checkIn, checkOut, guests: included });
    expect(same.status).toBe(201);
    expect(same.body.booking).toMatchObject({ taxablePaise: 2_400_000, guests: included, packageIndex: 0 });
    const sameLookup = await api(server.url, `/api/bookings/${same.body.booking.bookingId}`, { headers: { 'x-guest-key': same.guestKey } });
    expect(sameLookup.body.booking.guests).toEqual(included);
  });

  test('refused: a plan that is off, too many adults, too many children, guests for more rooms than booked; nothing is taken', async () => {
    const checkIn = freshNights();
    const checkOut = addDays(checkIn, 2);
    const before = await availability(checkIn, checkOut);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ roomId: 'executive', packageIndex: 2 }, 'Half Board (MAP) is not offered for the Suit Room now. Please choose another.'],
      [{ roomId: 'deluxe', packageIndex: 3 }, 'Full Board (AP) is not offered for the Classic Room now. Please choose another.'],
      [{ roomId: 'executive', guests: [{ adults: 4, childAges: [] }] }, 'A Suit Room takes at most 3 adults.'],
      [
        {
          roomId: 'deluxe',
          rooms: 2,
          guests: [
            { adults: 2, childAges: [] },
            { adults: 1, childAges: [7, 2] },
          ],
        },
        'A Classic Room takes at most 1 child.',
      ],
      [
        {
          roomId: 'deluxe',
          rooms: 1,
          guests: [
            { adults: 2, childAges: [] },
            { adults: 2, childAges: [] },
          ],
        },
        'Guests were given for more rooms than the 1 booked.',
      ],
    ];
    for (const [stay, message] of refusals) {
      const refused = await book({ rooms: 1, ...stay, checkIn, checkOut });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 409, body: { error: 'Conflict', message } });
      // The quote before Confirm says the same.
      const guests = stay.guests as RoomGuests[] | undefined;
      const quoted = await quote({
        roomId: stay.roomId as string,
        packageIndex: (stay.packageIndex as number | undefined) ?? 0,
        rooms: (stay.rooms as number | undefined) ?? 1,
        checkIn,
        checkOut,
        ...(guests ? { guests: guestsParam(guests) } : {}),
      });
      expect({ status: quoted.status, body: quoted.body }).toEqual({ status: 409, body: { error: 'Conflict', message } });
    }
    // Nothing stored, no room taken.
    expect(await bookingsOn('deluxe', checkIn)).toBe(0);
    expect(await bookingsOn('executive', checkIn)).toBe(0);
    expect((await availability(checkIn, checkOut)).body).toEqual(before.body);

    // The payment policy's figures are the same rule: a plan that is off is refused there too.
    const policy = await api(server.url, `/api/payment-policy?roomId=executive&checkIn=${checkIn}&checkOut=${checkOut}&packageIndex=2`);
    expect(policy.status).toBe(409);
    expect(policy.body.message).toBe('Half Board (MAP) is not offered for the Suit Room now. Please choose another.');
    const withGuests = await api(server.url, `/api/payment-policy?roomId=executive&checkIn=${checkIn}&checkOut=${checkOut}&guests=3:7`);
    expect(withGuests.status).toBe(200);
    const fee = modelStay(
      nightsOf(checkIn, checkOut).map((night) => ({ night, pricePaise: basePrice.executive })),
      1,
      [{ adults: 3, childAges: [7] }],
      seeded('executive'),
      0,
    );
    expect(withGuests.body.due.totalPaise).toBe(fee.totalPaise);

    // Not a plan of this hotel, or guests not in the query's form: 400, and nothing stored.
    const seven = await quote({ roomId: 'deluxe', packageIndex: 7, rooms: 1, checkIn, checkOut });
    expect(seven.status).toBe(400);
    expect(seven.body.message).toBe('packageIndex: is not a meal plan of this hotel');
    const sevenBooked = await book({ roomId: 'deluxe', packageIndex: 7, checkIn, checkOut });
    expect(sevenBooked.status).toBe(400);
    expect(sevenBooked.body.message).toBe('packageIndex: is not a meal plan of this hotel');
    for (const malformed of ['two', '2:', '2:7,', '0', '2,2,2,2', '2:18', '2;7']) {
      const bad = await quote({ roomId: 'deluxe', packageIndex: 0, rooms: 1, checkIn, checkOut, guests: malformed });
      expect({ malformed, status: bad.status }).toEqual({ malformed, status: 400 });
      expect(bad.body.message).toMatch(/^guests: /);
    }
    const badAge = await book({ roomId: 'deluxe', checkIn, checkOut, guests: [{ adults: 2, childAges: [18] }] });
    expect(badAge.status).toBe(400);
    expect(await bookingsOn('deluxe', checkIn)).toBe(0);
    expect((await availability(checkIn, checkOut)).body).toEqual(before.body);
  });

  test('the owner sets a type’s guests and plans: refused when no plan is on, owners only, unknown types 404, audited', async () => {
    const options: StayOptions = {
      guestRules: {
        includedAdults: 2,
        maxAdults: 4,
        maxChildren: 2,
        extraAdultPaise: 120_000,
        extraChildPaise: 40_000,
        childFreeBelowAge: 5,
      },
      plans: [
        { packageIndex: 0, enabled: true, pricePaise: 0, per: 'room' },
        { packageIndex: 1, enabled: true, pricePaise: 0, per: 'room' },
        { packageIndex: 2, enabled: true, pricePaise: 65_000, per: 'person' },
        { packageIndex: 3, enabled: false, pricePaise: 110_000, per: 'person' },
      ],
    };
    const noPlan = await setOptions('deluxe', { ...options, plans: options.plans.map((p) => ({ ...p, enabled: false })) });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('Turn on at least one meal plan: the room is sold with it.');
    const tooFew = await setOptions('deluxe', { ...options, guestRules: { ...options.guestRules, includedAdults: 3, maxAdults: 2 } });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toBe('The adults the price includes cannot be more than the most adults a room takes.');
    expect((await setOptions('penthouse', options)).status).toBe(404);
    const path = '/api/admin/room-types/deluxe/stay-options';
    const byDesk = await api(server.url, path, { method: 'PUT', body: options, headers: desk.headers });
    expect(byDesk.status).toBe(403);
    expect((await api(server.url, path, { method: 'PUT', body: options })).status).toBe(401);
    // None of those changed anything.
    const unchanged = await owner('/api/admin/prices?days=1', 'GET');
    expect(unchanged.body.roomTypes.find((t: { roomId: string }) => t.roomId === 'deluxe')).toMatchObject(seeded('deluxe'));

    const saved = await setOptions('deluxe', options);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ roomId: 'deluxe', title: 'Classic Room', ...options });
    const after = await owner('/api/admin/prices?days=1', 'GET');
    expect(after.body.roomTypes.find((t: { roomId: string }) => t.roomId === 'deluxe')).toMatchObject(options);
    const checkIn = freshNights();
    const shown = await availability(checkIn, addDays(checkIn, 1));
    expect(shown.body.rooms[0]).toMatchObject({
      roomId: 'deluxe',
      guestRules: options.guestRules,
      plans: [
        { packageIndex: 0, pricePaise: 0, per: 'room' },
        { packageIndex: 1, pricePaise: 0, per: 'room' },
        { packageIndex: 2, pricePaise: 65_000, per: 'person' },
      ],
    });
    const audit = await owner('/api/admin/settings-audit', 'GET');
    expect(audit.body.items[0]).toMatchObject({
      username: 'admin',
      subject: 'stay options deluxe',
      oldValue: seeded('deluxe'),
      newValue: options,
    });
    // Back as seeded, for the tests after.
    expect((await setOptions('deluxe', seeded('deluxe'))).status).toBe(200);
  });

  test('any plan settings, guests, rooms and stay: the quote and the stored booking are the rule’s, to the paisa', async () => {
    const plan = fc.record({
      enabled: fc.boolean(),
      pricePaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 250_000 })),
      per: fc.constantFrom<Per>('room', 'person'),
    });
    const scenario = fc
      .record({
        roomId: fc.constantFrom<RoomId>('deluxe', 'executive'),
        includedAdults: fc.integer({ min: 1, max: 3 }),
        moreAdults: fc.integer({ min: 0, max: 2 }),
        maxChildren: fc.integer({ min: 0, max: 3 }),
        extraAdultPaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300_000 })),
        extraChildPaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
        childFreeBelowAge: fc.integer({ min: 0, max: 18 }),
        plans: fc.tuple(plan, plan, plan, plan),
        packageIndex: fc.integer({ min: 0, max: 3 }),
        rooms: fc.integer({ min: 1, max: 3 }),
        nights: fc.integer({ min: 1, max: 4 }),
        // A room price on one night of the stay near the ₹7,500 slab's edge, so that a room's extras push it over (or not).
        // Sometimes exactly on it: the first room's whole night ₹7,499.99, ₹7,500.00 or ₹7,500.01.
        nearEdge: fc.option(
          fc.record({
            night: fc.nat(),
            pricePaise: fc.integer({ min: 600_000, max: 750_001 }),
            onEdge: fc.option(fc.integer({ min: -1, max: 1 }), { nil: undefined }),
          }),
          { nil: undefined },
        ),
        // Who sleeps in each room: absent, or said for the first rooms (the rest: those the price includes).
        guestsSaid: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        // A child's age: any, or one either side of (or at) the age children stay free below.
        guests: fc.array(
          fc.record({
            adults: fc.nat(),
            children: fc.array(
              fc.oneof(
                fc.integer({ min: 0, max: 17 }),
                fc.constantFrom(-1, 0, 1).map((d) => ({ d })),
              ),
              { maxLength: 3 },
            ),
          }),
          {
            minLength: 3,
            maxLength: 3,
          },
        ),
      })
      .map((s) => {
        const maxAdults = s.includedAdults + s.moreAdults;
        const options: StayOptions = {
          guestRules: {
            includedAdults: s.includedAdults,
            maxAdults,
            maxChildren: s.maxChildren,
            extraAdultPaise: s.extraAdultPaise,
            extraChildPaise: s.extraChildPaise,
            childFreeBelowAge: s.childFreeBelowAge,
          },
          // The stay's own plan is on; the others as drawn.
          plans: s.plans.map((p, packageIndex) => ({ packageIndex, ...p, enabled: p.enabled || packageIndex === s.packageIndex })),
        };
        const guests: RoomGuests[] | null =
          s.guestsSaid === undefined
            ? null
            : s.guests.slice(0, Math.min(s.guestsSaid, s.rooms)).map((g) => ({
                adults: 1 + (g.adults % maxAdults),
                childAges: g.children
                  .slice(0, s.maxChildren)
                  .map((age) => (typeof age === 'number' ? age : Math.min(17, Math.max(0, s.childFreeBelowAge + age.d)))),
              }));
        return { ...s, options, guests };
      });

    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const checkIn = propertyNights();
        const checkOut = addDays(checkIn, s.nights);
        const saved = await setOptions(s.roomId, s.options);
        expect(saved.status).toBe(200);
        const prices = nightsOf(checkIn, checkOut).map((night) => ({ night, pricePaise: basePrice[s.roomId] }));
        if (s.nearEdge) {
          const edge = prices[s.nearEdge.night % prices.length]!;
          const firstRoom = s.guests?.[0] ?? { adults: s.options.guestRules.includedAdults, childAges: [] };
          const onEdge =
            s.nearEdge.onEdge === undefined ? null : 750_000 + s.nearEdge.onEdge - roomExtra(s.options, s.packageIndex, firstRoom);
          edge.pricePaise = onEdge !== null && onEdge >= 0 ? onEdge : s.nearEdge.pricePaise;
          const rule = await owner('/api/admin/price-rules', 'POST', {
            roomId: s.roomId,
            firstNight: edge.night,
            lastNight: edge.night,
            pricePaise: edge.pricePaise,
          });
          expect(rule.status).toBe(201);
        }
        const expected = modelStay(prices, s.rooms, s.guests, s.options, s.packageIndex);

        const quoted = await quote({
          roomId: s.roomId,
          packageIndex: s.packageIndex,
          rooms: s.rooms,
          checkIn,
          checkOut,
          ...(s.guests ? { guests: guestsParam(s.guests) } : {}),
        });
        expect(quoted.status).toBe(200);
        expect(quoted.body).toEqual({
          lines: asQuoted(expected.lines),
          taxablePaise: expected.taxablePaise,
          cgstPaise: expected.cgstPaise,
          sgstPaise: expected.sgstPaise,
        });

        const confirmed = await book({
          roomId: s.roomId,
          packageIndex: s.packageIndex,
          rooms: s.rooms,
          checkIn,
          checkOut,
          ...(s.guests ? { guests: s.guests } : {}),
        });
        expect(confirmed.status).toBe(201);
        const { bookingId } = confirmed.body.booking;
        const stored = { taxablePaise: expected.taxablePaise, cgstPaise: expected.cgstPaise, sgstPaise: expected.sgstPaise };
        expect(confirmed.body.booking).toMatchObject({
          ...stored,
          packageIndex: s.packageIndex,
          totalPrice: Math.floor((expected.taxablePaise + 50) / 100),
        });
        // What the quote said is what the confirm stored.
        expect({ taxablePaise: quoted.body.taxablePaise, cgstPaise: quoted.body.cgstPaise, sgstPaise: quoted.body.sgstPaise }).toEqual(
          stored,
        );
        const lookup = await api(server.url, `/api/bookings/${bookingId}`, { headers: { 'x-guest-key': confirmed.guestKey } });
        expect(lookup.body.booking).toMatchObject({ ...stored, packageIndex: s.packageIndex });
        if (s.guests) expect(lookup.body.booking.guests).toEqual(s.guests);
        else expect(lookup.body.booking).not.toHaveProperty('guests');
        // The invoice: each line at its own rate, the sums the lines'.
        expect(await invoiceOf(bookingId)).toMatchObject({ lines: expected.lines, ...stored, totalPaise: expected.totalPaise });
      }),
      { numRuns: 25 },
    );
    for (const roomId of ['deluxe', 'executive'] as const) expect((await setOptions(roomId, seeded(roomId))).status).toBe(200);
  });

  test('a slab is chosen on the whole room-night: ₹7,000 with an extra adult’s ₹1,000 is taxed at 18%, the room beside it at 5%', async () => {
    expect((await setOptions('executive', seeded('executive'))).status).toBe(200);
    const checkIn = freshNights();
    const checkOut = addDays(checkIn, 1);
    expect(
      (await owner('/api/admin/price-rules', 'POST', { roomId: 'executive', firstNight: checkIn, lastNight: checkIn, pricePaise: 700_000 }))
        .status,
    ).toBe(201);
    const guests = [
      { adults: 3, childAges: [] },
      { adults: 2, childAges: [4] },
    ];
    const quoted = await quote({ roomId: 'executive', packageIndex: 0, rooms: 2, checkIn, checkOut, guests: '3,2:4' });
    // Figures written by hand: ₹8,000 at 9% + 9%; ₹7,000 (a child of 4 stays free) at 2.5% + 2.5%.
    expect(quoted.body).toEqual({
      lines: [
        { night: checkIn, rooms: 1, pricePaise: 700_000, taxablePaise: 700_000, cgstPaise: 17_500, sgstPaise: 17_500 },
        { night: checkIn, rooms: 1, pricePaise: 800_000, taxablePaise: 800_000, cgstPaise: 72_000, sgstPaise: 72_000 },
      ],
      taxablePaise: 1_500_000,
      cgstPaise: 89_500,
      sgstPaise: 89_500,
    });
    const confirmed = await book({ roomId: 'executive', rooms: 2, checkIn, checkOut, guests: [...guests].reverse() });
    expect(confirmed.body.booking).toMatchObject({ taxablePaise: 1_500_000, cgstPaise: 89_500, sgstPaise: 89_500 });
    const invoice = await invoiceOf(confirmed.body.booking.bookingId);
    expect(invoice.lines.map((l: InvoiceLine) => [l.pricePaise, l.rooms, l.cgstBasisPoints, l.sgstBasisPoints])).toEqual([
      [700_000, 1, 250, 250],
      [800_000, 1, 900, 900],
    ]);
  });

  test('a manage change keeps the plan and the guests (the first rooms’ when rooms go down) and is priced again by the rule', async () => {
    const options: StayOptions = {
      guestRules: { ...seededRules('executive'), extraChildPaise: 70_000 },
      plans: seededPlans.map((p) => (p.packageIndex === 2 ? { ...p, enabled: true } : p)),
    };
    expect((await setOptions('executive', options)).status).toBe(200);
    const checkIn = freshNights();
    const guests = [
      { adults: 3, childAges: [] },
      { adults: 2, childAges: [9, 2] },
      { adults: 1, childAges: [] },
    ];
    const confirmed = await book({ roomId: 'executive', packageIndex: 2, rooms: 3, checkIn, checkOut: addDays(checkIn, 2), guests });
    expect(confirmed.status).toBe(201);
    const before = modelStay(
      nightsOf(checkIn, addDays(checkIn, 2)).map((night) => ({ night, pricePaise: basePrice.executive })),
      3,
      guests,
      options,
      2,
    );
    expect(confirmed.body.booking).toMatchObject({ taxablePaise: before.taxablePaise, cgstPaise: before.cgstPaise });
    const { bookingId, invoiceNumber } = confirmed.body.booking;
    const token = await tokenOf(bookingId);

    // Moved a week on, one night longer, on a price rule's nights, with two rooms: the first two rooms' guests stay.
    const newIn = addDays(checkIn, 7);
    const newOut = addDays(newIn, 3);
    expect(
      (await owner('/api/admin/price-rules', 'POST', { roomId: 'executive', firstNight: newIn, lastNight: newIn, pricePaise: 680_000 }))
        .status,
    ).toBe(201);
    const after = modelStay(
      nightsOf(newIn, newOut).map((night) => ({ night, pricePaise: night === newIn ? 680_000 : basePrice.executive })),
      2,
      guests.slice(0, 2),
      options,
      2,
    );
    const change = { checkIn: newIn, checkOut: newOut, rooms: 2 };
    const quoted = await api(server.url, '/api/manage/quote', { method: 'POST', body: change, headers: { 'x-manage-token': token } });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({
      totalPrice: Math.floor((after.taxablePaise + 50) / 100),
      previousTotal: Math.floor((before.taxablePaise + 50) / 100),
    });
    const changed = await api(server.url, '/api/manage', { method: 'PUT', body: change, headers: { 'x-manage-token': token } });
    expect(changed.status).toBe(200);
    expect(changed.body.booking).toMatchObject({
      packageIndex: 2,
      guests: guests.slice(0, 2),
      rooms: 2,
      taxablePaise: after.taxablePaise,
      cgstPaise: after.cgstPaise,
      sgstPaise: after.sgstPaise,
      invoiceNumber,
    });
    expect(await invoiceOf(bookingId)).toMatchObject({ lines: after.lines, taxablePaise: after.taxablePaise, cgstPaise: after.cgstPaise });
    const { rows } = await db.pool.query<{ guests: unknown; package_index: number }>(
      'SELECT guests, package_index FROM bookings WHERE booking_id = $1',
      [bookingId],
    );
    expect(rows[0]).toEqual({ guests: guests.slice(0, 2), package_index: 2 });

    // Three rooms again: the third has the adults its price includes.
    const token2 = await tokenOf(bookingId);
    const grown = await api(server.url, '/api/manage', {
      method: 'PUT',
      body: { ...change, rooms: 3 },
      headers: { 'x-manage-token': token2 },
    });
    expect(grown.status).toBe(200);
    const three = modelStay(
      nightsOf(newIn, newOut).map((night) => ({ night, pricePaise: night === newIn ? 680_000 : basePrice.executive })),
      3,
      guests.slice(0, 2),
      options,
      2,
    );
    expect(grown.body.booking).toMatchObject({
      rooms: 3,
      taxablePaise: three.taxablePaise,
      cgstPaise: three.cgstPaise,
      guests: guests.slice(0, 2),
    });

    // The owner has since stopped selling Half Board: the change is refused in the guest's words, and the booking stays as it was.
    expect((await setOptions('executive', seeded('executive'))).status).toBe(200);
    const token3 = await tokenOf(bookingId);
    const refused = await api(server.url, '/api/manage', {
      method: 'PUT',
      body: { ...change, checkIn: addDays(newIn, 1) },
      headers: { 'x-manage-token': token3 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Half Board (MAP) is not offered for the Suit Room now. Please choose another.');
    expect(await invoiceOf(bookingId)).toMatchObject({ lines: three.lines, taxablePaise: three.taxablePaise });
  });

  test('a phone booking at the desk with guests is priced by the same rule', async () => {
    const options: StayOptions = {
      guestRules: {
        includedAdults: 1,
        maxAdults: 3,
        maxChildren: 1,
        extraAdultPaise: 90_000,
        extraChildPaise: 45_000,
        childFreeBelowAge: 8,
      },
      plans: seededPlans.map((p) => (p.packageIndex === 3 ? { ...p, enabled: true, per: 'person' as const, pricePaise: 115_000 } : p)),
    };
    expect((await setOptions('deluxe', options)).status).toBe(200);
    const checkIn = freshNights();
    const checkOut = addDays(checkIn, 2);
    const guests = [
      { adults: 3, childAges: [10] },
      { adults: 1, childAges: [5] },
    ];
    const expected = modelStay(
      nightsOf(checkIn, checkOut).map((night) => ({ night, pricePaise: basePrice.deluxe })),
      2,
      guests,
      options,
      3,
    );
    const body = {
      draftId: randomUUID(),
      channel: 'phone',
      roomId: 'deluxe',
      packageIndex: 3,
      rooms: 2,
      checkIn,
      checkOut,
      email: 'phone.guest@example.com',
      guests,
    };
    const made = await api(server.url, '/api/admin/desk/bookings', { method: 'POST', body, headers: desk.headers });
    expect(made.status).toBe(201);
    expect(made.body.booking).toMatchObject({
      packageIndex: 3,
      guests,
      taxablePaise: expected.taxablePaise,
      cgstPaise: expected.cgstPaise,
      sgstPaise: expected.sgstPaise,
    });
    expect(await invoiceOf(made.body.booking.bookingId)).toMatchObject({ lines: expected.lines, taxablePaise: expected.taxablePaise });
    // The desk is held to the owner's limits as a guest is.
    const tooMany = await api(server.url, '/api/admin/desk/bookings', {
      method: 'POST',
      body: { ...body, draftId: randomUUID(), guests: [{ adults: 2, childAges: [3, 4] }] },
      headers: desk.headers,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('A Classic Room takes at most 1 child.');
    expect((await setOptions('deluxe', seeded('deluxe'))).status).toBe(200);
  });

  test('a booking held for its first night’s payment owes every room’s first night, as the payment policy quoted it', async () => {
    expect((await setOptions('executive', seeded('executive'))).status).toBe(200);
    // A hotel taking payments (Razorpay's stand-in on loopback): the policy is the first night's price.
    const stand = await startPaymentsStand(db);
    try {
      const checkIn = freshNights();
      const checkOut = addDays(checkIn, 3);
      const guests = [
        { adults: 2, childAges: [] },
        { adults: 3, childAges: [] },
      ];
      const expected = modelStay(
        nightsOf(checkIn, checkOut).map((night) => ({ night, pricePaise: basePrice.executive })),
        2,
        guests,
        seeded('executive'),
        0,
      );
      // The first night: a room at ₹4,000 and one at ₹5,000 (a third adult), each with its 5%.
      const firstNight = expected.lines.filter((line) => line.night === checkIn);
      const firstNightPaise = firstNight.reduce((sum, line) => sum + line.taxablePaise + line.cgstPaise + line.sgstPaise, 0);
      expect(firstNightPaise).toBe(420_000 + 525_000);
      const policy = await api(
        stand.server.url,
        `/api/payment-policy?roomId=executive&rooms=2&checkIn=${checkIn}&checkOut=${checkOut}&guests=${guestsParam(guests)}`,
      );
      expect(policy.body).toMatchObject({ kind: 'first_night', due: { totalPaise: expected.totalPaise, dueNowPaise: firstNightPaise } });

      const body = confirmBody({ roomId: 'executive', rooms: 2, checkIn, checkOut, guests });
      const held = await api(stand.server.url, '/api/bookings', { method: 'POST', body });
      expect(held.status).toBe(201);
      expect(held.body.booking).toMatchObject({ status: 'awaiting_payment', taxablePaise: expected.taxablePaise });
      const link = await api(stand.server.url, `/api/bookings/${held.body.booking.bookingId}/payment`, {
        method: 'POST',
        headers: { 'x-guest-key': body.guestKey },
      });
      expect(link.status).toBe(200);
      expect(link.body.payment).toMatchObject({ status: 'awaiting_payment', dueNowPaise: firstNightPaise });
    } finally {
      await stand.close();
      await saveGatewayReady(db.pool, false);
    }
  });
});

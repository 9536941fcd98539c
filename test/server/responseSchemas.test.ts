import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { App, AppOptions } from '../../server/app';
import { hotelToday } from '../../server/bookingRules';
import type { Database } from '../../server/db/database';
import { manageSecret, manageToken } from '../../server/mail/manageLink';
import { createPayments } from '../../server/payments/payments';
import { returnSignature } from '../../server/payments/signatures';
import { webhookRoute } from '../../server/plugins/sameOrigin';
import { saveGatewayReady } from '../../server/payments/paymentQueries';
import { routeAnswers } from '../../server/plugins/responses';
import { addDays } from '../../src/domain/dates';
import { airbnbCalendar, startFeedServer } from './support/feedServer';
import { send } from './support/hostileInputs';
import type { Answer } from './support/hostileInputs';
import { paymentsConfig, razorpaySecrets, signedWebhook, startPaymentsStand } from './support/payments';
import { confirmBody } from './support/stays';
import { databaseKinds, freePort, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { createAdmin, signIn, unlimited } from './support/testServer';

/**
 * Issue 35, item 2: every route answers in the shape it declares, for every status it can answer.
 * The admin invoice's schema knew two of a booking's five statuses, so the desk's invoice answered
 * 500 as soon as the guest checked in. Here every API route (server/plugins/responses.ts lists
 * them and what each declares) is sent a request for each status it declares, and each answer's
 * body is checked against the schema of its status: the route's own answers (200, 404, 409 …),
 * and the ones every route of its kind makes through the shared hooks (400, 401, 403, 413, 415,
 * 500, 503, always `{ error, message }`). The last test checks that nothing was left unsent.
 */

type Route = ReturnType<typeof routeAnswers>[number];
const owner = 'owner';
const desk = 'desk';
/** A guest from abroad as the Form C screen sends one (issue 40). */
const formCGuest = {
  fullName: 'Anna Schmidt',
  nationality: 'German',
  passportNumber: 'Z9876543Q',
  passportIssueDate: '2020-01-15',
  passportIssuePlace: 'Berlin',
  passportExpiry: '2030-01-14',
  visaNumber: '',
  visaType: '',
  visaIssueDate: '',
  visaExpiry: '',
  arrivalInIndia: '',
  arrivedFrom: '',
  nextDestination: '',
  addressInIndia: '',
  arrivalAtHotel: '',
};

describe.each(databaseKinds)('response schemas on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: App;
  let later: App;
  let base = '';
  let laterBase = '';
  let routes: Route[] = [];
  /** "GET /api/x" → the statuses seen, and the answers that broke their schema. */
  const seen = new Map<string, Set<string>>();
  const problems: string[] = [];
  const sessions: Record<string, { cookie: string; csrf: string }> = {};
  const today = hotelToday();
  let addressCount = 0;
  /** Every request comes from its own address (behind the trusted "proxy" at 127.0.0.1), unless it means to share one. */
  const freshAddress = () => `10.${Math.floor(++addressCount / 250) % 250}.${addressCount % 250}.${1 + (addressCount % 200)}`;

  const limits = {
    ...unlimited,
    lookupsPerMinute: 5,
    bookingsPerAddressPerHour: 3,
    bookingsPerAddressPerDay: 100,
    bookingsPerEmailPerDay: 100,
    horizonDays: 365,
    maxRoomNights: 42,
  };
  /** Channel calendars are read from a feed server on this machine (test/server/support/feedServer.ts). */
  const channels = {
    syncMinutes: 10,
    fetch: { timeoutMs: 1_500, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: ['127.0.0.1'] },
  };

  async function start(options: Partial<AppOptions>): Promise<[App, string]> {
    const built = await buildApp({ db, trustProxy: '127.0.0.1', limits, channels, ...options });
    await built.listen({ port: 0, host: '127.0.0.1' });
    return [built, `http://127.0.0.1:${(built.server.address() as { port: number }).port}`];
  }

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await createAdmin(db);
    [app, base] = await start({});
    // A day three days on at the desk: a guest arriving tomorrow is a no-show there.
    [later, laterBase] = await start({ now: () => new Date(Date.now() + 3 * 86_400_000) });
    routes = routeAnswers(app);
    const session = await signIn(base);
    sessions[owner] = { cookie: session.cookie, csrf: session.csrfToken };
  });
  afterAll(async () => {
    await app?.close();
    await later?.close();
    await database?.remove();
  });

  /** The route a concrete request reaches, as declared ("POST /api/bookings/:bookingId/status"). */
  function routeOf(method: string, template: string): Route {
    const route = routes.find((r) => r.url === template && r.method.split(',').includes(method));
    if (!route) throw new Error(`no route ${method} ${template}`);
    return route;
  }

  /** The schema an answer must meet: the status's, or for a file the one of its content type. */
  function schemaFor(route: Route, answer: Answer): TSchema | null {
    const declared = route.schemas[String(answer.status)] as (TSchema & { content?: Record<string, { schema: TSchema }> }) | undefined;
    if (!declared) return null;
    if (!declared.content) return declared;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]!;
    return declared.content[type]?.schema ?? null;
  }

  interface Request {
    method?: string;
    /** The route as declared, e.g. /api/bookings/:bookingId. */
    route: string;
    /** The path sent (default: the route). */
    path?: string;
    body?: unknown;
    /** Sent as it is, with this content type. */
    raw?: { type: string; text: string };
    as?: string;
    headers?: Record<string, string>;
    /** Without the site's own header (X-Requested-With), as another site's form would send it. */
    bare?: boolean;
    /** Without a session's CSRF token. */
    noCsrf?: boolean;
    address?: string;
    server?: string;
  }

  /** Sends the request, expects the status, checks the body against the route's schema for it, and notes it seen. */
  async function expectAnswer(status: number, request: Request): Promise<Answer> {
    const method = request.method ?? 'GET';
    const headers: Record<string, string> = { 'x-forwarded-for': request.address ?? freshAddress() };
    if (!request.bare) headers['x-requested-with'] = 'hotel-site';
    if (request.as) {
      headers.cookie = sessions[request.as]!.cookie;
      if (!request.noCsrf) headers['x-csrf-token'] = sessions[request.as]!.csrf;
    }
    let body: string | undefined;
    if (request.raw) {
      headers['content-type'] = request.raw.type;
      body = request.raw.text;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    // A redirect is the route's answer (Razorpay's return: 303), not the page it leads to.
    const answer = await send((request.server ?? base) + (request.path ?? request.route), {
      method,
      headers: { ...headers, ...request.headers },
      body,
      redirect: 'manual',
    });
    const name = `${method} ${request.route}`;
    expect({ name, status: answer.status, body: answer.status === status ? null : answer.text.slice(0, 300) }).toEqual({
      name,
      status,
      body: null,
    });
    const route = routeOf(method, request.route);
    const schema = schemaFor(route, answer);
    if (!schema) problems.push(`${name} ${status}: no schema declared for it`);
    else {
      // No body (a 204, a redirect's 303) is null, which only a schema of no content allows.
      const value = answer.status === 204 || answer.text === '' ? null : (answer.json ?? answer.text);
      if (!Value.Check(schema, value)) {
        const first = [...Value.Errors(schema, value)][0];
        problems.push(`${name} ${status}: ${first?.path} ${first?.message} in ${answer.text.slice(0, 200)}`);
      }
    }
    const statuses = seen.get(`${route.method} ${route.url}`) ?? new Set<string>();
    statuses.add(String(status));
    seen.set(`${route.method} ${route.url}`, statuses);
    return answer;
  }

  let nightOffset = 60;
  /** A stay on nights no other request of this file uses. */
  function nights(count = 1) {
    nightOffset += count + 1;
    return { checkIn: addDays(today, nightOffset), checkOut: addDays(today, nightOffset + count) };
  }
  async function book(overrides: Record<string, unknown> = {}, server = base) {
    const body = confirmBody({ roomId: 'deluxe', ...nights(), ...overrides });
    const answer = await expectAnswer(201, { method: 'POST', route: '/api/bookings', body, server });
    return { ...body, bookingId: answer.json.booking.bookingId as string };
  }
  async function tokenOf(bookingId: string) {
    const { rows } = await db.pool.query<{ v: number }>('SELECT manage_version AS v FROM bookings WHERE booking_id = $1', [bookingId]);
    return manageToken(await manageSecret(db.pool), bookingId, rows[0]!.v);
  }
  /** The sixth request of the same kind from one address, past the lookups' limit of five a minute. */
  async function pastLookupLimit(request: Request) {
    const address = freshAddress();
    for (let n = 0; n < limits.lookupsPerMinute; n++)
      await send((request.server ?? base) + (request.path ?? request.route), {
        method: request.method ?? 'GET',
        headers: {
          'x-forwarded-for': address,
          'x-requested-with': 'hotel-site',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
    return expectAnswer(429, { ...request, address });
  }

  test('the guest’s routes: booking, lookups, the invoice, the email, the manage link', async () => {
    await expectAnswer(200, { route: '/api/health' });
    await expectAnswer(200, { route: '/api/ready' });
    const stay = nights();
    await expectAnswer(200, { route: '/api/availability', path: `/api/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}` });
    await expectAnswer(400, { route: '/api/availability', path: `/api/availability?checkIn=${stay.checkOut}&checkOut=${stay.checkIn}` });
    // Past the horizon: the stay gate's 409, as a confirm of those dates gets.
    await expectAnswer(409, {
      route: '/api/availability',
      path: `/api/availability?checkIn=${addDays(today, 400)}&checkOut=${addDays(today, 401)}`,
    });
    // Issue 40: the quote before Confirm, its meal plan and guests too: priced; not a plan of the
    // hotel, guests not in the query's form (400); a plan the owner has not turned on (409).
    const quoteOf = (query: string) => ({
      route: '/api/stay-quote',
      path: `/api/stay-quote?roomId=executive&rooms=2&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&${query}`,
    });
    const quoted = await expectAnswer(200, quoteOf('packageIndex=0&guests=3:7.4,2'));
    expect(quoted.json.lines.map((line: { rooms: number }) => line.rooms)).toEqual([1, 1]);
    await expectAnswer(400, quoteOf('packageIndex=7'));
    await expectAnswer(400, quoteOf('packageIndex=0&guests=two'));
    const planOff = await expectAnswer(409, quoteOf('packageIndex=2'));
    expect(planOff.json.message).toBe('Half Board (MAP) is not offered for the Suit Room now. Please choose another.');

    // A confirm: stored, retried, refused for its dates, over the room-nights cap, past the address's limit.
    const guest = await book({ email: 'Guest.One@example.com' });
    await expectAnswer(200, { method: 'POST', route: '/api/bookings', body: guest });
    await expectAnswer(400, {
      method: 'POST',
      route: '/api/bookings',
      body: confirmBody({ checkIn: addDays(today, 5), checkOut: addDays(today, 4) }),
    });
    const capped = await expectAnswer(409, {
      method: 'POST',
      route: '/api/bookings',
      body: confirmBody({ roomId: 'deluxe', rooms: 3, ...nights(15) }),
    });
    expect(capped.json.message).toMatch(/^One booking can hold at most 42 room-nights/);
    const address = freshAddress();
    for (let n = 0; n < 3; n++) await expectAnswer(201, { method: 'POST', route: '/api/bookings', body: confirmBody(nights()), address });
    await expectAnswer(429, { method: 'POST', route: '/api/bookings', body: confirmBody(nights()), address });
    // Rooms run out: the answer keeps the fields the screen reads (roomId, left).
    const full = nights();
    await book({ roomId: 'executive', rooms: 3, ...full });
    const gone = await expectAnswer(409, {
      method: 'POST',
      route: '/api/bookings',
      body: confirmBody({ roomId: 'executive', rooms: 3, ...full }),
    });
    expect(gone.json).toEqual({ error: 'Conflict', message: 'Only 1 Suit Room is left for those dates.', roomId: 'executive', left: 1 });

    // Reading a booking: whole with its key, its outline without, 404 unknown, 429 past the lookups' limit.
    const byKey = await expectAnswer(200, {
      route: '/api/bookings/:bookingId',
      path: `/api/bookings/${guest.bookingId}`,
      headers: { 'x-guest-key': guest.guestKey },
    });
    expect(byKey.json.booking).toMatchObject({ bookingId: guest.bookingId, email: 'Guest.One@example.com', status: 'confirmed' });
    const outline = await expectAnswer(200, { route: '/api/bookings/:bookingId', path: `/api/bookings/${guest.bookingId}` });
    expect(outline.json).toEqual({ booking: { bookingId: guest.bookingId, checkIn: guest.checkIn, checkOut: guest.checkOut } });
    await expectAnswer(404, { route: '/api/bookings/:bookingId', path: '/api/bookings/BK100000' });
    await pastLookupLimit({ route: '/api/bookings/:bookingId', path: `/api/bookings/${guest.bookingId}` });

    const lookup = { method: 'POST', route: '/api/bookings/lookup', body: { bookingId: guest.bookingId, email: 'guest.one@example.com' } };
    await expectAnswer(200, lookup);
    await expectAnswer(404, { ...lookup, body: { bookingId: guest.bookingId, email: 'someone@example.com' } });
    await pastLookupLimit(lookup);

    // The invoice, by every proof the guest may hold (issue 34), and none.
    const invoicePath = `/api/bookings/${guest.bookingId}/invoice`;
    const invoiceRoute = '/api/bookings/:bookingId/invoice';
    await expectAnswer(200, { route: invoiceRoute, path: invoicePath, headers: { 'x-guest-key': guest.guestKey } });
    await expectAnswer(200, { route: invoiceRoute, path: invoicePath, headers: { 'x-manage-token': await tokenOf(guest.bookingId) } });
    await expectAnswer(404, { route: invoiceRoute, path: invoicePath });
    await pastLookupLimit({ route: invoiceRoute, path: invoicePath });
    const byEmail = {
      method: 'POST',
      route: '/api/bookings/invoice',
      body: { bookingId: guest.bookingId, email: 'GUEST.ONE@example.com' },
    };
    await expectAnswer(200, byEmail);
    await expectAnswer(404, { ...byEmail, body: { bookingId: guest.bookingId, email: 'not.the.guest@example.com' } });
    await pastLookupLimit(byEmail);

    // The email: changed, the same again, without proof, past the booking's changes for the hour.
    const emailRoute = '/api/bookings/:bookingId/email';
    const change = (email: string) => ({
      method: 'PUT',
      route: emailRoute,
      path: `/api/bookings/${guest.bookingId}/email`,
      body: { email },
      headers: { 'x-guest-key': guest.guestKey },
    });
    await expectAnswer(200, change('guest.two@example.com'));
    await expectAnswer(409, change('Guest.Two@example.com'));
    await expectAnswer(404, { ...change('guest.three@example.com'), headers: {} });
    await expectAnswer(200, change('guest.three@example.com'));
    await expectAnswer(200, change('guest.four@example.com'));
    await expectAnswer(429, change('guest.five@example.com'));

    // The manage link: open, quote, change, cancel; a bad token; the lookups' limit.
    const managed = await book({ roomId: 'executive', rooms: 1, ...nights(2) });
    const token = { 'x-manage-token': await tokenOf(managed.bookingId) };
    const bad = { 'x-manage-token': `${managed.bookingId}.1.${'A'.repeat(43)}` };
    await expectAnswer(200, { route: '/api/manage', headers: token });
    await expectAnswer(404, { route: '/api/manage', headers: bad });
    await pastLookupLimit({ route: '/api/manage', headers: token });
    const moved = nights(2);
    for (const [method, route] of [
      ['POST', '/api/manage/quote'],
      ['PUT', '/api/manage'],
    ] as const) {
      await expectAnswer(400, { method, route, headers: token, body: { checkIn: moved.checkOut, checkOut: moved.checkIn, rooms: 1 } });
      await expectAnswer(404, { method, route, headers: bad, body: { ...moved, rooms: 1 } });
      await expectAnswer(409, { method, route, headers: token, body: { ...nights(15), rooms: 3 } });
      // Rooms gone on those nights: the screen reads roomId and left.
      const gone = await expectAnswer(409, { method, route, headers: token, body: { ...full, rooms: 3 } });
      expect(gone.json).toMatchObject({ roomId: 'executive', left: 1 });
      await pastLookupLimit({ method, route, headers: token, body: { ...moved, rooms: 1 } });
    }
    await expectAnswer(200, { method: 'POST', route: '/api/manage/quote', headers: token, body: { ...moved, rooms: 2 } });
    await expectAnswer(200, { method: 'PUT', route: '/api/manage', headers: token, body: { ...moved, rooms: 2 } });
    await expectAnswer(200, { method: 'POST', route: '/api/manage/cancel', headers: token });
    await expectAnswer(404, { method: 'POST', route: '/api/manage/cancel', headers: bad });
    await pastLookupLimit({ method: 'POST', route: '/api/manage/cancel', headers: token });
    // Arriving tomorrow: past the free cancellation (two days before), the guest is told to call.
    const soon = await book({ checkIn: addDays(today, 1), checkOut: addDays(today, 2) });
    await expectAnswer(409, { method: 'POST', route: '/api/manage/cancel', headers: { 'x-manage-token': await tokenOf(soon.bookingId) } });
    const link = { method: 'POST', route: '/api/bookings/link', body: { bookingId: soon.bookingId, email: soon.email } };
    await expectAnswer(202, link);
    await pastLookupLimit(link);
  });

  test('staff: sign-in, bookings, the desk and every status’s invoice', async () => {
    const signInRoute = { method: 'POST', route: '/api/admin/sign-in' };
    await expectAnswer(200, { ...signInRoute, body: { username: 'admin', password: 'correct horse battery staple' } });
    const guesser = freshAddress();
    for (let n = 0; n < 5; n++)
      await expectAnswer(401, { ...signInRoute, body: { username: 'admin', password: `guess ${n}` }, address: guesser });
    await expectAnswer(429, { ...signInRoute, body: { username: 'admin', password: 'guess 5' }, address: guesser });
    await expectAnswer(200, { route: '/api/admin/session', as: owner });

    // Staff: a front-desk person (who then works the desk), a name refused, a name taken, removal, passwords.
    await expectAnswer(200, { route: '/api/admin/staff', as: owner });
    const staff = (username: string) => ({
      method: 'POST',
      route: '/api/admin/staff',
      as: owner,
      body: { username, password: 'front desk password', role: 'desk' },
    });
    await expectAnswer(201, staff('Desk Person'));
    await expectAnswer(400, staff('Desk\u200bPerson'));
    await expectAnswer(409, staff('DESK PERSON'));
    await expectAnswer(201, staff('Leaving Soon'));
    await expectAnswer(204, {
      method: 'PUT',
      route: '/api/admin/staff/:username/password',
      path: '/api/admin/staff/Leaving%20Soon/password',
      as: owner,
      body: { password: 'another long password' },
    });
    await expectAnswer(404, {
      method: 'PUT',
      route: '/api/admin/staff/:username/password',
      path: '/api/admin/staff/Nobody/password',
      as: owner,
      body: { password: 'another long password' },
    });
    await expectAnswer(204, { method: 'DELETE', route: '/api/admin/staff/:username', path: '/api/admin/staff/Leaving%20Soon', as: owner });
    await expectAnswer(404, { method: 'DELETE', route: '/api/admin/staff/:username', path: '/api/admin/staff/Leaving%20Soon', as: owner });
    await expectAnswer(409, { method: 'DELETE', route: '/api/admin/staff/:username', path: '/api/admin/staff/admin', as: owner });
    const deskSession = await signIn(base, 'Desk Person', 'front desk password');
    sessions[desk] = { cookie: deskSession.cookie, csrf: deskSession.csrfToken };

    // The bookings: list, delete, restore (and a restore whose rooms were taken meanwhile).
    await expectAnswer(200, { route: '/api/admin/bookings', path: '/api/admin/bookings?q=example', as: desk });
    const taken = nights();
    const first = await book({ roomId: 'executive', rooms: 3, ...taken });
    const deleteRoute = { method: 'DELETE', route: '/api/admin/bookings/:bookingId', as: desk };
    await expectAnswer(200, { ...deleteRoute, path: `/api/admin/bookings/${first.bookingId}` });
    await expectAnswer(404, { ...deleteRoute, path: `/api/admin/bookings/${first.bookingId}` });
    const restoreRoute = { method: 'POST', route: '/api/admin/bookings/:bookingId/restore', as: desk };
    await book({ roomId: 'executive', rooms: 3, ...taken });
    await expectAnswer(409, { ...restoreRoute, path: `/api/admin/bookings/${first.bookingId}/restore` });
    const second = await book();
    await expectAnswer(200, { ...deleteRoute, path: `/api/admin/bookings/${second.bookingId}` });
    await expectAnswer(200, { ...restoreRoute, path: `/api/admin/bookings/${second.bookingId}/restore` });
    await expectAnswer(404, { ...restoreRoute, path: '/api/admin/bookings/BK100000/restore' });
    await expectAnswer(200, { route: '/api/admin/occupancy', as: desk });
    await expectAnswer(400, { route: '/api/admin/occupancy', path: '/api/admin/occupancy?from=2027-02-30', as: desk });
    await expectAnswer(200, { route: '/api/admin/audit', as: desk });
    const csv = await expectAnswer(200, { route: '/api/admin/export', path: '/api/admin/export?format=csv', as: owner });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const json = await expectAnswer(200, { route: '/api/admin/export', path: '/api/admin/export?format=json', as: owner });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');

    // The desk: a walk-in for today, checked in, out, undone; a no-show; a cancel. The invoice
    // prints at every one of them (the 500 of issue 35).
    await expectAnswer(200, { route: '/api/admin/desk', as: desk });
    await expectAnswer(400, { route: '/api/admin/desk', path: '/api/admin/desk?date=2027-02-30', as: desk });
    const walkIn = {
      draftId: confirmBody().draftId,
      channel: 'walk-in',
      roomId: 'deluxe',
      packageIndex: 0,
      rooms: 1,
      email: 'walk.in@example.com',
      checkIn: today,
      checkOut: addDays(today, 1),
    };
    const deskRoute = { method: 'POST', route: '/api/admin/desk/bookings', as: desk };
    const made = await expectAnswer(201, { ...deskRoute, body: walkIn });
    await expectAnswer(200, { ...deskRoute, body: walkIn });
    await expectAnswer(400, { ...deskRoute, body: { ...walkIn, draftId: confirmBody().draftId, checkIn: addDays(today, -1) } });
    await expectAnswer(409, { ...deskRoute, body: { ...walkIn, draftId: confirmBody().draftId, roomId: 'executive', rooms: 3, ...taken } });
    const walkInId = made.json.booking.bookingId as string;
    const statusRoute = (bookingId: string, server = base) => ({
      method: 'POST',
      route: '/api/admin/bookings/:bookingId/status',
      path: `/api/admin/bookings/${bookingId}/status`,
      as: desk,
      server,
    });
    const undoRoute = (bookingId: string) => ({
      method: 'POST',
      route: '/api/admin/bookings/:bookingId/undo',
      path: `/api/admin/bookings/${bookingId}/undo`,
      as: desk,
    });
    const invoiceRoute = '/api/admin/bookings/:bookingId/invoice';
    const invoiceStatus = async (bookingId: string) =>
      (await expectAnswer(200, { route: invoiceRoute, path: `/api/admin/bookings/${bookingId}/invoice`, as: desk })).json.status;
    expect(await invoiceStatus(walkInId)).toBe('confirmed');
    await expectAnswer(409, { ...undoRoute(walkInId) });
    await expectAnswer(200, { ...statusRoute(walkInId), body: { to: 'checked_in' } });
    expect(await invoiceStatus(walkInId)).toBe('checked_in');
    await expectAnswer(409, { ...statusRoute(walkInId), body: { to: 'checked_in' } });
    // Issue 40: the stay's bill. Check-out is refused while its balance is due; only the owner may allow that.
    const billRoute = (path = '', bookingId = walkInId) => ({
      route: `/api/admin/bookings/:bookingId/bill${path.replace(/\/lines\/\d+/, '/lines/:lineId')}`,
      path: `/api/admin/bookings/${bookingId}/bill${path}`,
      as: desk,
    });
    const services = await expectAnswer(200, { route: '/api/admin/services', as: desk });
    const restaurant = (services.json.items as Array<{ id: number; name: string }>).find((s) => s.name === 'Restaurant')!.id;
    const charged = await expectAnswer(201, { ...billRoute('/charges'), method: 'POST', body: { serviceId: restaurant, quantity: 1 } });
    await expectAnswer(404, { ...billRoute('/charges', 'BK100000'), method: 'POST', body: { serviceId: restaurant, quantity: 1 } });
    await expectAnswer(409, { ...billRoute('/charges'), method: 'POST', body: { serviceId: 999999, quantity: 1 } });
    const lineId = charged.json.lines.at(-1).id as number;
    await expectAnswer(201, { ...billRoute(`/lines/${lineId}/reversal`), method: 'POST', body: {} });
    await expectAnswer(409, { ...billRoute(`/lines/${lineId}/reversal`), method: 'POST', body: {} });
    await expectAnswer(404, { ...billRoute('/lines/999999999/reversal'), method: 'POST', body: {} });
    await expectAnswer(409, { ...statusRoute(walkInId), body: { to: 'checked_out' } });
    await expectAnswer(403, { ...statusRoute(walkInId), body: { to: 'checked_out', allowBalanceDue: true } });
    const due = (await expectAnswer(200, billRoute())).json.balancePaise as number;
    await expectAnswer(404, billRoute('', 'BK100000'));
    await expectAnswer(404, { ...billRoute('/payments', 'BK100000'), method: 'POST', body: { method: 'cash', amountPaise: 1 } });
    await expectAnswer(201, { ...billRoute('/payments'), method: 'POST', body: { method: 'cash', amountPaise: due } });
    await expectAnswer(200, { ...statusRoute(walkInId), body: { to: 'checked_out' } });
    expect(await invoiceStatus(walkInId)).toBe('checked_out');
    await expectAnswer(409, { ...billRoute('/payments'), method: 'POST', body: { method: 'cash', amountPaise: 1 } });
    const tea = { name: 'Tea tasting', sac: '999699', pricePaise: 30000, gstBasisPoints: 1800, active: true };
    const added = await expectAnswer(201, { route: '/api/admin/services', method: 'POST', body: tea, as: owner });
    await expectAnswer(409, { route: '/api/admin/services', method: 'POST', body: tea, as: owner });
    const serviceRoute = (id: number) => ({
      route: '/api/admin/services/:serviceId',
      path: `/api/admin/services/${id}`,
      method: 'PUT',
      as: owner,
    });
    await expectAnswer(200, { ...serviceRoute(added.json.id as number), body: { ...tea, pricePaise: 35000 } });
    await expectAnswer(404, { ...serviceRoute(999999), body: tea });
    await expectAnswer(409, { ...serviceRoute(added.json.id as number), body: { ...tea, name: 'Restaurant' } });
    await expectAnswer(200, undoRoute(walkInId));
    await expectAnswer(404, { ...statusRoute('BK100000'), body: { to: 'checked_in' } });
    await expectAnswer(404, undoRoute('BK100000'));
    await expectAnswer(404, { route: invoiceRoute, path: '/api/admin/bookings/BK100000/invoice', as: desk });
    const arriving = await expectAnswer(201, {
      ...deskRoute,
      body: { ...walkIn, draftId: confirmBody().draftId, checkIn: addDays(today, 1), checkOut: addDays(today, 2) },
    });
    const arrivingId = arriving.json.booking.bookingId as string;
    await expectAnswer(200, { ...statusRoute(arrivingId, laterBase), body: { to: 'no_show' } });
    expect(await invoiceStatus(arrivingId)).toBe('no_show');
    const cancelled = await book();
    await expectAnswer(200, { ...statusRoute(cancelled.bookingId), body: { to: 'cancelled' } });
    expect(await invoiceStatus(cancelled.bookingId)).toBe('cancelled');
    // The guest sees the same, with their key.
    const guestCopy = await expectAnswer(200, {
      route: '/api/bookings/:bookingId/invoice',
      path: `/api/bookings/${cancelled.bookingId}/invoice`,
      headers: { 'x-guest-key': cancelled.guestKey },
    });
    expect(guestCopy.json.status).toBe('cancelled');

    // Bursts, the import, the outbox.
    await expectAnswer(200, { route: '/api/admin/bursts', as: owner });
    const burst = { route: '/api/admin/bursts/bookings', as: owner };
    await expectAnswer(200, { ...burst, path: '/api/admin/bursts/bookings?address=10.200.0.1' });
    await expectAnswer(400, burst);
    await expectAnswer(200, { ...burst, method: 'DELETE', path: '/api/admin/bursts/bookings?email=nobody%40example.com' });
    await expectAnswer(400, { ...burst, method: 'DELETE' });
    await expectAnswer(200, { method: 'POST', route: '/api/admin/import', as: owner, body: [] });
    const outbox = await expectAnswer(200, { route: '/api/admin/outbox', as: owner });
    const resend = { method: 'POST', route: '/api/admin/outbox/:id/resend', as: owner };
    await expectAnswer(200, { ...resend, path: `/api/admin/outbox/${outbox.json.items[0].id}/resend` });
    await expectAnswer(404, { ...resend, path: '/api/admin/outbox/2147483647/resend' });
    await expectAnswer(204, { method: 'POST', route: '/api/admin/sign-out', headers: { cookie: (await signIn(base)).cookie } });
  });

  test('the owner’s prices, closures, minimum stays and legal details', async () => {
    const prices = await expectAnswer(200, { route: '/api/admin/prices', as: owner });
    await expectAnswer(400, { route: '/api/admin/prices', path: '/api/admin/prices?from=2027-02-30', as: owner });
    const deluxe = prices.json.roomTypes.find((type: { roomId: string }) => type.roomId === 'deluxe');
    const roomType = { method: 'PUT', route: '/api/admin/room-types/:roomId', path: '/api/admin/room-types/deluxe', as: owner };
    const same = { rooms: deluxe.rooms, pricePaise: deluxe.pricePaise, discountPricePaise: deluxe.discountPricePaise };
    await expectAnswer(200, { ...roomType, body: same });
    await expectAnswer(404, { ...roomType, path: '/api/admin/room-types/no-such-room', body: same });
    const below = await expectAnswer(409, { ...roomType, body: { ...same, rooms: 0 } });
    expect(below.json.nights.length).toBeGreaterThan(0);
    // Issue 40: a type's guests and meal plans: saved as they are, refused with no plan on, an unknown type.
    const stayOptions = {
      method: 'PUT',
      route: '/api/admin/room-types/:roomId/stay-options',
      path: '/api/admin/room-types/deluxe/stay-options',
      as: owner,
    };
    const options = { guestRules: deluxe.guestRules, plans: deluxe.plans };
    const savedOptions = await expectAnswer(200, { ...stayOptions, body: options });
    expect(savedOptions.json).toMatchObject({ roomId: 'deluxe', ...options });
    const noPlan = await expectAnswer(400, {
      ...stayOptions,
      body: { ...options, plans: options.plans.map((plan: object) => ({ ...plan, enabled: false })) },
    });
    expect(noPlan.json.message).toBe('Turn on at least one meal plan: the room is sold with it.');
    await expectAnswer(404, { ...stayOptions, path: '/api/admin/room-types/no-such-room/stay-options', body: options });
    const booked = await book();
    const outOfService = {
      method: 'PUT',
      route: '/api/admin/room-types/:roomId/out-of-service',
      path: '/api/admin/room-types/deluxe/out-of-service',
      as: owner,
    };
    const range = { firstNight: booked.checkIn, lastNight: booked.checkIn };
    await expectAnswer(200, { ...outOfService, body: { ...range, rooms: 0 } });
    await expectAnswer(400, { ...outOfService, body: { firstNight: booked.checkOut, lastNight: booked.checkIn, rooms: 0 } });
    await expectAnswer(404, { ...outOfService, path: '/api/admin/room-types/no-such-room/out-of-service', body: { ...range, rooms: 0 } });
    await expectAnswer(409, { ...outOfService, body: { ...range, rooms: deluxe.rooms } });

    // A rule, a closure and a minimum stay, each refused when backwards, each taken back (and again: 404).
    const closedNight = nights();
    const minimumNight = nights();
    for (const [kind, body] of [
      ['price-rules', { roomId: 'deluxe', firstNight: closedNight.checkIn, lastNight: closedNight.checkIn, pricePaise: 500_000 }],
      ['closures', { roomId: 'deluxe', firstNight: closedNight.checkIn, lastNight: closedNight.checkIn }],
      ['min-stays', { roomId: null, firstNight: minimumNight.checkIn, lastNight: minimumNight.checkIn, nights: 3 }],
    ] as const) {
      const made = await expectAnswer(201, { method: 'POST', route: `/api/admin/${kind}`, as: owner, body });
      await expectAnswer(400, {
        method: 'POST',
        route: `/api/admin/${kind}`,
        as: owner,
        body: { ...body, firstNight: addDays(body.lastNight, 1) },
      });
      if (kind === 'closures') {
        const closed = await expectAnswer(409, {
          method: 'POST',
          route: '/api/bookings',
          body: confirmBody({ roomId: 'deluxe', ...closedNight }),
        });
        expect(closed.json).toMatchObject({ nights: [closedNight.checkIn] });
      }
      if (kind === 'min-stays') {
        const short = await expectAnswer(409, {
          method: 'POST',
          route: '/api/bookings',
          body: confirmBody({ roomId: 'deluxe', ...minimumNight }),
        });
        expect(short.json).toMatchObject({ minNights: 3 });
      }
      const remove = { method: 'DELETE', route: `/api/admin/${kind}/:id`, path: `/api/admin/${kind}/${made.json.id}`, as: owner };
      await expectAnswer(204, remove);
      await expectAnswer(404, remove);
    }

    const settings = await expectAnswer(200, { route: '/api/admin/hotel-settings', as: owner });
    await expectAnswer(200, { method: 'PUT', route: '/api/admin/hotel-settings', as: owner, body: settings.json });
    await expectAnswer(400, {
      method: 'PUT',
      route: '/api/admin/hotel-settings',
      as: owner,
      body: { ...settings.json, gstin: 'NOT-A-GSTIN' },
    });
    await expectAnswer(200, { route: '/api/admin/settings-audit', as: owner });
  });

  /** Razorpay's return from its page for this booking, signed with the key secret as Razorpay signs it. */
  function returnQuery(bookingId: string, status: string, paymentId = 'pay_NeverMade', linkId = 'plink_NeverMade') {
    const fields = {
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: linkId,
      razorpay_payment_link_reference_id: bookingId,
      razorpay_payment_link_status: status,
    };
    return `?${new URLSearchParams({ ...fields, razorpay_signature: returnSignature(razorpaySecrets.keySecret, fields) })}`;
  }
  /** A path that reaches the route: its parameters filled with a value it takes. */
  function pathOf(route: Route): string {
    const queries: Record<string, string> = {
      '/api/availability': `?checkIn=${addDays(today, 300)}&checkOut=${addDays(today, 301)}`,
      '/api/stay-quote': `?roomId=deluxe&packageIndex=0&rooms=1&checkIn=${addDays(today, 300)}&checkOut=${addDays(today, 301)}&guests=2:7`,
      '/api/admin/bursts/bookings': '?email=nobody%40example.com',
      // Signed and paid: the one return the server records (in the database) before it redirects.
      '/api/payments/razorpay/return': returnQuery('BK100001', 'paid'),
      '/api/admin/form-c/:bookingId/export': '?format=csv',
    };
    return route.url
      .replace(':bookingId', 'BK100001')
      .replace(':username', 'Nobody')
      .replace(':roomId', 'deluxe')
      .replace(':typeId', 'deluxe')
      .replace(':file', `${'0'.repeat(64)}.ics`)
      .replace(':voucherNumber', 'RCV-2026-000001')
      .replace(':guestId', '2147483646')
      .replace(':id', '2147483646')
      .concat(queries[route.url] ?? '');
  }
  /** What each change route takes as a body, so that a request reaches the database. */
  function bodyOf(route: Route): unknown {
    const stay = { checkIn: addDays(today, 300), checkOut: addDays(today, 301) };
    const bodies: Record<string, unknown> = {
      '/api/bookings': confirmBody(stay),
      '/api/bookings/invoice': { bookingId: 'BK100001', email: 'guest@example.com' },
      '/api/bookings/lookup': { bookingId: 'BK100001', email: 'guest@example.com' },
      '/api/bookings/:bookingId/email': { email: 'guest@example.com' },
      '/api/bookings/link': { bookingId: 'BK100001', email: 'guest@example.com' },
      '/api/manage/quote': { ...stay, rooms: 1 },
      '/api/manage': { ...stay, rooms: 1 },
      '/api/admin/sign-in': { username: 'admin', password: 'correct horse battery staple' },
      '/api/admin/import': [],
      '/api/admin/staff': { username: 'Someone New', password: 'a long password', role: 'desk' },
      '/api/admin/staff/:username/password': { password: 'a long password' },
      '/api/admin/bookings/:bookingId/status': { to: 'cancelled' },
      '/api/admin/desk/bookings': {
        draftId: confirmBody().draftId,
        channel: 'phone',
        roomId: 'deluxe',
        packageIndex: 0,
        rooms: 1,
        email: 'a@example.com',
        ...stay,
      },
      '/api/admin/room-types/:roomId': { rooms: 8, pricePaise: 500_000, discountPricePaise: 400_000 },
      '/api/admin/room-types/:roomId/stay-options': {
        guestRules: {
          includedAdults: 2,
          maxAdults: 3,
          maxChildren: 1,
          extraAdultPaise: 100_000,
          extraChildPaise: 50_000,
          childFreeBelowAge: 6,
        },
        plans: [0, 1, 2, 3].map((packageIndex) => ({ packageIndex, enabled: packageIndex === 0, pricePaise: 0, per: 'room' })),
      },
      '/api/admin/room-types/:roomId/out-of-service': { firstNight: stay.checkIn, lastNight: stay.checkIn, rooms: 0 },
      '/api/admin/price-rules': { roomId: 'deluxe', firstNight: stay.checkIn, lastNight: stay.checkIn, pricePaise: 500_000 },
      '/api/admin/closures': { roomId: 'deluxe', firstNight: stay.checkIn, lastNight: stay.checkIn },
      '/api/admin/min-stays': { roomId: 'deluxe', firstNight: stay.checkIn, lastNight: stay.checkIn, nights: 2 },
      '/api/admin/rooms': { typeId: 'deluxe', number: 'Annexe 9' },
      '/api/admin/rooms/:id': { number: 'Annexe 9' },
      '/api/admin/channels/feeds': { roomId: 2147483646, label: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics' },
      '/api/admin/bookings/:bookingId/room': { fromRoom: 2147483646, toRoom: 2147483645 },
      '/api/admin/form-c/:bookingId/answer': { foreignGuests: true },
      '/api/admin/form-c/:bookingId/guests': formCGuest,
      '/api/admin/form-c/:bookingId/guests/:guestId': formCGuest,
      '/api/admin/form-c-settings': { retentionDays: 180 },
      '/api/admin/form-c/:bookingId/submitted': {},
      '/api/admin/payment-settings': { policy: 'first_night', percent: 30, holdMinutes: 20, lateRefundPercent: 0 },
      [webhookRoute]: { event: 'payment_link.paid', payload: {} },
      '/api/admin/hotel-settings': {
        legalName: '',
        address: '',
        gstin: '',
        gstSlabs: [{ upToPaise: null, cgstBasisPoints: 250, sgstBasisPoints: 250 }],
      },
    };
    return bodies[route.url];
  }
  const changes = (route: Route) => route.method !== 'GET';
  const isAdmin = (route: Route) =>
    route.url.startsWith('/api/admin/') && !['/api/admin/sign-in', '/api/admin/sign-out'].includes(route.url);
  /** Razorpay's webhook: from Razorpay, not the site (no same-origin check), its body as bytes of any media type. */
  const fromRazorpay = (route: Route) => route.url === webhookRoute;
  /** Razorpay's signature and event ID for this body (the content type is the request's own). */
  function webhookSignature(text: string): Record<string, string> {
    const { 'content-type': _type, ...signed } = signedWebhook(text).headers;
    return signed;
  }
  /** A request of this route as its rightful caller sends it, manage token, owner's session and Razorpay's signature included. */
  async function rightful(route: Route): Promise<Request> {
    const manage = route.url.startsWith('/api/manage');
    const body = changes(route) ? bodyOf(route) : undefined;
    return {
      method: route.method.split(',')[0],
      route: route.url,
      path: pathOf(route),
      body,
      as: isAdmin(route) || route.url === '/api/admin/sign-out' ? owner : undefined,
      headers: manage
        ? { 'x-manage-token': await tokenOf((await book()).bookingId) }
        : fromRazorpay(route)
          ? webhookSignature(JSON.stringify(body))
          : {},
      bare: fromRazorpay(route),
    };
  }

  test('every route: the answers the shared hooks make (400, 401, 403, 413, 415) are { error, message }', async () => {
    for (const route of routes) {
      const request = await rightful(route);
      // A query PostgreSQL cannot store (plugins/plainText.ts).
      await expectAnswer(400, { ...request, path: `${request.path}${request.path!.includes('?') ? '&' : '?'}x=%00`, body: undefined });
      if (isAdmin(route)) {
        await expectAnswer(401, { ...request, as: undefined });
        await expectAnswer(403, { ...request, as: undefined, headers: { 'x-guest-key': 'A'.repeat(43) } });
      }
      if (changes(route)) {
        if (!fromRazorpay(route)) await expectAnswer(403, { ...request, bare: true });
        if (isAdmin(route)) await expectAnswer(403, { ...request, noCsrf: true });
        const big = route.url === '/api/admin/import' ? 6 * 1024 * 1024 : fromRazorpay(route) ? 1024 * 1024 + 1 : 17 * 1024;
        await expectAnswer(413, { ...request, raw: { type: 'application/json', text: JSON.stringify({ padding: 'x'.repeat(big) }) } });
        // The webhook takes bytes of any media type, but not a Content-Type that names none.
        const type = fromRazorpay(route) ? 'not a media type' : 'application/xml';
        await expectAnswer(415, { ...request, raw: { type, text: '<booking/>' } });
      }
    }
  });

  test('every route: 500 when a statement fails, 503 when the database cannot be reached, as { error, message }', async () => {
    // Each sent as its rightful caller would send it, to servers whose database fails: one where
    // every connection's search_path finds no table (each statement fails: 500), one whose
    // database is nowhere (503). Health and readiness catch every database error and say 503.
    // Both have Razorpay's keys, so that Razorpay's webhook and return reach the database (the
    // Razorpay they name is never asked: the database fails first).
    const requests = await Promise.all(routes.map(rightful));
    await db.pool.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET search_path TO nowhere', current_database()); END $$`);
    const lost = new pg.Pool({ connectionString: database.url, max: 4 });
    lost.on('error', () => undefined);
    const port = await freePort();
    const gone = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'nowhere', connectionTimeoutMillis: 2_000, max: 4 });
    gone.on('error', () => undefined);
    const config = paymentsConfig(`http://127.0.0.1:${await freePort()}`);
    const [failing, failingBase] = await start({
      db: { pool: lost, kind, close: () => lost.end() },
      payments: createPayments({ pool: lost, config, publicUrl: 'http://127.0.0.1' }),
    });
    const [away, awayBase] = await start({
      db: { pool: gone, kind, close: () => gone.end() },
      payments: createPayments({ pool: gone, config, publicUrl: 'http://127.0.0.1' }),
    });
    try {
      for (const request of requests) {
        if (!['/api/health', '/api/ready'].includes(request.route)) await expectAnswer(500, { ...request, server: failingBase });
        await expectAnswer(503, { ...request, server: awayBase });
      }
    } finally {
      await db.pool.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET search_path', current_database()); END $$`);
      await failing.close();
      await away.close();
      await lost.end();
      await gone.end();
    }
  });

  test('Form C for guests from abroad (issue 40)', async () => {
    const { bookingId } = await book();
    const guest = formCGuest;
    const formC = '/api/admin/form-c/:bookingId';
    const guests = `${formC}/guests`;
    const oneGuest = `${guests}/:guestId`;
    await expectAnswer(200, { route: '/api/admin/form-c', as: owner });
    await expectAnswer(200, { route: formC, path: `/api/admin/form-c/${bookingId}`, as: owner });
    await expectAnswer(404, { route: formC, path: '/api/admin/form-c/BK100000', as: owner });
    const added = await expectAnswer(200, {
      method: 'POST',
      route: guests,
      path: `/api/admin/form-c/${bookingId}/guests`,
      body: guest,
      as: owner,
    });
    const guestId = added.json.guests[0].id as number;
    const at = (id: string, guest: number | string) => `/api/admin/form-c/${id}/guests/${guest}`;
    await expectAnswer(400, {
      method: 'POST',
      route: guests,
      path: `/api/admin/form-c/${bookingId}/guests`,
      body: { ...guest, nationality: 'Indian' },
      as: owner,
    });
    await expectAnswer(404, { method: 'POST', route: guests, path: '/api/admin/form-c/BK100000/guests', body: guest, as: owner });
    await expectAnswer(200, { method: 'PUT', route: oneGuest, path: at(bookingId, guestId), body: guest, as: owner });
    await expectAnswer(400, { method: 'PUT', route: oneGuest, path: at(bookingId, guestId), body: { ...guest, fullName: '' }, as: owner });
    await expectAnswer(404, { method: 'PUT', route: oneGuest, path: at(bookingId, 2147483646), body: guest, as: owner });
    await expectAnswer(409, {
      method: 'PUT',
      route: `${formC}/answer`,
      path: `/api/admin/form-c/${bookingId}/answer`,
      body: { foreignGuests: false },
      as: owner,
    });
    await expectAnswer(404, {
      method: 'PUT',
      route: `${formC}/answer`,
      path: '/api/admin/form-c/BK100000/answer',
      body: { foreignGuests: true },
      as: owner,
    });
    for (const format of ['csv', 'json'])
      await expectAnswer(200, { route: `${formC}/export`, path: `/api/admin/form-c/${bookingId}/export?format=${format}`, as: owner });
    await expectAnswer(404, { route: `${formC}/export`, path: '/api/admin/form-c/BK100000/export?format=csv', as: owner });
    const submitted = `${formC}/submitted`;
    await expectAnswer(404, { method: 'PUT', route: submitted, path: '/api/admin/form-c/BK100000/submitted', body: {}, as: owner });
    await expectAnswer(200, { method: 'DELETE', route: oneGuest, path: at(bookingId, guestId), as: owner });
    await expectAnswer(404, { method: 'DELETE', route: oneGuest, path: at(bookingId, guestId), as: owner });
    await expectAnswer(200, {
      method: 'PUT',
      route: `${formC}/answer`,
      path: `/api/admin/form-c/${bookingId}/answer`,
      body: { foreignGuests: false },
      as: owner,
    });
    // Once erased (housekeeping, a retention period after check-out), nothing is written.
    const erased = (await book()).bookingId;
    await db.pool.query(`INSERT INTO form_c_bookings (booking_id, erased_on) VALUES ($1, '2026-01-01')`, [erased]);
    await expectAnswer(409, { method: 'POST', route: guests, path: `/api/admin/form-c/${erased}/guests`, body: guest, as: owner });
    await expectAnswer(409, { method: 'PUT', route: oneGuest, path: at(erased, 1), body: guest, as: owner });
    await expectAnswer(409, { method: 'DELETE', route: oneGuest, path: at(erased, 1), as: owner });
    await expectAnswer(409, { method: 'PUT', route: submitted, path: `/api/admin/form-c/${bookingId}/submitted`, body: {}, as: owner });
    const complete = (await book()).bookingId;
    const full = { ...guest, visaNumber: 'VE1', visaType: 'e-Tourist', visaIssueDate: '2026-01-01', visaExpiry: '2036-01-01' };
    await expectAnswer(200, {
      method: 'POST',
      route: guests,
      path: `/api/admin/form-c/${complete}/guests`,
      body: {
        ...full,
        arrivalInIndia: '2026-02-01',
        arrivedFrom: 'Berlin',
        nextDestination: 'Goa',
        addressInIndia: 'Munnar',
        arrivalAtHotel: '2026-02-02',
      },
      as: owner,
    });
    await expectAnswer(200, { method: 'PUT', route: submitted, path: `/api/admin/form-c/${complete}/submitted`, body: {}, as: owner });
    await expectAnswer(200, { route: '/api/admin/form-c-settings', as: desk });
    await expectAnswer(200, { method: 'PUT', route: '/api/admin/form-c-settings', body: { retentionDays: 180 }, as: owner });
  });

  test('the owner’s reports and GST exports (issue 39)', async () => {
    const report = await expectAnswer(200, { route: '/api/admin/reports', as: owner });
    expect(report.json).toMatchObject({ today });
    await expectAnswer(200, {
      route: '/api/admin/reports',
      path: `/api/admin/reports?from=${today}&to=${addDays(today, 6)}&roomId=deluxe`,
      as: owner,
    });
    // A range given by one end only, and a room type that is not the hotel's, are refused with the field named.
    const oneEnd = await expectAnswer(400, { route: '/api/admin/reports', path: `/api/admin/reports?from=${today}`, as: owner });
    expect(oneEnd.json.message).toMatch(/^to: /);
    await expectAnswer(400, { route: '/api/admin/reports', path: '/api/admin/reports?roomId=penthouse', as: owner });

    const fy = `${Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 4 ? 0 : 1)}`;
    const year = `${fy}-${String((Number(fy) + 1) % 100).padStart(2, '0')}`;
    await expectAnswer(200, { route: '/api/admin/reports/gst', as: owner });
    await expectAnswer(200, { route: '/api/admin/reports/gst', path: `/api/admin/reports/gst?fy=${year}`, as: owner });
    await expectAnswer(400, {
      route: '/api/admin/reports/gst',
      path: `/api/admin/reports/gst?fy=${year}&month=${today.slice(0, 7)}`,
      as: owner,
    });

    const exported = '/api/admin/reports/gst/:export';
    await expectAnswer(200, { route: exported, path: `/api/admin/reports/gst/invoice-register?fy=${year}`, as: owner });
    const csv = await expectAnswer(200, { route: exported, path: `/api/admin/reports/gst/hsn-summary?fy=${year}&format=csv`, as: owner });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    await expectAnswer(400, {
      route: exported,
      path: `/api/admin/reports/gst/b2c-summary?fy=${year}&month=${today.slice(0, 7)}`,
      as: owner,
    });
  });

  test('rooms by number, channel calendars, the calendars we publish and the desk’s Move to (issue 38)', async () => {
    // Rooms: listed, added, refused for an unknown type and a number in use, renamed, retired.
    const roomsRoute = { route: '/api/admin/rooms', as: owner };
    const listed = await expectAnswer(200, roomsRoute);
    const numbers = (listed.json.types as Array<{ rooms: Array<{ number: string }> }>).flatMap((t) => t.rooms.map((r) => r.number));
    expect(numbers).toContain('101');
    const add = (typeId: string, number: string) => ({ ...roomsRoute, method: 'POST', body: { typeId, number } });
    const added = await expectAnswer(201, add('deluxe', 'Annexe 1'));
    await expectAnswer(409, add('deluxe', 'annexe 1'));
    await expectAnswer(404, add('penthouse', 'P1'));
    const room = (id: number | string) => ({ ...roomsRoute, route: '/api/admin/rooms/:id', path: `/api/admin/rooms/${id}` });
    const renamed = await expectAnswer(200, { ...room(added.json.id), method: 'PUT', body: { number: 'Annexe 2' } });
    expect(renamed.json).toEqual({ id: added.json.id, number: 'Annexe 2' });
    await expectAnswer(409, { ...room(added.json.id), method: 'PUT', body: { number: '101' } });
    await expectAnswer(404, { ...room(2147483646), method: 'PUT', body: { number: 'Annexe 3' } });
    const spare = await expectAnswer(201, add('deluxe', 'Annexe 4'));
    const retired = await expectAnswer(200, { ...room(spare.json.id), method: 'DELETE' });
    expect(retired.json.room).toEqual({ id: spare.json.id, number: 'Annexe 4' });
    await expectAnswer(404, { ...room(spare.json.id), method: 'DELETE' });

    // A channel's calendar, served over HTTP as Airbnb serves it, read into the added room (nights
    // within the booking horizon, as far as feeds are read, and past every other night this file uses).
    const feedServer = await startFeedServer();
    try {
      feedServer.set('/airbnb.ics', { calendar: airbnbCalendar(today, [{ uid: 'schema1', first: 355, end: 357 }]) });
      const feedsRoute = { method: 'POST', route: '/api/admin/channels/feeds', as: owner };
      const feed = { roomId: added.json.id, label: 'Airbnb', url: feedServer.url('/airbnb.ics') };
      const read = await expectAnswer(201, { ...feedsRoute, body: feed });
      expect(read.json.result).toMatchObject({ ok: true, events: 1, added: 1 });
      await expectAnswer(409, { ...feedsRoute, body: feed });
      await expectAnswer(400, { ...feedsRoute, body: { ...feed, url: 'ftp://calendar.example.com/room.ics' } });
      await expectAnswer(404, { ...feedsRoute, body: { ...feed, roomId: 2147483646 } });
      // A room that reads a channel's calendar is not retired.
      const kept = await expectAnswer(409, { ...room(added.json.id), method: 'DELETE' });
      expect(kept.json.message).toBe('Room Annexe 2 still reads channel calendars: remove them on the Channels screen first.');

      const feedId = read.json.feed.id as number;
      const onFeed = (route: string, id: number | string) => ({
        method: 'POST',
        route: `/api/admin/channels/${route}`,
        path: `/api/admin/channels/${route.replace(/:\w+/, String(id))}`,
        as: owner,
      });
      expect((await expectAnswer(200, onFeed('feeds/:id/sync', feedId))).json.result).toMatchObject({ ok: true, events: 1 });
      await expectAnswer(404, onFeed('feeds/:id/sync', 2147483646));
      const channels = await expectAnswer(200, { route: '/api/admin/channels', as: owner });
      const annexe = channels.json.rooms.find((r: { id: number }) => r.id === added.json.id);
      expect(annexe.feeds.map((f: { id: number }) => f.id)).toEqual([feedId]);

      // Our calendars as a channel reads them: the room's, the type's, the room's for this channel; a replaced or malformed address is 404.
      const calendarRoute = { route: '/api/calendars/:file' };
      const at = (url: string) => ({ ...calendarRoute, path: new URL(url).pathname });
      const oldExport = annexe.feeds[0].exportUrl as string;
      const deluxeType = channels.json.types.find((t: { typeId: string }) => t.typeId === 'deluxe');
      for (const url of [annexe.calendarUrl, deluxeType.calendarUrl, oldExport]) {
        const calendar = await expectAnswer(200, at(url));
        expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
        expect(calendar.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      }
      const replaced = await expectAnswer(200, onFeed('feeds/:id/token', feedId));
      expect(replaced.json.exportUrl).not.toBe(oldExport);
      await expectAnswer(404, at(oldExport));
      await expectAnswer(200, at(replaced.json.exportUrl));
      await expectAnswer(404, { ...calendarRoute, path: '/api/calendars/calendar.ics' });
      await expectAnswer(404, onFeed('feeds/:id/token', 2147483646));
      await expectAnswer(204, onFeed('rooms/:id/token', added.json.id));
      await expectAnswer(404, at(annexe.calendarUrl));
      await expectAnswer(404, onFeed('rooms/:id/token', 2147483646));
      await expectAnswer(204, onFeed('types/:typeId/token', 'deluxe'));
      await expectAnswer(404, at(deluxeType.calendarUrl));
      await expectAnswer(404, onFeed('types/:typeId/token', 'penthouse'));

      const removeFeed = {
        method: 'DELETE',
        route: '/api/admin/channels/feeds/:id',
        path: `/api/admin/channels/feeds/${feedId}`,
        as: owner,
      };
      await expectAnswer(204, removeFeed);
      await expectAnswer(404, removeFeed);
    } finally {
      await feedServer.close();
    }

    // The desk's Move to: a booking's nights to another room of its type; to the room it is in already; an unknown booking.
    const guest = await book();
    const desk = await expectAnswer(200, { route: '/api/admin/desk', path: `/api/admin/desk?date=${guest.checkIn}`, as: owner });
    const entry = desk.json.arrivals.find((e: { bookingId: string }) => e.bookingId === guest.bookingId);
    const [from] = entry.placedIn as Array<{ id: number; number: string }>;
    const [to] = entry.moveTargets as Array<{ id: number; number: string }>;
    const moveRoute = {
      method: 'POST',
      route: '/api/admin/bookings/:bookingId/room',
      path: `/api/admin/bookings/${guest.bookingId}/room`,
      as: owner,
    };
    const moved = await expectAnswer(200, { ...moveRoute, body: { fromRoom: from!.id, toRoom: to!.id } });
    expect(moved.json).toEqual({ bookingId: guest.bookingId, from: from!.number, to: to!.number, nights: 1 });
    const already = await expectAnswer(409, { ...moveRoute, body: { fromRoom: to!.id, toRoom: to!.id } });
    expect(already.json.message).toBe(`The booking is in room ${to!.number} already.`);
    await expectAnswer(404, { ...moveRoute, path: '/api/admin/bookings/BK100000/room', body: { fromRoom: from!.id, toRoom: to!.id } });
  });

  test('the payments: the policy, a booking’s money and its link, Razorpay’s return and webhooks, the vouchers, the back office', async () => {
    // A server with Razorpay's keys, and a Razorpay stand-in on loopback (test/server/support/payments.ts):
    // a booking is now held for the first night's price until it is paid.
    const stand = await startPaymentsStand(db, { trustProxy: '127.0.0.1', limits });
    const pay = stand.server.url;
    try {
      const policy = await expectAnswer(200, { route: '/api/payment-policy', server: pay });
      expect(policy.json).toMatchObject({ kind: 'first_night' });
      const stay = nights(2);
      const quote = await expectAnswer(200, {
        route: '/api/payment-policy',
        path: `/api/payment-policy?roomId=deluxe&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
        server: pay,
      });
      expect(quote.json.due.dueNowPaise).toBeGreaterThan(0);
      expect(quote.json.due.dueNowPaise).toBeLessThan(quote.json.due.totalPaise);
      await expectAnswer(400, {
        route: '/api/payment-policy',
        path: `/api/payment-policy?roomId=deluxe&checkIn=${stay.checkIn}`,
        server: pay,
      });
      // Issue 40: its figures are the pricing rule's, so a meal plan the owner has not turned on is refused.
      const planOff = await expectAnswer(409, {
        route: '/api/payment-policy',
        path: `/api/payment-policy?roomId=deluxe&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&packageIndex=2`,
        server: pay,
      });
      expect(planOff.json.message).toBe('Half Board (MAP) is not offered for the Classic Room now. Please choose another.');

      // A booking held for its payment: its money with its key, not without, past the lookups' limit.
      const held = await book(stay, pay);
      const money = (extra: Partial<Request> = {}): Request => ({
        route: '/api/bookings/:bookingId/payment',
        path: `/api/bookings/${held.bookingId}/payment`,
        headers: { 'x-guest-key': held.guestKey },
        server: pay,
        ...extra,
      });
      const waiting = await expectAnswer(200, money());
      // No link yet: the booking's payment page asks for it (POST).
      expect(waiting.json.payment).toMatchObject({ status: 'awaiting_payment', paidPaise: 0, payUrl: null });
      await expectAnswer(404, money({ headers: {} }));
      await pastLookupLimit(money());

      // The link: Razorpay down, none (and the rooms go back); up again, the link; the lookups' limit.
      await stand.standIn.down();
      const down = await expectAnswer(503, money({ method: 'POST' }));
      expect(down.json.error).toBe('Payment Unavailable');
      await stand.standIn.up();
      await expectAnswer(404, money({ method: 'POST', headers: {} }));
      const linked = await expectAnswer(200, money({ method: 'POST' }));
      expect(linked.json.payment).toMatchObject({ status: 'awaiting_payment', dueNowPaise: quote.json.due.dueNowPaise });
      expect(linked.json.payment.payUrl).toMatch(/\/pay\/plink_/);
      await pastLookupLimit(money({ method: 'POST' }));

      // Paid on Razorpay's page, the guest comes back with the signed fields: recorded, then 303 to
      // the booking's payment page. A return not signed by Razorpay, or naming no booking, is not.
      const returnRoute = '/api/payments/razorpay/return';
      const open = (linked.json.payment.payments as Array<{ state: string; linkId: string }>).find((item) => item.state === 'open')!;
      const paid = await stand.standIn.pay(open.linkId);
      const callback = new URL(paid.callbackUrl!);
      const back = await expectAnswer(303, { route: returnRoute, path: callback.pathname + callback.search, server: pay });
      expect(back.headers.get('location')).toBe(`/booking-payment/${held.bookingId}?result=paid`);
      callback.searchParams.set('razorpay_signature', 'ab'.repeat(32));
      const forged = await expectAnswer(303, { route: returnRoute, path: callback.pathname + callback.search, server: pay });
      expect(forged.headers.get('location')).toBe(`/booking-payment/${held.bookingId}?result=unverified`);
      const notPaid = await expectAnswer(303, {
        route: returnRoute,
        path: returnRoute + returnQuery(held.bookingId, 'failed'),
        server: pay,
      });
      expect(notPaid.headers.get('location')).toBe(`/booking-payment/${held.bookingId}?result=not-paid`);
      const nobody = await expectAnswer(303, { route: returnRoute, server: pay });
      expect(nobody.headers.get('location')).toBe('/booking-portal');
      const confirmed = await expectAnswer(200, money());
      expect(confirmed.json.payment).toMatchObject({ status: 'confirmed', paidPaise: quote.json.due.dueNowPaise });
      const again = await expectAnswer(409, money({ method: 'POST' }));
      expect(again.json.message).toBe('This booking is paid for and confirmed already.');

      // Razorpay's webhooks: its own one for this payment, sent again (a retry), is kept once;
      // a new event is kept; a wrong signature, a body not JSON, a hotel without the keys (404) are refused.
      await stand.standIn.webhooksDelivered();
      const delivered = stand.standIn.webhooks.find((webhook) => webhook.body.includes(held.bookingId));
      expect(delivered?.answers).toContain(200);
      const webhook = (text: string, headers: Record<string, string>, server = pay): Request => ({
        method: 'POST',
        route: webhookRoute,
        raw: { type: 'application/json', text },
        headers,
        bare: true,
        server,
      });
      const retried = await expectAnswer(
        200,
        webhook(delivered!.body, signedWebhook(delivered!.body, undefined, delivered!.eventId).headers),
      );
      expect(retried.json).toEqual({ received: true, duplicate: true });
      const event = signedWebhook({ event: 'payment.authorized', payload: {} });
      expect((await expectAnswer(200, webhook(event.text, event.headers))).json).toEqual({ received: true, duplicate: false });
      await expectAnswer(400, webhook(event.text, signedWebhook(event.text, 'not the webhook secret').headers));
      const garbled = signedWebhook('{"event": "payment.captured"');
      await expectAnswer(400, webhook(garbled.text, garbled.headers));
      await expectAnswer(404, webhook(event.text, event.headers, base));

      // The receipt voucher, with the booking's key; not without it, nor a number it does not have.
      const receiptNumber = confirmed.json.payment.vouchers[0].voucherNumber as string;
      const voucher = (number: string, extra: Partial<Request> = {}): Request => ({
        route: '/api/bookings/:bookingId/vouchers/:voucherNumber',
        path: `/api/bookings/${held.bookingId}/vouchers/${number}`,
        headers: { 'x-guest-key': held.guestKey },
        server: pay,
        ...extra,
      });
      const receipt = await expectAnswer(200, voucher(receiptNumber));
      expect(receipt.json).toMatchObject({ kind: 'receipt', bookingId: held.bookingId, amountPaise: quote.json.due.dueNowPaise });
      await expectAnswer(404, voucher(receiptNumber, { headers: {} }));
      await expectAnswer(404, voucher('RFV-2000-999999'));
      await pastLookupLimit(voucher(receiptNumber));

      // The booking's money on its manage link.
      const token = { 'x-manage-token': await tokenOf(held.bookingId) };
      const managed = await expectAnswer(200, { route: '/api/manage/payment', headers: token, server: pay });
      expect(managed.json).toMatchObject({ bookingId: held.bookingId, status: 'confirmed', paidPaise: quote.json.due.dueNowPaise });
      await expectAnswer(404, {
        route: '/api/manage/payment',
        headers: { 'x-manage-token': `${held.bookingId}.1.${'A'.repeat(43)}` },
        server: pay,
      });
      await pastLookupLimit({ route: '/api/manage/payment', headers: token, server: pay });

      // The back office: the owner's policy, the Payments screen, Reconcile now (refused without
      // Razorpay's keys); the desk's view of a booking's money and its vouchers.
      const settings = await expectAnswer(200, { route: '/api/admin/payment-settings', as: owner, server: pay });
      expect(settings.json).toMatchObject({ policy: null, online: true, effective: 'first_night' });
      expect(settings.json.webhookUrl).toMatch(/^https?:\/\/[^/]+\/api\/payments\/razorpay\/webhook$/);
      const chosen = { policy: 'percent', percent: 40, holdMinutes: 30, lateRefundPercent: 0 };
      const saved = await expectAnswer(200, { method: 'PUT', route: '/api/admin/payment-settings', as: owner, server: pay, body: chosen });
      expect(saved.json).toMatchObject({ ...chosen, effective: 'percent' });
      await expectAnswer(400, {
        method: 'PUT',
        route: '/api/admin/payment-settings',
        as: owner,
        server: pay,
        body: { ...chosen, percent: 101 },
      });
      const listing = await expectAnswer(200, {
        route: '/api/admin/payments',
        path: `/api/admin/payments?q=${held.bookingId}`,
        as: owner,
        server: pay,
      });
      expect(listing.json.payments).toContainEqual(expect.objectContaining({ bookingId: held.bookingId, state: 'paid' }));
      await expectAnswer(200, { method: 'POST', route: '/api/admin/payments/reconcile', as: owner, server: pay });
      const offline = await expectAnswer(503, { method: 'POST', route: '/api/admin/payments/reconcile', as: owner });
      expect(offline.json.error).toBe('Payment Unavailable');
      const staffMoney = { route: '/api/admin/bookings/:bookingId/payment', as: desk, server: pay };
      const seenByDesk = await expectAnswer(200, { ...staffMoney, path: `/api/admin/bookings/${held.bookingId}/payment` });
      expect(seenByDesk.json).toMatchObject({
        bookingId: held.bookingId,
        status: 'confirmed',
        paidPaise: quote.json.due.dueNowPaise,
        vouchers: managed.json.vouchers,
      });
      await expectAnswer(404, { ...staffMoney, path: '/api/admin/bookings/BK100000/payment' });
      const staffVoucher = { route: '/api/admin/vouchers/:voucherNumber', as: desk, server: pay };
      expect((await expectAnswer(200, { ...staffVoucher, path: `/api/admin/vouchers/${receiptNumber}` })).json).toEqual(receipt.json);
      await expectAnswer(404, { ...staffVoucher, path: '/api/admin/vouchers/RCV-2000-999999' });
    } finally {
      await stand.close();
      // The servers of the tests above take no payments: the database says so again.
      await saveGatewayReady(db.pool, false);
    }
  });

  test('no route was left unsent: each answered every status it declares, in its declared shape', () => {
    expect(problems).toEqual([]);
    const missing: string[] = [];
    for (const route of routes) {
      const statuses = seen.get(`${route.method} ${route.url}`) ?? new Set<string>();
      for (const status of route.statuses) {
        // Health and readiness answer 503 for any database error: they make no 500.
        if (status === '500' && ['/api/health', '/api/ready'].includes(route.url)) continue;
        if (!statuses.has(status)) missing.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    // And the routes are all there is: every API route declared its answers (buildApp refuses one that does not).
    expect(routes.length).toBeGreaterThanOrEqual(50);
  });
});

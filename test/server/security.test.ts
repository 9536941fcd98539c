import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freeTries } from '../../server/auth/adminQueries';
import type { Database } from '../../server/db/database';
import { rooms as roomTypes } from '../../src/domain/rooms';
import { addDays } from '../../src/domain/dates';
import { hostileBodies, hostileText, hostileValues, pathPart, queryPart, refusalProblem, send } from './support/hostileInputs';
import type { Answer } from './support/hostileInputs';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { adminPassword, api, createAdmin, signIn, siteHeaders, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/** GitHub issue 12: the API's defences, each shown over real HTTP on every kind of database. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const roomIds = roomTypes.map((room) => room.id as string);
const plainEmail = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** What a hostile request may have stored: nothing, unless it was a legitimate request after all. */
type Stored = { bookings: number; audit: number };
const nothing: Stored = { bookings: 0, audit: 0 };

interface Probe {
  /** Where the value goes, e.g. "POST /api/bookings body.email". */
  name: string;
  send(value: unknown): Promise<Answer>;
  /** For a value the endpoint legitimately takes (a search for "' OR 1=1 --"): checks what it did, or says what is wrong. Without it any 2xx is wrong. */
  accepted?(answer: Answer, value: unknown): Promise<Stored | string>;
  /** Sign-in: a clean throttle before each try, so that every value reaches the password check. */
  before?(): Promise<void>;
}

describe.each(databaseKinds)('security on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  /** Lookups are not limited here: the hostile-input tests make hundreds (the limit has its own test). */
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let guest: ReturnType<typeof confirmBody> & { bookingId: string };
  let nightOffset = 400;

  /** A stored booking, as the confirmation screen makes it; each on its own nights so that none runs out of rooms. */
  async function book(overrides: Record<string, unknown> = {}) {
    nightOffset += 2;
    const body = confirmBody({ roomId: 'deluxe', checkIn: daysFromNow(nightOffset), checkOut: daysFromNow(nightOffset + 1), ...overrides });
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body });
    if (reply.status !== 201) throw new Error(`booking failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return { ...body, bookingId: reply.body.booking.bookingId as string };
  }

  async function counts(): Promise<Stored> {
    const { rows } = await db.pool.query(
      'SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM audit_log)::int AS audit',
    );
    return rows[0];
  }

  /** Everything a forged request could change: every booking's email and deletion, and the audit trail. */
  async function snapshot() {
    const { rows } = await db.pool.query('SELECT booking_id, email, deleted_at FROM bookings ORDER BY booking_id');
    return { rows, ...(await counts()) };
  }

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
    await createAdmin(db);
    admin = await signIn(server.url);
    guest = await book({ email: 'Private.Guest@Example.com' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });
  // Sign-in throttling counts per address too, and every test signs in from 127.0.0.1.
  beforeEach(() => db.pool.query('DELETE FROM sign_in_failures'));

  describe('the admin area', () => {
    // Three columns in every row: jest.each passes a shorter row's missing column as `done`.
    const endpoints: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/bookings?q=BK', undefined],
      ['DELETE', '/api/admin/bookings/:id', undefined],
      ['POST', '/api/admin/bookings/:id/restore', undefined],
      ['GET', '/api/admin/occupancy', undefined],
      ['GET', '/api/admin/audit', undefined],
      ['GET', '/api/admin/export?format=csv', undefined],
      ['GET', '/api/admin/export?format=json', undefined],
      [
        'POST',
        '/api/admin/import',
        [{ bookingId: 'BK800001', roomName: 'Classic Room', checkIn: null, checkOut: null, totalPrice: 0, email: 'a@example.com' }],
      ],
      // Refused before its body is even read: the import takes 5 MB.
      ['POST', '/api/admin/import', '{"not json'],
      ['GET', '/api/admin/session', undefined],
    ];

    test.each(endpoints)(
      '%s %s answers 401 without a session, 403 with only a guest key, and changes nothing',
      async (method, template, body) => {
        const url = template.replace(':id', guest.bookingId);
        const before = await snapshot();
        const forged = `hotel_session=${randomBytes(32).toString('base64url')}`;
        const cases: Array<[Record<string, string>, number, string]> = [
          [{}, 401, 'Unauthorized'],
          [{ cookie: forged }, 401, 'Unauthorized'],
          [{ 'x-guest-key': guest.guestKey }, 403, 'Forbidden'],
        ];
        for (const [headers, status, error] of cases) {
          const answer = await api(server.url, url, { method, body, headers });
          expect({ headers, status: answer.status, error: answer.body?.error }).toEqual({ headers, status, error });
          expect(answer.body.message).toMatch(/\S/);
        }
        expect(await snapshot()).toEqual(before);
      },
    );

    test('a session made on one server instance works on another, and signing out on either ends it', async () => {
      const second = await startTestServer(db);
      try {
        const session = await signIn(server.url);
        const seen = await api(second.url, '/api/admin/session', { headers: { cookie: session.cookie } });
        expect(seen).toMatchObject({ status: 200, body: { username: 'admin', csrfToken: session.csrfToken } });
        const target = await book();
        const deleted = await api(second.url, `/api/admin/bookings/${target.bookingId}`, { method: 'DELETE', headers: session.headers });
        expect(deleted.status).toBe(200);
        expect((await api(second.url, '/api/admin/sign-out', { method: 'POST', headers: session.headers })).status).toBe(204);
        expect((await api(server.url, '/api/admin/session', { headers: { cookie: session.cookie } })).status).toBe(401);
      } finally {
        await second.close();
      }
    });

    test('a session ends after a day without use; using it keeps it alive', async () => {
      const session = await signIn(server.url);
      const cookieToken = decodeURIComponent(session.cookie.split('=')[1]!);
      const tokenHash = createHash('sha256').update(cookieToken).digest();
      const idle = async (interval: string) =>
        db.pool.query(`UPDATE admin_sessions SET last_seen = now() - $2::interval WHERE token_hash = $1`, [tokenHash, interval]);
      const idleSeconds = async () =>
        (
          await db.pool.query<{ s: number }>(
            'SELECT extract(epoch FROM now() - last_seen)::float AS s FROM admin_sessions WHERE token_hash = $1',
            [tokenHash],
          )
        ).rows[0]!.s;
      const open = async () => (await api(server.url, '/api/admin/session', { headers: { cookie: session.cookie } })).status;

      // Used within the last minute: still open, and last_seen is not rewritten for every request.
      await idle('30 seconds');
      expect(await open()).toBe(200);
      expect(await idleSeconds()).toBeGreaterThanOrEqual(29);
      // Used 23 hours ago: still open, and this use starts the day again.
      await idle('23 hours');
      expect(await open()).toBe(200);
      expect(await idleSeconds()).toBeLessThan(5);
      // Left alone for over a day: closed.
      await idle('24 hours 1 minute');
      expect(await open()).toBe(401);
    });
  });

  describe('sign-in', () => {
    const signInAs = (username: string, password: string) =>
      api(server.url, '/api/admin/sign-in', { method: 'POST', body: { username, password } });

    test('fifty wrong passwords in a row are throttled; the right one waits out the delay, then signs in', async () => {
      await createAdmin(db, 'night-manager', 'the right password');
      const answers = [];
      for (let n = 1; n <= 50; n++) answers.push(await signInAs('night-manager', `wrong guess ${n}`));
      const statuses = answers.map((answer) => answer.status);
      // Five free tries are checked; the rest come within the 1 s delay and are refused unchecked.
      // On a machine too busy to send 45 requests in a second, the next delays (2 s, 4 s) let one
      // or two more through: never the 45 an unthrottled server would check.
      expect(statuses.slice(0, freeTries + 1)).toEqual([...Array<number>(freeTries).fill(401), 429]);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(freeTries + 2);
      for (const answer of answers.filter((reply) => reply.status === 429)) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(answer.body).toEqual({
          error: 'Too Many Requests',
          message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/),
        });
      }

      const early = await signInAs('night-manager', 'the right password');
      expect(early.status).toBe(429);
      const wait = Number(early.headers.get('retry-after'));
      // 1 s after five failures (at most 4 s on a busy machine): the test stays fast.
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(4);
      await sleep(wait * 1000);
      const session = await signIn(server.url, 'night-manager', 'the right password');
      const seen = await api(server.url, '/api/admin/session', { headers: { cookie: session.cookie } });
      expect(seen).toMatchObject({ status: 200, body: { username: 'night-manager' } });
    });

    test('twenty wrong passwords sent at once get no more checks than the free tries', async () => {
      await createAdmin(db, 'day-manager', 'the right password');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signInAs('day-manager', `parallel guess ${n}`)));
      const checked = answers.filter((answer) => answer.status === 401).length;
      // Without the lock all twenty were checked. One more may slip in only if the machine takes
      // over a second (the first delay) for the other fifteen.
      expect(checked).toBeGreaterThanOrEqual(freeTries);
      expect(checked).toBeLessThanOrEqual(freeTries + 1);
      expect(answers.filter((answer) => answer.status === 429).length).toBe(20 - checked);
    });

    test('a wrong name gets exactly the answer a wrong password gets', async () => {
      const wrongName = await signInAs('no-such-admin', adminPassword);
      const wrongPassword = await signInAs('admin', 'not the password');
      expect(wrongName.status).toBe(401);
      expect(wrongName.body).toEqual({ error: 'Unauthorized', message: 'Wrong name or password.' });
      expect(wrongPassword.status).toBe(wrongName.status);
      expect(wrongPassword.body).toEqual(wrongName.body);
      const headerNames = (answer: Answer | Awaited<ReturnType<typeof api>>) => [...answer.headers.keys()].sort();
      expect(headerNames(wrongPassword)).toEqual(headerNames(wrongName));
      expect(wrongName.headers.get('set-cookie')).toBeNull();
    });

    test('passwords are stored only as salted scrypt hashes, and session cookies only as their hashes', async () => {
      await createAdmin(db, 'second-admin', adminPassword);
      const admins = await db.pool.query<{ username: string; password_hash: string }>('SELECT username, password_hash FROM admins');
      for (const row of admins.rows) expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      const sameSecret = admins.rows.filter((row) => row.username === 'admin' || row.username === 'second-admin');
      expect(new Set(sameSecret.map((row) => row.password_hash)).size).toBe(2);

      // Nowhere in the database: neither the password nor a session cookie's token.
      const token = admin.cookie.split('=')[1]!;
      const tables = await db.pool.query<{ name: string }>(
        `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
      );
      for (const { name } of tables.rows) {
        const dump = await db.pool.query<{ text: string | null }>(`SELECT string_agg(t::text, E'\\n') AS text FROM ${name} t`);
        expect(dump.rows[0]!.text ?? '').not.toContain(adminPassword);
        expect(dump.rows[0]!.text ?? '').not.toContain(token);
        expect(dump.rows[0]!.text ?? '').not.toContain(Buffer.from(token).toString('hex'));
      }
    });
  });

  describe('guest lookups', () => {
    test('a booking read by its ID alone, or with a wrong key, never shows the email', async () => {
      const keys = ['', 'A'.repeat(43), "' OR 1=1 --", '<script>alert(1)</script>', guest.guestKey.toLowerCase(), 'x'.repeat(10_000)];
      for (const id of [guest.bookingId, guest.bookingId.toLowerCase()]) {
        for (const key of [undefined, ...keys]) {
          const answer = await send(`${server.url}/api/bookings/${id}`, { headers: key === undefined ? {} : { 'x-guest-key': key } });
          expect({ key, status: answer.status }).toEqual({ key, status: 200 });
          expect(answer.json).toEqual({ booking: { bookingId: guest.bookingId, checkIn: guest.checkIn, checkOut: guest.checkOut } });
          expect(answer.text.toLowerCase()).not.toContain('private.guest');
        }
      }
    });

    test('a wrong email says no more than an unknown ID: same status, same fields, same message', async () => {
      const unknownId = 'BK999997';
      const pairs: Array<[string, (id: string) => Promise<Answer>]> = [
        [
          'lookup',
          (id) =>
            send(`${server.url}/api/bookings/lookup`, {
              method: 'POST',
              headers: siteHeaders,
              body: JSON.stringify({ bookingId: id, email: 'someone@else.com' }),
            }),
        ],
        [
          'email change',
          (id) =>
            send(`${server.url}/api/bookings/${id}/email`, {
              method: 'PUT',
              headers: siteHeaders,
              body: JSON.stringify({ email: 'thief@else.com', currentEmail: 'someone@else.com' }),
            }),
        ],
      ];
      for (const [name, ask] of pairs) {
        const wrongEmail = await ask(guest.bookingId);
        const unknown = await ask(unknownId);
        const seen = (answer: Answer, id: string) => ({
          name,
          status: answer.status,
          fields: Object.keys(answer.json).sort(),
          error: answer.json.error,
          message: answer.json.message.replace(id, '<ID>'),
          headers: [...answer.headers.keys()].sort(),
        });
        expect(seen(wrongEmail, guest.bookingId)).toEqual(seen(unknown, unknownId));
        expect(wrongEmail.status).toBe(404);
        expect(wrongEmail.text.toLowerCase()).not.toContain('private.guest');
      }
      expect((await db.pool.query('SELECT email FROM bookings WHERE booking_id = $1', [guest.bookingId])).rows[0].email).toBe(
        'Private.Guest@Example.com',
      );
    });

    test('walking 1,000 booking IDs from one address is cut off by the lookup limit', async () => {
      const limited = await startTestServer(db, { limits: { lookupsPerMinute: 30 } }); // the default limit
      await db.pool.query('DELETE FROM rate_limits');
      try {
        let answered = 0;
        let refused = 0;
        let lastRefusal: Answer | undefined;
        // Stops once the limit has clearly held; without a limit all 1,000 are answered and the count fails.
        for (let n = 0; n < 1000 && refused < 50; n++) {
          const id = `BK${300_000 + n}`;
          // The three lookups share one limit, so a walker gains nothing by switching between them.
          const answer =
            n % 3 === 0
              ? await send(`${limited.url}/api/bookings/${id}`)
              : n % 3 === 1
                ? await send(`${limited.url}/api/bookings/lookup`, {
                    method: 'POST',
                    headers: siteHeaders,
                    body: JSON.stringify({ bookingId: id, email: 'a@example.com' }),
                  })
                : await send(`${limited.url}/api/bookings/${id}/email`, {
                    method: 'PUT',
                    headers: siteHeaders,
                    body: JSON.stringify({ email: 'a@example.com', currentEmail: 'b@example.com' }),
                  });
          if (answer.status === 429) {
            refused++;
            lastRefusal = answer;
          } else answered++;
        }
        expect(answered).toBeLessThanOrEqual(30);
        expect(refused).toBe(50);
        expect(refusalProblem(lastRefusal!)).toBeNull();
        expect(lastRefusal!.json.message).toMatch(/Too many booking lookups/);
        expect(Number(lastRefusal!.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    });
  });

  describe('cross-site requests', () => {
    const form = (fields: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();
    const formType = { 'content-type': 'application/x-www-form-urlencoded' };
    const evil = { origin: 'https://evil.example' };
    type Forgery = [string, () => { method: string; path: string; headers: Record<string, string>; body?: string }, number];
    const forgeries: Forgery[] = [
      ['a form posting a booking', () => ({ method: 'POST', path: '/api/bookings', headers: formType, body: form(confirmBody()) }), 403],
      [
        'a text/plain form holding JSON',
        () => ({ method: 'POST', path: '/api/bookings', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(confirmBody()) }),
        403,
      ],
      [
        'a booking from a foreign Origin',
        () => ({ method: 'POST', path: '/api/bookings', headers: { ...siteHeaders, ...evil }, body: JSON.stringify(confirmBody()) }),
        403,
      ],
      [
        'a booking the browser marks cross-site',
        () => ({
          method: 'POST',
          path: '/api/bookings',
          headers: { ...siteHeaders, 'sec-fetch-site': 'cross-site' },
          body: JSON.stringify(confirmBody()),
        }),
        403,
      ],
      [
        'a booking from a sibling site',
        () => ({
          method: 'POST',
          path: '/api/bookings',
          headers: { ...siteHeaders, 'sec-fetch-site': 'same-site' },
          body: JSON.stringify(confirmBody()),
        }),
        403,
      ],
      [
        'a booking from a sandboxed frame (Origin: null)',
        () => ({ method: 'POST', path: '/api/bookings', headers: { ...siteHeaders, origin: 'null' }, body: JSON.stringify(confirmBody()) }),
        403,
      ],
      [
        'a booking as a form with the site header',
        () => ({
          method: 'POST',
          path: '/api/bookings',
          headers: { ...formType, 'x-requested-with': 'hotel-site' },
          body: form(confirmBody()),
        }),
        415,
      ],
      [
        'an email change as a form',
        () => ({
          method: 'PUT',
          path: `/api/bookings/${guest.bookingId}/email`,
          headers: formType,
          body: form({ email: 'evil@example.com', currentEmail: guest.email }),
        }),
        403,
      ],
      [
        'an email change with the key from a foreign Origin',
        () => ({
          method: 'PUT',
          path: `/api/bookings/${guest.bookingId}/email`,
          headers: { ...siteHeaders, ...evil, 'x-guest-key': guest.guestKey },
          body: JSON.stringify({ email: 'evil@example.com' }),
        }),
        403,
      ],
      [
        'an email change without the site header',
        () => ({
          method: 'PUT',
          path: `/api/bookings/${guest.bookingId}/email`,
          headers: { 'content-type': 'application/json', 'x-guest-key': guest.guestKey },
          body: JSON.stringify({ email: 'evil@example.com' }),
        }),
        403,
      ],
      [
        'an admin delete from a foreign Origin',
        () => ({
          method: 'DELETE',
          path: `/api/admin/bookings/${guest.bookingId}`,
          headers: { ...admin.headers, 'x-requested-with': 'hotel-site', ...evil },
        }),
        403,
      ],
      [
        'an admin delete without the site header',
        () => ({ method: 'DELETE', path: `/api/admin/bookings/${guest.bookingId}`, headers: admin.headers }),
        403,
      ],
      [
        'an admin delete without the CSRF token',
        () => ({
          method: 'DELETE',
          path: `/api/admin/bookings/${guest.bookingId}`,
          headers: { cookie: admin.cookie, 'x-requested-with': 'hotel-site' },
        }),
        403,
      ],
      [
        'an admin delete with a wrong CSRF token',
        () => ({
          method: 'DELETE',
          path: `/api/admin/bookings/${guest.bookingId}`,
          headers: { cookie: admin.cookie, 'x-requested-with': 'hotel-site', 'x-csrf-token': 'A'.repeat(43) },
        }),
        403,
      ],
      [
        'an admin import as a form',
        () => ({
          method: 'POST',
          path: '/api/admin/import',
          headers: { ...formType, cookie: admin.cookie },
          body: form({ bookingId: 'BK800002', roomName: 'Classic Room', email: 'a@b.co', totalPrice: 0 }),
        }),
        403,
      ],
    ];

    test.each(forgeries)('%s is refused and changes nothing', async (_name, build, status) => {
      const before = await snapshot();
      const { method, path: where, headers, body } = build();
      const answer = await send(server.url + where, { method, headers, body });
      expect(answer.status).toBe(status);
      expect(refusalProblem(answer)).toBeNull();
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('hostile input', () => {
    const json = (method: string, where: string, body: unknown, headers: Record<string, string> = {}) =>
      send(server.url + where, { method, headers: { ...siteHeaders, ...headers }, body: JSON.stringify(body) });
    const get = (where: string, headers: Record<string, string> = {}) => send(server.url + where, { headers });
    const asAdmin = () => ({ ...admin.headers, 'x-requested-with': 'hotel-site' });
    let importId = 810_000;
    // A past stay (a backup holds the bookings already made), each on its own night.
    const importRecord = () => ({
      bookingId: `BK${++importId}`,
      roomName: 'Classic Room',
      checkIn: addDays('2020-01-01', importId - 810_000),
      checkOut: addDays('2020-01-02', importId - 810_000),
      totalPrice: 0,
      email: 'import@example.com',
    });

    /** A confirm that went through must have stored exactly what it answered, and that must be a valid booking. */
    async function storedBooking(answer: Answer, field: string, value: unknown): Promise<Stored | string> {
      if (answer.status !== 201) return `answered ${answer.status}`;
      const booking = answer.json.booking;
      const { rows } = await db.pool.query('SELECT email, rooms, room_id, package_index FROM bookings WHERE booking_id = $1', [
        booking.bookingId,
      ]);
      const row = rows[0];
      if (!row || row.email !== booking.email || row.rooms !== booking.rooms)
        return `stored ${JSON.stringify(row)} but answered ${answer.text}`;
      if (!plainEmail.test(row.email) || ![1, 2, 3].includes(row.rooms) || row.package_index !== 0 || !roomIds.includes(row.room_id))
        return `stored an invalid booking ${JSON.stringify(row)}`;
      if (field === 'email' && row.email !== value) return `stored the email as ${JSON.stringify(row.email)}`;
      return { bookings: 1, audit: 0 };
    }

    /** A search must find exactly the bookings holding the text: "' OR 1=1 --" finds none. */
    async function searched(answer: Answer, sent: unknown): Promise<Stored | string> {
      // One value in an array goes as ?q=2: the query string cannot tell it from 2.
      const value = Array.isArray(sent) && sent.length === 1 ? (sent[0] as unknown) : sent;
      if (typeof value === 'object' && value !== null) return `searched for ${JSON.stringify(value)}`;
      const text = (value === null ? '' : String(value)).trim().toLowerCase();
      const { rows } = await db.pool.query<{ haystack: string }>(
        `SELECT booking_id || chr(31) || email || chr(31) || room_name AS haystack FROM bookings WHERE deleted_at IS NULL`,
      );
      const expected = rows.filter((row) => row.haystack.toLowerCase().includes(text)).length;
      if (answer.json.total !== Math.min(expected, 10_000)) return `found ${answer.json.total}, expected ${expected}`;
      return nothing;
    }

    async function imported(answer: Answer, field?: string, value?: unknown): Promise<Stored | string> {
      if (answer.status !== 200 || typeof answer.json.imported !== 'number')
        return `answered ${answer.status} ${answer.text.slice(0, 200)}`;
      const count = answer.json.imported as number;
      // An imported booking must be one the admin can delete: its ID fits DELETE /api/admin/bookings/:bookingId.
      if (count > 0 && field === 'bookingId' && !/^[A-Za-z0-9_-]{1,64}$/.test(String(value)))
        return `imported the ID ${JSON.stringify(value)}`;
      if (count > 0 && (field === 'email' || field === 'roomName')) {
        const column = field === 'email' ? 'email' : 'room_name';
        const { rows } = await db.pool.query(`SELECT ${column} AS value FROM bookings WHERE booking_id = $1`, [`BK${importId}`]);
        if (rows[0]?.value !== value) return `stored ${field} as ${JSON.stringify(rows[0]?.value)}`;
      }
      return { bookings: count, audit: count };
    }

    function fieldProbes(name: string, fields: string[], make: (field: string) => Omit<Probe, 'name'>): Probe[] {
      return fields.map((field) => ({ name: `${name} ${field}`, ...make(field) }));
    }

    const probes: Record<string, () => Probe[]> = {
      'GET /api/availability': () =>
        fieldProbes('GET /api/availability', ['checkIn', 'checkOut'], (field) => ({
          send: (value) => {
            const stay: Record<string, unknown> = { checkIn: daysFromNow(10), checkOut: daysFromNow(12), [field]: value };
            return get(
              `/api/availability?${Object.entries(stay)
                .map(([key, item]) => queryPart(key, item))
                .join('&')}`,
            );
          },
        })),
      'POST /api/bookings': () => [
        ...fieldProbes(
          'POST /api/bookings body.',
          ['draftId', 'bookingId', 'roomId', 'packageIndex', 'rooms', 'checkIn', 'checkOut', 'email', 'guestKey'],
          (field) => ({
            send: (value) => {
              nightOffset += 2;
              return json('POST', '/api/bookings', {
                ...confirmBody({ roomId: 'deluxe', checkIn: daysFromNow(nightOffset), checkOut: daysFromNow(nightOffset + 1) }),
                [field]: value,
              });
            },
            accepted: (answer, value) => storedBooking(answer, field, value),
          }),
        ),
        { name: 'POST /api/bookings an unknown field', send: (value) => json('POST', '/api/bookings', { ...confirmBody(), note: value }) },
      ],
      'GET /api/bookings/:bookingId': () => [
        { name: 'GET /api/bookings/:bookingId', send: (value) => get(`/api/bookings/${pathPart(value)}`) },
      ],
      'POST /api/bookings/lookup': () =>
        fieldProbes('POST /api/bookings/lookup body.', ['bookingId', 'email'], (field) => ({
          send: (value) => json('POST', '/api/bookings/lookup', { bookingId: guest.bookingId, email: guest.email, [field]: value }),
        })),
      'PUT /api/bookings/:bookingId/email': () => [
        {
          name: 'PUT /api/bookings/:bookingId/email path',
          send: (value) => json('PUT', `/api/bookings/${pathPart(value)}/email`, { email: 'new@example.com' }),
        },
        {
          name: 'PUT /api/bookings/:bookingId/email body.email (with the key)',
          send: (value) => json('PUT', `/api/bookings/${guest.bookingId}/email`, { email: value }, { 'x-guest-key': guest.guestKey }),
          accepted: async (answer, value) => {
            const { rows } = await db.pool.query('SELECT email FROM bookings WHERE booking_id = $1', [guest.bookingId]);
            if (answer.status !== 200 || rows[0].email !== value || !plainEmail.test(rows[0].email))
              return `stored ${JSON.stringify(rows[0].email)}`;
            await db.pool.query('UPDATE bookings SET email = $2 WHERE booking_id = $1', [guest.bookingId, guest.email]);
            return { bookings: 0, audit: 1 };
          },
        },
        {
          name: 'PUT /api/bookings/:bookingId/email body.currentEmail',
          send: (value) => json('PUT', `/api/bookings/${guest.bookingId}/email`, { email: 'new@example.com', currentEmail: value }),
        },
      ],
      'POST /api/admin/sign-in': () =>
        fieldProbes('POST /api/admin/sign-in body.', ['username', 'password'], (field) => ({
          before: async () => void (await db.pool.query('DELETE FROM sign_in_failures')),
          send: (value) => json('POST', '/api/admin/sign-in', { username: 'admin', password: 'not the password', [field]: value }),
        })),
      'GET /api/admin/bookings': () =>
        fieldProbes('GET /api/admin/bookings query', ['q', 'page', 'pageSize'], (field) => ({
          send: (value) => get(`/api/admin/bookings?${queryPart(field, value)}`, admin.headers),
          accepted: async (answer, value) => {
            if (field === 'q') return searched(answer, value);
            return answer.json[field] === Number(value) ? nothing : `answered ${field} ${answer.json[field]} for ${JSON.stringify(value)}`;
          },
        })),
      'DELETE /api/admin/bookings/:bookingId': () => [
        {
          name: 'DELETE /api/admin/bookings/:bookingId',
          send: (value) => send(`${server.url}/api/admin/bookings/${pathPart(value)}`, { method: 'DELETE', headers: asAdmin() }),
        },
      ],
      'POST /api/admin/bookings/:bookingId/restore': () => [
        {
          name: 'POST /api/admin/bookings/:bookingId/restore',
          send: (value) => send(`${server.url}/api/admin/bookings/${pathPart(value)}/restore`, { method: 'POST', headers: asAdmin() }),
        },
      ],
      'GET /api/admin/occupancy': () =>
        fieldProbes('GET /api/admin/occupancy query', ['from', 'days'], (field) => ({
          send: (value) => get(`/api/admin/occupancy?${queryPart(field, value)}`, admin.headers),
          accepted: async (answer, value) =>
            field === 'days' &&
            answer.json.days === Number(value) &&
            answer.json.rooms.every((room: { booked: number[] }) => room.booked.length === Number(value))
              ? nothing
              : `answered ${answer.text.slice(0, 200)}`,
        })),
      'GET /api/admin/export': () => [
        {
          name: 'GET /api/admin/export query format',
          send: (value) => get(`/api/admin/export?${queryPart('format', value)}`, admin.headers),
        },
      ],
      'POST /api/admin/import': () => [
        {
          name: 'POST /api/admin/import the whole body',
          send: (value) => json('POST', '/api/admin/import', value, asAdmin()),
          accepted: (answer) => imported(answer),
        },
        ...fieldProbes(
          'POST /api/admin/import record.',
          ['bookingId', 'roomName', 'email', 'checkIn', 'checkOut', 'totalPrice', 'rooms', 'createdAt'],
          (field) => ({
            send: (value) => json('POST', '/api/admin/import', [{ ...importRecord(), [field]: value }], asAdmin()),
            accepted: (answer, value) => imported(answer, field, value),
          }),
        ),
      ],
    };

    /** What is wrong with how this probe handled this value, or null. */
    async function problemWith(probe: Probe, label: string, value: unknown): Promise<string | null> {
      await probe.before?.();
      const before = await counts();
      const answer = await probe.send(value);
      const after = await counts();
      const where = `${probe.name} ← ${label}: ${answer.status}`;
      if (answer.status >= 400) {
        const problem = refusalProblem(answer);
        if (problem) return `${where} ${problem} ${answer.text.slice(0, 200)}`;
        if (after.bookings !== before.bookings || after.audit !== before.audit) return `${where} but stored something`;
        return null;
      }
      if (!probe.accepted) return `${where} ${answer.text.slice(0, 200)}`;
      const stored = await probe.accepted(answer, value);
      if (typeof stored === 'string') return `${where} ${stored}`;
      if (after.bookings - before.bookings !== stored.bookings || after.audit - before.audit !== stored.audit) {
        return `${where} stored ${JSON.stringify({ bookings: after.bookings - before.bookings, audit: after.audit - before.audit })}, expected ${JSON.stringify(stored)}`;
      }
      return null;
    }

    // Values past the plain list that only the import reads: numbers and timestamps PostgreSQL cannot hold.
    const dateExtras: Array<[string, unknown]> = [
      ['a day February does not have', '2027-02-30'],
      ['year zero', '0000-01-01'],
      ['a year PostgreSQL cannot hold', '99999-01-01'],
    ];
    const importExtras: Array<[string, unknown]> = [
      ['a price past 32 bits', 1e12],
      ['a year PostgreSQL cannot hold', '10000-01-01'],
      ['a timestamp only JavaScript reads', '2'],
      ['a far-off US date', '12/31/9999'],
    ];

    test.each(Object.keys(probes))('%s: every hostile value gets a 4xx { error, message } and stores nothing', async (endpoint) => {
      const problems: string[] = [];
      for (const probe of probes[endpoint]!()) {
        const values = [
          ...hostileValues,
          ...(probe.name.includes('import record') ? importExtras : []),
          ...(/check(In|Out)|from/.test(probe.name) ? dateExtras : []),
        ];
        for (const [label, value] of values) {
          const problem = await problemWith(probe, label, value);
          if (problem) problems.push(problem);
        }
      }
      expect(problems).toEqual([]);
    });

    const bodyEndpoints: Array<[string, string, () => Record<string, string>]> = [
      ['POST', '/api/bookings', () => ({})],
      ['POST', '/api/bookings/lookup', () => ({})],
      ['PUT', '/api/bookings/:id/email', () => ({ 'x-guest-key': guest.guestKey })],
      ['POST', '/api/admin/sign-in', () => ({})],
      ['POST', '/api/admin/import', () => asAdmin()],
    ];

    test.each(bodyEndpoints)(
      '%s %s: bodies no page of ours sends get a 4xx { error, message } and store nothing',
      async (method, template, headers) => {
        const problems: string[] = [];
        for (const [label, contentType, body] of hostileBodies) {
          const probe: Probe = {
            name: `${method} ${template}`,
            send: () =>
              send(server.url + template.replace(':id', guest.bookingId), {
                method,
                headers: { ...siteHeaders, ...headers(), 'content-type': contentType },
                body,
              }),
            // The import takes up to 5 MB and reads any JSON array record by record; anything but an array is a 400.
            accepted: template === '/api/admin/import' ? (answer) => imported(answer) : undefined,
          };
          const problem = await problemWith(probe, label, body);
          if (problem) problems.push(problem);
        }
        expect(problems).toEqual([]);
      },
    );

    test('hostile text in the guest key header and the session cookie is refused like any wrong key', async () => {
      for (const [label, value] of hostileText) {
        // Headers carry bytes, not Unicode: only the ASCII values can be sent at all.
        if (!/^[\x20-\x7e]*$/.test(value)) continue;
        const read = await get(`/api/bookings/${guest.bookingId}`, { 'x-guest-key': value });
        expect({ label, status: read.status, fields: Object.keys(read.json.booking) }).toEqual({
          label,
          status: 200,
          fields: ['bookingId', 'checkIn', 'checkOut'],
        });
        const session = await get('/api/admin/session', { cookie: `hotel_session=${encodeURIComponent(value)}` });
        expect({ label, status: session.status }).toEqual({ label, status: 401 });
      }
    });

    test('after all of it the bookings table is still there and still answers', async () => {
      const { rows } = await db.pool.query(
        `SELECT to_regclass('public.bookings') IS NOT NULL AS present, (SELECT count(*) FROM bookings)::int AS n`,
      );
      expect(rows[0].present).toBe(true);
      expect(rows[0].n).toBeGreaterThan(0);
      expect((await api(server.url, `/api/admin/bookings?q=${guest.bookingId}`, { headers: admin.headers })).body.total).toBe(1);
    });
  });

  describe('response headers', () => {
    let dist: string;
    let site: TestServer;
    beforeAll(async () => {
      // A stand-in for the production build (the server tests run before `npm run build`).
      dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-dist-'));
      const page = (title: string) =>
        `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; object-src 'none'"><title>${title}</title></head><body></body></html>`;
      for (const name of ['index', 'booking', 'app', '404']) await writeFile(path.join(dist, `${name}.html`), page(name));
      site = await startTestServer(db, { distDir: dist });
    });
    afterAll(async () => {
      await site?.close();
      await rm(dist, { recursive: true, force: true });
    });

    /** A body sent in chunks with no Content-Length: the limit must hold while it streams in. */
    function streamed(url: string, bytes: number): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const outgoing = httpRequest(url, { method: 'POST', headers: siteHeaders }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: new Headers(response.headers as Record<string, string>),
              text,
              json: JSON.parse(text),
            }),
          );
        });
        outgoing.on('error', reject);
        const chunk = JSON.stringify({ email: 'x'.repeat(1024) });
        for (let sent = 0; sent < bytes; sent += chunk.length) outgoing.write(chunk);
        outgoing.end();
      });
    }

    test('every answer carries the security headers: pages, API answers, 404s and errors', async () => {
      const big = JSON.stringify({ ...confirmBody(), email: 'x'.repeat(17 * 1024) });
      const answers: Array<[string, Answer, number]> = [
        ['the home page', await send(`${site.url}/`), 200],
        ['the booking page', await send(`${site.url}/booking`), 200],
        ['an app page', await send(`${site.url}/admin-bookings`), 200],
        ['a missing file', await send(`${site.url}/missing.txt`), 404],
        ['an API answer', await send(`${site.url}/api/health`), 200],
        ['an unknown API route', await send(`${site.url}/api/nothing-here`), 404],
        ['a bad request', await send(`${site.url}/api/availability?checkIn=soon&checkOut=later`), 400],
        ['a malformed URL', await send(`${site.url}/api/bookings/%E0%A4%A`), 400],
        // The API alone (no site): with the site, its catch-all page route answers 404 instead.
        ['an over-long booking ID', await send(`${server.url}/api/bookings/${'B'.repeat(200)}`), 414],
        ['no session', await send(`${site.url}/api/admin/audit`), 401],
        [
          'a cross-site post',
          await send(`${site.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
          403,
        ],
        ['a body over 16 KB', await send(`${site.url}/api/bookings`, { method: 'POST', headers: siteHeaders, body: big }), 413],
        ['a streamed body over 16 KB', await streamed(`${site.url}/api/bookings`, 20 * 1024), 413],
      ];
      const problems: string[] = [];
      for (const [name, answer, status] of answers) {
        const policy = answer.headers.get('content-security-policy') ?? '';
        if (answer.status !== status) problems.push(`${name}: status ${answer.status}, expected ${status}`);
        if (!policy.includes("frame-ancestors 'none'") || !policy.includes("default-src 'self'"))
          problems.push(`${name}: Content-Security-Policy "${policy}"`);
        if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push(`${name}: no X-Content-Type-Options: nosniff`);
        if (!/^(DENY|SAMEORIGIN)$/.test(answer.headers.get('x-frame-options') ?? '')) problems.push(`${name}: no X-Frame-Options`);
        if (name.includes('page') && !answer.text.includes('<meta name="hotel-mode" content="on" />'))
          problems.push(`${name}: not a hotel-mode page`);
        if (status === 413) {
          if (answer.status === 413 && refusalProblem(answer)) problems.push(`${name}: ${refusalProblem(answer)}`);
          if (answer.json?.error !== 'Payload Too Large') problems.push(`${name}: ${answer.text.slice(0, 200)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    test.each([
      ['POST', '/api/bookings/lookup'],
      ['PUT', '/api/bookings/BK100001/email'],
      ['POST', '/api/admin/sign-in'],
    ])('%s %s: a body over 16 KB gets 413 with JSON', async (method, where) => {
      const answer = await send(server.url + where, {
        method,
        headers: siteHeaders,
        body: JSON.stringify({ email: 'x'.repeat(17 * 1024) }),
      });
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual({ error: 'Payload Too Large', message: 'The request body is too large.' });
    });
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setAdminPassword } from '../../server/auth/adminQueries';
import { hotelToday } from '../../server/bookingRules';
import { readConfig, siteHostNames } from '../../server/config';
import type { Database } from '../../server/db/database';
import { addDays } from '../../src/domain/dates';
import { send } from './support/hostileInputs';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { adminPassword, api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 35: what an attack on the running hotel found, items 3 (the guest's email change mailing
 * strangers) and 9 (the smaller ones), each over real HTTP on every kind of database. Each test
 * failed before its fix.
 */

const from = (address: string) => ({ 'x-forwarded-for': address });

/** A request with exactly these headers, Host included (fetch will not send another Host). */
function rawRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

describe.each(databaseKinds)('what the attack found (issue 35) on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  /** Behind a "proxy" at 127.0.0.1 (the test itself): X-Forwarded-For names the guest's address. */
  let proxied: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const today = hotelToday();
  let nightOffset = 20;

  function stay(nights = 1) {
    nightOffset += nights + 1;
    return { checkIn: addDays(today, nightOffset), checkOut: addDays(today, nightOffset + nights) };
  }
  async function book(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const body = confirmBody({ roomId: 'deluxe', ...stay(), ...overrides });
    const answer = await api(proxied.url, '/api/bookings', { method: 'POST', body, headers });
    if (answer.status !== 201) throw new Error(`booking failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { ...body, bookingId: answer.body.booking.bookingId as string };
  }
  const mailed = async (bookingId: string) =>
    (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE booking_id = $1', [bookingId])).rows[0]!.n;
  const emailOf = async (bookingId: string) =>
    (await db.pool.query<{ email: string }>('SELECT email FROM bookings WHERE booking_id = $1', [bookingId])).rows[0]!.email;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await createAdmin(db);
    proxied = await startTestServer(db, { trustProxy: readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy });
    admin = await signIn(proxied.url);
  });
  afterAll(async () => {
    await proxied?.close();
    await database?.remove();
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM rate_limits');
    await db.pool.query('DELETE FROM sign_in_failures');
  });

  describe('3. the guest’s email change', () => {
    const changeEmail = (server: TestServer, bookingId: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      api(server.url, `/api/bookings/${bookingId}/email`, { method: 'PUT', body, headers });

    test('mails at most three changes an hour per booking, from any address and on any instance: the fourth is 429 and mails nothing', async () => {
      const guest = await book();
      const confirmation = await mailed(guest.bookingId);
      const other = await startTestServer(db, { trustProxy: '127.0.0.1' });
      try {
        for (let n = 1; n <= 3; n++) {
          const server = n % 2 ? proxied : other;
          const answer = await changeEmail(
            server,
            guest.bookingId,
            { email: `stranger${n}@example.com` },
            { 'x-guest-key': guest.guestKey, ...from(`198.51.100.${n}`) },
          );
          expect(answer.status).toBe(200);
        }
        // A notice to the old address and one to the new for each change.
        expect(await mailed(guest.bookingId)).toBe(confirmation + 3 * 2);
        for (const server of [proxied, other]) {
          const refused = await changeEmail(
            server,
            guest.bookingId,
            { email: 'stranger4@example.com', currentEmail: 'stranger3@example.com' },
            from('203.0.113.77'),
          );
          expect(refused.status).toBe(429);
          expect(refused.body).toEqual({
            error: 'Too Many Requests',
            message: expect.stringMatching(
              /^This booking's email address was changed 3 times in the last hour\. Please try again in \d+ minutes?, or call the hotel\.$/,
            ),
          });
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
        }
        expect(await mailed(guest.bookingId)).toBe(confirmation + 3 * 2);
        expect(await emailOf(guest.bookingId)).toBe('stranger3@example.com');
        // Another booking's changes are its own.
        const second = await book();
        expect(
          (await changeEmail(proxied, second.bookingId, { email: 'someone.else@example.com' }, { 'x-guest-key': second.guestKey })).status,
        ).toBe(200);
      } finally {
        await other.close();
      }
    });

    test('the same address again, in any letter case, is refused with a message and mails nothing', async () => {
      const guest = await book({ email: 'Same.Guest@example.com' });
      const before = await mailed(guest.bookingId);
      for (const email of ['Same.Guest@example.com', 'same.guest@EXAMPLE.com']) {
        const answer = await changeEmail(proxied, guest.bookingId, { email }, { 'x-guest-key': guest.guestKey });
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({
          error: 'Conflict',
          message: 'This booking already uses that email address: nothing was changed, and nothing was sent.',
        });
      }
      expect(await mailed(guest.bookingId)).toBe(before);
      const audited = await db.pool.query(`SELECT 1 FROM audit_log WHERE booking_id = $1 AND action = 'email'`, [guest.bookingId]);
      expect(audited.rowCount).toBe(0);
    });

    test('a cancelled or finished stay (checked out, a no-show, past its check-out) keeps its email: 409 in words for the guest, nothing mailed', async () => {
      const later = await startTestServer(db, { trustProxy: '127.0.0.1', now: () => new Date(Date.now() + 3 * 86_400_000) });
      try {
        const move = (server: TestServer, bookingId: string, to: string) =>
          moveSettled((path, init) => api(server.url, path, { ...init, headers: admin.headers }), bookingId, to);
        const deskBooking = async (checkIn: string, checkOut: string) => {
          const answer = await api(proxied.url, '/api/admin/desk/bookings', {
            method: 'POST',
            headers: admin.headers,
            body: {
              draftId: confirmBody().draftId,
              channel: 'walk-in',
              roomId: 'deluxe',
              packageIndex: 0,
              rooms: 1,
              email: 'desk.guest@example.com',
              checkIn,
              checkOut,
            },
          });
          expect(answer.status).toBe(201);
          return answer.body.booking.bookingId as string;
        };
        const cancelled = await book({ email: 'cancelled@example.com' });
        expect((await move(proxied, cancelled.bookingId, 'cancelled')).status).toBe(200);
        const checkedOut = await deskBooking(today, addDays(today, 1));
        expect((await move(proxied, checkedOut, 'checked_in')).status).toBe(200);
        expect((await move(proxied, checkedOut, 'checked_out')).status).toBe(200);
        const noShow = await deskBooking(addDays(today, 1), addDays(today, 2));
        expect((await move(later, noShow, 'no_show')).status).toBe(200);
        // A stay already over, from a browser backup (the import keeps past stays).
        const imported = await api(proxied.url, '/api/admin/import', {
          method: 'POST',
          headers: admin.headers,
          body: [
            {
              bookingId: 'BK735001',
              roomName: 'Classic Room',
              checkIn: '2024-03-01',
              checkOut: '2024-03-03',
              totalPrice: 6000,
              email: 'past.guest@example.com',
              rooms: 1,
            },
          ],
        });
        expect(imported.body.imported).toBe(1);

        const cases: Array<[string, string, string]> = [
          [cancelled.bookingId, 'cancelled@example.com', 'This booking is cancelled.'],
          [checkedOut, 'desk.guest@example.com', 'This booking is checked out.'],
          [noShow, 'desk.guest@example.com', 'This booking was a no-show.'],
          ['BK735001', 'past.guest@example.com', 'This stay ended on 3 March 2024.'],
        ];
        for (const [bookingId, currentEmail, first] of cases) {
          const before = await mailed(bookingId);
          const answer = await changeEmail(proxied, bookingId, { email: 'new.address@example.com', currentEmail });
          expect({ bookingId, status: answer.status, body: answer.body }).toEqual({
            bookingId,
            status: 409,
            body: {
              error: 'Conflict',
              message: `${first} Its email address can no longer be changed; for anything about it, please call the hotel.`,
            },
          });
          expect(await mailed(bookingId)).toBe(before);
          expect(await emailOf(bookingId)).toBe(currentEmail);
        }
        // A guest in the house may still change it.
        const inHouse = await deskBooking(today, addDays(today, 2));
        expect((await move(proxied, inHouse, 'checked_in')).status).toBe(200);
        expect(
          (await changeEmail(proxied, inHouse, { email: 'in.house@example.com', currentEmail: 'desk.guest@example.com' })).status,
        ).toBe(200);
      } finally {
        await later.close();
      }
    });
  });

  describe('9. smaller findings', () => {
    test('a right sign-in does not clear the address’s failed tries: signing in to one’s own account buys no more guesses', async () => {
      // The attacker holds a front-desk account of their own, and guesses at the owner's.
      await setAdminPassword(db.pool, 'Own Account', 'the attacker’s own password', 'desk');
      const attacker = '203.0.113.66';
      const signInAs = (username: string, password: string) =>
        api(proxied.url, '/api/admin/sign-in', { method: 'POST', body: { username, password }, headers: from(attacker) });
      for (let n = 0; n < 4; n++) expect((await signInAs('admin', `guess ${n}`)).status).toBe(401);
      expect((await signInAs('Own Account', 'the attacker’s own password')).status).toBe(200);
      const counted = await db.pool.query<{ key: string; failures: number }>('SELECT key, failures FROM sign_in_failures ORDER BY key');
      // The address keeps its four failures; the own account's pair (right, from here) is forgiven.
      expect(counted.rows).toEqual([
        { key: `addr:${attacker}`, failures: 4 },
        { key: `pair:${attacker} admin`, failures: 4 },
      ]);
      expect((await signInAs('admin', 'guess 4')).status).toBe(401);
      const throttled = await signInAs('admin', 'guess 5');
      expect(throttled.status).toBe(429);
      // And the owner, from another address, is not kept out.
      expect(
        (
          await api(proxied.url, '/api/admin/sign-in', {
            method: 'POST',
            body: { username: 'admin', password: adminPassword },
            headers: from('198.51.100.9'),
          })
        ).status,
      ).toBe(200);
      await db.pool.query(`DELETE FROM admins WHERE username = 'Own Account'`);
    });

    test('staff names: zero-width characters, other scripts and look-alikes of a name are refused; older names still work', async () => {
      const add = (username: string) =>
        api(proxied.url, '/api/admin/staff', {
          method: 'POST',
          body: { username, password: 'a long enough password', role: 'desk' },
          headers: admin.headers,
        });
      const alphabet =
        'username: use only the letters A to Z, digits, and single spaces, dots, hyphens, underscores or apostrophes between them, so that no name can look like another on screen.';
      for (const name of [
        'admin\u200b',
        'ad\u200dmin',
        '\u0430dmin',
        'ａｄｍｉｎ',
        'Ravi\u00a0Kumar',
        'Ravi  Kumar',
        'José',
        'Ravi-',
        'रवि',
      ]) {
        const answer = await add(name);
        expect({ name, status: answer.status, body: answer.body }).toEqual({
          name,
          status: 400,
          body: { error: 'Bad Request', message: alphabet },
        });
      }
      expect((await add('Ravi Kumar')).status).toBe(201);
      for (const [name, existing] of [
        ['adm1n', 'admin'],
        ['ADMlN', 'admin'],
        ['Ravi_Kumar', 'Ravi Kumar'],
        ['Ravi Kurnar', 'Ravi Kumar'],
        ['RAVI KUMAR', 'Someone is already called RAVI KUMAR'],
      ]) {
        const answer = await add(name!);
        expect({ name, status: answer.status }).toEqual({ name, status: 409 });
        expect(answer.body.message).toContain(existing);
      }
      const names = await db.pool.query<{ username: string }>('SELECT username FROM admins ORDER BY username COLLATE "C"');
      expect(names.rows.map((row) => row.username)).toEqual(['Ravi Kumar', 'admin']);
      // A name made before the rule still signs in and can be removed.
      await setAdminPassword(db.pool, 'José', 'an older password here', 'desk');
      expect(
        (await api(proxied.url, '/api/admin/sign-in', { method: 'POST', body: { username: 'José', password: 'an older password here' } }))
          .status,
      ).toBe(200);
      expect(
        (await api(proxied.url, `/api/admin/staff/${encodeURIComponent('José')}`, { method: 'DELETE', headers: admin.headers })).status,
      ).toBe(204);
      await db.pool.query(`DELETE FROM admins WHERE username = 'Ravi Kumar'`);
    });

    test.each([
      ['the proxy address', '127.0.0.1'],
      ['a hop count of 1', '1'],
    ])(
      'with TRUST_PROXY set to %s, a forwarded value that is not an address is never the booking’s address: the proxy’s is',
      async (_name, setting) => {
        const server = await startTestServer(db, { trustProxy: readConfig({ TRUST_PROXY: setting }).trustProxy });
        try {
          const cases: Array<[string, string]> = [
            ['hello', '127.0.0.1'],
            ['<script>alert(1)</script>', '127.0.0.1'],
            ['203.0.113.9:4711', '127.0.0.1'],
            ['203.0.113.9, not-an-address', '127.0.0.1'],
            ['not-an-address, 203.0.113.10', '203.0.113.10'],
            ['203.0.113.11', '203.0.113.11'],
          ];
          for (const [forwarded, stored] of cases) {
            const body = confirmBody({ roomId: 'deluxe', ...stay() });
            const answer = await api(server.url, '/api/bookings', { method: 'POST', body, headers: from(forwarded) });
            expect(answer.status).toBe(201);
            const { rows } = await db.pool.query('SELECT created_from FROM bookings WHERE booking_id = $1', [
              answer.body.booking.bookingId,
            ]);
            expect({ forwarded, stored: rows[0].created_from }).toEqual({ forwarded, stored });
          }
        } finally {
          await server.close();
        }
      },
    );

    test('/serve.json (the static host’s configuration) is not served from the site folder', async () => {
      const dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-dist-'));
      for (const name of ['index', 'booking', 'app', '404'])
        await writeFile(
          path.join(dist, `${name}.html`),
          `<!doctype html><html><head><title>${name}</title></head><body>${name}</body></html>`,
        );
      await writeFile(
        path.join(dist, 'serve.json'),
        JSON.stringify({ rewrites: [{ source: '/secret-layout', destination: '/app.html' }] }),
      );
      await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
      const site = await startTestServer(db, { distDir: dist });
      try {
        for (const where of ['/serve.json', '/SERVE.JSON', '/%73erve.json', '/./serve.json', '/images/../serve.json']) {
          const answer = await send(site.url + where);
          expect({ where, status: answer.status, leaked: answer.text.includes('secret-layout') }).toEqual({
            where,
            status: 404,
            leaked: false,
          });
        }
        // Other files of the site folder are still files.
        expect((await send(`${site.url}/robots.txt`)).text).toBe('User-agent: *');
      } finally {
        await site.close();
        await rm(dist, { recursive: true, force: true });
      }
    });

    test('a change whose Host and Origin both name another site is refused; the hotel’s own names pass', async () => {
      const body = () => JSON.stringify(confirmBody({ roomId: 'deluxe', ...stay() }));
      const post = (url: string, host: string, origin: string) =>
        rawRequest(`${url}/api/bookings`, {
          method: 'POST',
          headers: { host, origin, 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'sec-fetch-site': 'same-origin' },
          body: body(),
        });
      // PUBLIC_URL unset (http://localhost:PORT): this machine's names.
      const local = await startTestServer(db);
      const publicSite = await startTestServer(db, {
        mail: { publicUrl: 'https://stay.example.in' },
        siteHosts: siteHostNames('https://stay.example.in', 'www.stay.example.in'),
      });
      try {
        for (const [host, origin] of [
          ['evil.example', 'http://evil.example'],
          ['evil.example:8080', 'http://evil.example:8080'],
          ['localhost.evil.example', 'http://localhost.evil.example'],
        ]) {
          const answer = await post(local.url, host!, origin!);
          expect({ host, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
            host,
            status: 403,
            body: { error: 'Forbidden', message: 'This request must come from the hotel site itself.' },
          });
        }
        for (const [host, origin] of [
          ['localhost:8080', 'http://localhost:8080'],
          ['127.0.0.1:5274', 'http://127.0.0.1:5274'],
        ])
          expect((await post(local.url, host!, origin!)).status).toBe(201);
        // With PUBLIC_URL (and SITE_HOSTS): those names only.
        expect((await post(publicSite.url, 'stay.example.in', 'https://stay.example.in')).status).toBe(201);
        expect((await post(publicSite.url, 'www.stay.example.in', 'https://www.stay.example.in')).status).toBe(201);
        expect((await post(publicSite.url, 'localhost:8080', 'http://localhost:8080')).status).toBe(403);
        expect((await post(publicSite.url, 'evil.example', 'http://evil.example')).status).toBe(403);
      } finally {
        await local.close();
        await publicSite.close();
      }
      expect(siteHostNames('http://localhost:8080')).toEqual(['localhost', '127.0.0.1', '[::1]']);
      expect(siteHostNames('https://Stay.Example.in/', ' www.stay.example.in ,stay.example.in')).toEqual([
        'stay.example.in',
        'www.stay.example.in',
      ]);
      expect(readConfig({ PUBLIC_URL: 'https://stay.example.in', SITE_HOSTS: 'www.stay.example.in' }).siteHosts).toEqual([
        'stay.example.in',
        'www.stay.example.in',
      ]);
      expect(() => readConfig({ SITE_HOSTS: 'https://www.stay.example.in/' })).toThrow(
        /^SITE_HOSTS: "https:\/\/www.stay.example.in\/" is not a host name/,
      );
    });
  });
});

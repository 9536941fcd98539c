import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { hotelToday } from '../../server/bookingRules';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { defaultLimits } from '../../server/requestLimits';
import { addDays } from '../../src/domain/dates';
import { refusalProblem, send } from './support/hostileInputs';
import { checkInventory } from './support/inventory';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { adminPassword, api, createAdmin, signIn, siteHeaders, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/** GitHub issue 25: each finding of the attacker's test, over real HTTP on every kind of database. */

const from = (address: string) => ({ 'x-forwarded-for': address });

describe.each(databaseKinds)('hardening on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  /** Behind a "proxy" at 127.0.0.1 (the test itself): X-Forwarded-For names the guest's address. */
  let proxied: TestServer;
  let nightOffset = 5;

  /** A stay on nights no other test of this file uses. */
  function stay(nights = 1) {
    nightOffset += nights + 1;
    return { checkIn: daysFromNow(nightOffset), checkOut: daysFromNow(nightOffset + nights) };
  }

  const book = (server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api(server.url, '/api/bookings', { method: 'POST', body, headers });

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await createAdmin(db);
    // The hotel's horizon and room-nights cap; rate limits out of reach (their tests set them).
    proxied = await startTestServer(db, {
      trustProxy: readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy,
      limits: { horizonDays: defaultLimits.horizonDays, maxRoomNights: defaultLimits.maxRoomNights },
    });
  });
  afterAll(async () => {
    await proxied?.close();
    await database?.remove();
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM rate_limits');
    await db.pool.query('DELETE FROM sign_in_failures');
  });

  describe('1. inventory abuse', () => {
    test('one address books at most its hourly limit, on every instance; a retry of a stored draft is still answered; other addresses still book', async () => {
      const limits = { bookingsPerAddressPerHour: 3, bookingsPerAddressPerDay: 100, bookingsPerEmailPerDay: 100, horizonDays: 365 };
      const first = await startTestServer(db, { limits, trustProxy: '127.0.0.1' });
      const second = await startTestServer(db, { limits, trustProxy: '127.0.0.1' });
      try {
        const attacker = from('203.0.113.10');
        const made = [];
        for (let n = 0; n < 3; n++) {
          const body = confirmBody({ ...stay(), email: `burst${n}@example.com` });
          const answer = await book(n % 2 ? second : first, body, attacker);
          expect(answer.status).toBe(201);
          made.push({ body, bookingId: answer.body.booking.bookingId });
        }
        // The fourth, on either instance: refused with a message and a wait, and nothing stored.
        for (const server of [first, second]) {
          const before = await db.pool.query('SELECT count(*)::int AS n FROM bookings');
          const refused = await book(server, confirmBody({ ...stay(), email: 'burst-more@example.com' }), attacker);
          expect(refused.status).toBe(429);
          expect(refused.body).toEqual({
            error: 'Too Many Requests',
            message: expect.stringMatching(/^Too many bookings from this address\. Please try again in \d+ minutes?, or call the hotel\.$/),
          });
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
          expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
          expect((await db.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(before.rows[0].n);
        }
        // A retry of a confirm the hotel stored (its answer was lost) gets its booking, not 429.
        const retry = await book(first, made[0]!.body, attacker);
        expect(retry.status).toBe(200);
        expect(retry.body.booking.bookingId).toBe(made[0]!.bookingId);
        // Another guest is not held back by it.
        expect((await book(second, confirmBody({ ...stay(), email: 'someone@example.com' }), from('198.51.100.20'))).status).toBe(201);
        // The bookings say where they came from (for the admin's burst tools).
        const { rows } = await db.pool.query('SELECT created_from FROM bookings WHERE booking_id = $1', [made[1]!.bookingId]);
        expect(rows[0].created_from).toBe('203.0.113.10');
      } finally {
        await first.close();
        await second.close();
      }
    });

    test('one address books at most its daily limit, however slowly: the refusal says today', async () => {
      const server = await startTestServer(db, {
        limits: { bookingsPerAddressPerHour: 100, bookingsPerAddressPerDay: 2, horizonDays: 365 },
        trustProxy: '127.0.0.1',
      });
      try {
        for (let n = 0; n < 2; n++)
          expect((await book(server, confirmBody({ ...stay(), email: `daily${n}@example.com` }), from('203.0.113.11'))).status).toBe(201);
        const refused = await book(server, confirmBody({ ...stay(), email: 'daily-more@example.com' }), from('203.0.113.11'));
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(
          /^Too many bookings from this address today\. Please try again in \d+ hours?, or call the hotel\.$/,
        );
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
      } finally {
        await server.close();
      }
    });

    test('one email address gets at most its daily limit of bookings, in any letter case and from any address', async () => {
      const server = await startTestServer(db, {
        limits: { bookingsPerAddressPerHour: 100, bookingsPerAddressPerDay: 100, bookingsPerEmailPerDay: 2, horizonDays: 365 },
      });
      try {
        const emails = ['Same.Guest@example.com', 'same.guest@EXAMPLE.com', ' same.guest@example.com'.trim()];
        expect((await book(server, confirmBody({ ...stay(), email: emails[0] }))).status).toBe(201);
        expect((await book(server, confirmBody({ ...stay(), email: emails[1] }))).status).toBe(201);
        const refused = await book(server, confirmBody({ ...stay(), email: emails[2] }));
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(
          /^Too many bookings for this email address today\. Please try again in \d+ hours?, or call the hotel\.$/,
        );
        expect(refusalProblem({ ...refused, text: '', json: refused.body })).toBeNull();
        expect((await book(server, confirmBody({ ...stay(), email: 'other.guest@example.com' }))).status).toBe(201);
      } finally {
        await server.close();
      }
    });

    test('a stay past the booking horizon (365 days by default, or what the hotel sets) is refused with the last date allowed', async () => {
      const today = hotelToday();
      const lastDay = addDays(today, 365);
      const past = await book(proxied, confirmBody({ checkIn: addDays(today, 364), checkOut: addDays(today, 366) }));
      expect(past.status).toBe(409);
      expect(past.body.error).toBe('Conflict');
      expect(past.body.message).toMatch(/^Bookings open 365 days ahead: please choose a check-out on or before \d{1,2} \w+ \d{4}\.$/);
      // The attacker's stay in the year 9999, and the quarter they took two years ahead.
      expect((await book(proxied, confirmBody({ checkIn: '9999-01-01', checkOut: '9999-01-02' }))).status).toBe(409);
      const quarter = { checkIn: addDays(today, 400), checkOut: addDays(today, 489), rooms: 3 };
      expect((await book(proxied, confirmBody(quarter))).status).toBe(409);
      expect((await book(proxied, confirmBody({ checkIn: addDays(lastDay, -1), checkOut: lastDay }))).status).toBe(201);

      const shortHorizon = await startTestServer(db, { limits: readConfig({ BOOKING_HORIZON_DAYS: '30' }).limits });
      try {
        const answer = await book(shortHorizon, confirmBody({ checkIn: addDays(today, 30), checkOut: addDays(today, 31) }));
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(/^Bookings open 30 days ahead/);
      } finally {
        await shortHorizon.close();
      }
      expect(() => readConfig({ BOOKING_HORIZON_DAYS: 'forever' })).toThrow(/BOOKING_HORIZON_DAYS must be a whole number/);
    });

    test('one booking holds at most 42 room-nights: 3 rooms for 15 nights are refused, 3 for 14 are taken', async () => {
      const over = await book(proxied, confirmBody({ ...stay(15), rooms: 3 }));
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        error: 'Conflict',
        message:
          'One booking can hold at most 42 room-nights (rooms × nights); this one holds 45. Please book fewer rooms or nights, or call the hotel.',
      });
      expect((await book(proxied, confirmBody({ ...stay(14), rooms: 3 }))).status).toBe(201);
      expect((await book(proxied, confirmBody({ ...stay(42), rooms: 1 }))).status).toBe(201);
      expect((await book(proxied, confirmBody({ ...stay(43), rooms: 1 }))).status).toBe(409);
    });

    test('booking lookups are limited per address across every instance, as one limit', async () => {
      const limits = { lookupsPerMinute: 30 };
      const servers = [await startTestServer(db, { limits }), await startTestServer(db, { limits })];
      try {
        let answered = 0;
        for (let n = 0; n < 60; n++) {
          const answer = await send(`${servers[n % 2]!.url}/api/bookings/BK${400_000 + n}`);
          if (answer.status !== 429) answered++;
        }
        // Kept in each process's memory, two instances answered 60.
        expect(answered).toBe(30);
      } finally {
        for (const server of servers) await server.close();
      }
    });

    test('asking for a booking link counts against the same per-address limit as the lookups', async () => {
      const limited = await startTestServer(db, { limits: { lookupsPerMinute: 30 } });
      try {
        const statuses: number[] = [];
        for (let n = 0; n < 20; n++) {
          statuses.push((await send(`${limited.url}/api/bookings/BK${410_000 + n}`)).status);
          const link = await api(limited.url, '/api/bookings/link', {
            method: 'POST',
            body: { bookingId: `BK${410_000 + n}`, email: 'someone@example.com' },
          });
          statuses.push(link.status);
        }
        expect(statuses.filter((status) => status !== 429)).toHaveLength(30);
        // The link answers stop at the limit too: none of the last ten asks was let through.
        expect(statuses.slice(30)).toEqual(Array(10).fill(429));
      } finally {
        await limited.close();
      }
    });

    test('the admin finds the addresses and emails behind a burst, lists their bookings and deletes them at once: freed, audited, restorable', async () => {
      const admin = await signIn(proxied.url);
      const adminHeaders = { ...admin.headers, ...from('192.0.2.99') };
      const burstStay = stay(3);
      const burst: string[] = [];
      for (let n = 0; n < 4; n++) {
        const answer = await book(
          proxied,
          confirmBody({ ...burstStay, roomId: 'deluxe', email: `bot${n}@example.com` }),
          from('203.0.113.66'),
        );
        burst.push(answer.body.booking.bookingId);
      }
      // Two addresses of one IPv6 /64 count as one source.
      for (const address of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b'])
        expect((await book(proxied, confirmBody({ ...stay(), email: 'v6@example.com' }), from(address))).status).toBe(201);
      const bystander = (
        await book(proxied, confirmBody({ ...burstStay, roomId: 'deluxe', email: 'real@example.com' }), from('198.51.100.7'))
      ).body.booking.bookingId;

      const sources = await api(proxied.url, '/api/admin/bursts?hours=1', { headers: admin.headers });
      expect(sources.status).toBe(200);
      expect(sources.body.addresses).toContainEqual({
        address: '203.0.113.66',
        bookings: 4,
        roomNights: 12,
        firstAt: expect.any(String),
        lastAt: expect.any(String),
      });
      expect(sources.body.addresses).toContainEqual(expect.objectContaining({ address: '2001:db8:1:2::/64', bookings: 2 }));
      expect(sources.body.emails).toContainEqual(expect.objectContaining({ email: 'v6@example.com', bookings: 2 }));

      const listed = await api(proxied.url, '/api/admin/bursts/bookings?address=203.0.113.66', { headers: admin.headers });
      expect(listed.body.items.map((item: { bookingId: string }) => item.bookingId).sort()).toEqual([...burst].sort());
      expect(listed.body.items[0]).toMatchObject({ createdFrom: '203.0.113.66', rooms: 1, checkIn: burstStay.checkIn });

      const availability = () =>
        api(proxied.url, `/api/availability?checkIn=${burstStay.checkIn}&checkOut=${burstStay.checkOut}`).then(
          (answer) => answer.body.rooms.find((room: { roomId: string }) => room.roomId === 'deluxe').left as number,
        );
      // 8 Classic Rooms: the burst holds 4 of them, the bystander 1.
      expect(await availability()).toBe(3);
      const deleted = await api(proxied.url, '/api/admin/bursts/bookings?address=203.0.113.66', {
        method: 'DELETE',
        headers: adminHeaders,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body.deleted).toBe(4);
      expect([...deleted.body.bookingIds].sort()).toEqual([...burst].sort());
      expect(await availability()).toBe(7);
      expect((await checkInventory(db.pool)).problems).toEqual([]);
      const audit = await db.pool.query(
        `SELECT booking_id, actor, address FROM audit_log WHERE action = 'delete' AND booking_id = ANY($1)`,
        [burst],
      );
      expect(audit.rows).toHaveLength(4);
      for (const row of audit.rows) expect(row).toMatchObject({ actor: 'admin', address: '192.0.2.99' });
      // The bystander on the same nights keeps their booking; a burst booking can be restored.
      expect((await db.pool.query('SELECT deleted_at FROM bookings WHERE booking_id = $1', [bystander])).rows[0].deleted_at).toBeNull();
      const restored = await api(proxied.url, `/api/admin/bookings/${burst[0]}/restore`, { method: 'POST', headers: admin.headers });
      expect(restored.status).toBe(200);

      // By email, too; and never both or neither; never without a session.
      const byEmail = await api(proxied.url, '/api/admin/bursts/bookings?email=V6@Example.com', {
        method: 'DELETE',
        headers: admin.headers,
      });
      expect(byEmail.body.deleted).toBe(2);
      for (const query of ['', '?address=203.0.113.66&email=a@b.co'])
        expect((await api(proxied.url, `/api/admin/bursts/bookings${query}`, { headers: admin.headers })).status).toBe(400);
      expect((await api(proxied.url, '/api/admin/bursts/bookings?address=203.0.113.66', { method: 'DELETE' })).status).toBe(401);
    });
  });

  describe('2. proxies', () => {
    test('TRUST_PROXY=true (or any "trust everything") stops the start with a message saying what to set', () => {
      for (const value of ['true', 'TRUE', '*', '0.0.0.0/0', '::/0', 'proxy.example', '10.0.0.1,everything'])
        expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*Set TRUST_PROXY to the proxy's address/);
      expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
      expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(readConfig({}).trustProxy).toBe(false);
    });

    test.each([
      ['the proxy address', '127.0.0.1'],
      ['a hop count of 1', '1'],
    ])(
      'with TRUST_PROXY set to %s, a forged X-Forwarded-For cannot choose the address: limits and the audit log see the one the proxy saw',
      async (_name, setting) => {
        const server = await startTestServer(db, {
          trustProxy: readConfig({ TRUST_PROXY: setting }).trustProxy,
          limits: { lookupsPerMinute: 30 },
        });
        try {
          // The client wrote "10.0.0.N, 127.0.0.1"; the proxy appended the address it saw.
          let answered = 0;
          for (let n = 0; n < 35; n++) {
            const answer = await send(`${server.url}/api/bookings/BK${500_000 + n}`, {
              headers: from(`10.0.0.${n}, 127.0.0.1, 203.0.113.5`),
            });
            if (answer.status !== 429) answered++;
          }
          expect(answered).toBe(30);

          const body = confirmBody(stay());
          const made = await book(server, body, from('10.9.9.9, 203.0.113.6'));
          await db.pool.query('DELETE FROM rate_limits');
          const changed = await api(server.url, `/api/bookings/${made.body.booking.bookingId}/email`, {
            method: 'PUT',
            body: { email: 'new@example.com' },
            headers: { 'x-guest-key': body.guestKey, ...from('10.1.1.1, 203.0.113.7') },
          });
          expect(changed.status).toBe(200);
          const audit = await db.pool.query(`SELECT address FROM audit_log WHERE booking_id = $1 AND action = 'email'`, [
            made.body.booking.bookingId,
          ]);
          expect(audit.rows).toEqual([{ address: '203.0.113.7' }]);
        } finally {
          await server.close();
        }
      },
    );

    test('without TRUST_PROXY the header is ignored: the address is the connection’s', async () => {
      const server = await startTestServer(db);
      try {
        const made = await book(server, confirmBody(stay()), from('10.0.0.1'));
        const { rows } = await db.pool.query('SELECT created_from FROM bookings WHERE booking_id = $1', [made.body.booking.bookingId]);
        expect(rows[0].created_from).toBe('127.0.0.1');
      } finally {
        await server.close();
      }
    });
  });

  describe('3. sign-in', () => {
    const signInFrom = (address: string, username: string, password: string) =>
      api(proxied.url, '/api/admin/sign-in', { method: 'POST', body: { username, password }, headers: from(address) });

    test('wrong guesses for admin from other addresses never refuse the right password from an address that has not failed', async () => {
      for (let n = 0; n < 30; n++) await signInFrom(`203.0.113.${100 + (n % 3)}`, 'admin', `guess ${n}`);
      const owner = await signInFrom('198.51.100.44', 'admin', adminPassword);
      expect(owner.status).toBe(200);
      expect(owner.body.username).toBe('admin');
    });

    test('guessing stays slow: an address that failed five times waits, for every account name and for the right password too', async () => {
      const guesser = '203.0.113.200';
      for (let n = 0; n < 5; n++) expect((await signInFrom(guesser, 'admin', `guess ${n}`)).status).toBe(401);
      expect((await signInFrom(guesser, 'admin', 'guess 5')).status).toBe(429);
      // As if it had gone on guessing for a while (twelve failures: the next try in 2 minutes), so
      // that what follows does not depend on how fast this machine answers.
      await db.pool.query(`UPDATE sign_in_failures SET failures = 12 WHERE key = $1`, [`addr:${guesser}`]);
      for (const [username, password] of [
        ['admin', 'guess 6'],
        ['other-name', 'guess 7'],
        ['admin', adminPassword],
      ]) {
        const answer = await signInFrom(guesser, username!, password!);
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // The same account from another address is untouched.
      expect((await signInFrom('198.51.100.45', 'admin', adminPassword)).status).toBe(200);
    });
  });

  describe('pages and headers', () => {
    let dist: string;
    let site: TestServer;
    const lines: string[] = [];
    const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'";
    beforeAll(async () => {
      // As the minified production build writes the policy: http-equiv without quotes.
      dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-dist-'));
      const page = (title: string) =>
        `<!doctype html><html lang=en><head><meta charset=utf-8><meta http-equiv=Content-Security-Policy content="${policy}"><title>${title}</title></head><body><div id=root></div></body></html>`;
      for (const name of ['index', 'booking', 'app', '404', 'admin-bookings', 'booking-details', 'customer-booking'])
        await writeFile(path.join(dist, `${name}.html`), page(name));
      // The header and footer fragments every page fetches, as the build writes them.
      for (const name of ['header', 'footer'])
        await writeFile(path.join(dist, `${name}.html`), `<${name} class=site-${name}>${name}</${name}>`);
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      site = await startTestServer(db, { distDir: dist, logger: { level: 'info', stream }, trustProxy: '127.0.0.1' });
    });
    afterAll(async () => {
      await site?.close();
      await rm(dist, { recursive: true, force: true });
    });

    const hotelTag = '<meta name="hotel-mode" content="on" />';

    test('4. a page’s file name never serves it without hotel mode: it redirects to its route, the shells answer 404 in hotel mode', async () => {
      const redirects: Array<[string, string]> = [
        ['/booking.html', '/booking'],
        ['/index.html', '/'],
        ['/admin-bookings.html', '/admin-bookings'],
        ['/booking-details.html?x=1', '/booking-details?x=1'],
        ['/BOOKING.HTML', '/booking'],
        ['/%62ooking.html', '/booking'],
        ['/customer-booking.html', '/customer-booking'],
      ];
      for (const [where, target] of redirects) {
        const answer = await fetch(site.url + where, { redirect: 'manual' });
        expect({ where, status: answer.status, location: answer.headers.get('location') }).toEqual({
          where,
          status: 301,
          location: target,
        });
      }
      for (const where of ['/app.html', '/404.html', '/App.html']) {
        const answer = await send(site.url + where);
        expect({ where, status: answer.status, hotel: answer.text.includes(hotelTag) }).toEqual({ where, status: 404, hotel: true });
      }
      // Followed, every one of them ends on a page in hotel mode.
      // The hotel's time zone goes with it: the browser's "today" is the hotel's (src/shared/today.ts).
      const zoneTag = '<meta name="hotel-time-zone" content="Asia/Kolkata" />';
      for (const [where] of redirects) {
        const answer = await send(site.url + where);
        expect({ where, hotel: answer.text.includes(hotelTag), zone: answer.text.includes(zoneTag) }).toEqual({
          where,
          hotel: true,
          zone: true,
        });
      }
      // The header and footer are fragments that every page fetches, not pages: they are sent as they are.
      for (const name of ['header', 'footer']) {
        const answer = await send(`${site.url}/${name}.html`);
        expect({ name, status: answer.status, text: answer.text }).toEqual({
          name,
          status: 200,
          text: `<${name} class=site-${name}>${name}</${name}>`,
        });
      }
    });

    test('5. checks read the decoded path: /%61pi/… gets the same-site check and no-store, like /api/…', async () => {
      const body = confirmBody(stay());
      const made = await book(site, body);
      const bookingId = made.body.booking.bookingId as string;
      const forged = await send(`${site.url}/%61pi/bookings/${bookingId}/email`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
          'x-guest-key': body.guestKey,
        },
        body: JSON.stringify({ email: 'thief@example.com' }),
      });
      expect(forged.status).toBe(403);
      expect((await db.pool.query('SELECT email FROM bookings WHERE booking_id = $1', [bookingId])).rows[0].email).toBe(body.email);

      const answers = [
        await send(`${site.url}/%61pi/bookings/lookup`, {
          method: 'POST',
          headers: siteHeaders,
          body: JSON.stringify({ bookingId, email: body.email }),
        }),
        await send(`${site.url}/%61pi/bookings/${bookingId}`),
        await send(`${site.url}/%61pi/health`),
        await send(`${site.url}/api/nothing-here`),
        await send(`${site.url}/%61pi/nothing-here`),
        await send(`${site.url}/api/availability?checkIn=soon&checkOut=later`),
        await send(`${site.url}/api/admin/audit`),
      ];
      expect(answers[0]!.status).toBe(200);
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    test('8. the Content-Security-Policy header is the page’s own policy, plus frame-ancestors', async () => {
      const directives = (text: string) => text.split(';').map((part) => part.trim());
      for (const where of ['/', '/booking', '/api/health', '/missing.txt']) {
        const answer = await send(site.url + where);
        expect(directives(answer.headers.get('content-security-policy') ?? '')).toEqual([...directives(policy), "frame-ancestors 'none'"]);
      }
    });

    test('8. a client’s X-Request-Id is kept only when it looks like one; never echoed or logged when it is long or odd', async () => {
      const long = 'A'.repeat(7_000);
      const odd = '<script>alert(1)</script>';
      for (const given of [long, odd]) {
        const answer = await send(`${site.url}/api/health`, { headers: { 'x-request-id': given } });
        const id = answer.headers.get('x-request-id') ?? '';
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(lines.join('')).not.toContain('A'.repeat(100));
      expect(lines.join('')).not.toContain(odd);
      const kept = await send(`${site.url}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.42' } });
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    });

    test('8. a failed sign-in does not log the typed name (often a password typed in the wrong field)', async () => {
      const typed = 'MySecret-Passw0rd-in-the-name-field';
      const answer = await api(site.url, '/api/admin/sign-in', { method: 'POST', body: { username: typed, password: 'x' } });
      expect(answer.status).toBe(401);
      const log = lines.join('');
      expect(log).toContain('failed admin sign-in');
      expect(log).not.toContain(typed);
    });

    test('8. HSTS only over HTTPS (as the trusted proxy says), never over plain HTTP', async () => {
      const plain = await send(`${site.url}/`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const secure = await send(`${site.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('6. import', () => {
    test('applies every rule a confirm does and reports each refused record with why; a past stay still imports', async () => {
      const admin = await signIn(proxied.url);
      const today = hotelToday();
      const record = (bookingId: string, overrides: Record<string, unknown> = {}) => ({
        bookingId,
        roomName: 'Classic Room',
        checkIn: '2024-03-01',
        checkOut: '2024-03-03',
        totalPrice: 6000,
        email: 'old.guest@example.com',
        rooms: 1,
        ...overrides,
      });
      const backup = [
        record('BK710001'),
        record('BK710002', { checkIn: '2030-01-01', checkOut: '2130-01-01' }),
        record('BK710003', { email: '<img src=x onerror=alert(1)>' }),
        record('BK710004', { email: `${'x'.repeat(100_000)}@example.com` }),
        record('bk710005'),
        record('BK71006'),
        record('BK710007', { checkIn: addDays(today, 400), checkOut: addDays(today, 401) }),
        record('BK710008', { checkIn: '2024-04-01', checkOut: '2024-04-16', rooms: 3 }),
        record('BK710009', { roomName: 'Penthouse' }),
        record('BK710010', { checkIn: null, checkOut: null }),
        record('BK710011', { checkIn: '2024-05-03', checkOut: '2024-05-01' }),
        record('BK710012', { rooms: 4 }),
        record('BK710013', { email: ' Spaced.Guest@example.com ' }),
      ];
      const answer = await api(proxied.url, '/api/admin/import', { method: 'POST', body: backup, headers: admin.headers });
      expect(answer.status).toBe(200);
      expect(answer.body.imported).toBe(2);
      expect(answer.body.conflicts).toEqual([
        { bookingId: 'BK710002', reason: 'checkOut: a stay can be at most 90 nights' },
        { bookingId: 'BK710003', reason: 'email: must be an email address of at most 254 characters' },
        { bookingId: 'BK710004', reason: 'email: must be an email address of at most 254 characters' },
        { bookingId: 'bk710005', reason: 'bookingId: must be BK and 6 digits in upper case, as the site makes them (BK123456)' },
        { bookingId: 'BK71006', reason: 'bookingId: must be BK and 6 digits in upper case, as the site makes them (BK123456)' },
        { bookingId: 'BK710007', reason: expect.stringMatching(/^Bookings open 365 days ahead/) },
        { bookingId: 'BK710008', reason: expect.stringMatching(/^One booking can hold at most 42 room-nights .* this one holds 45\./) },
        { bookingId: 'BK710009', reason: 'roomName: must be a room type of this hotel (Classic Room, Suit Room)' },
        { bookingId: 'BK710010', reason: 'checkIn: must be a date (YYYY-MM-DD)' },
        { bookingId: 'BK710011', reason: 'checkOut: must be after checkIn' },
        { bookingId: 'BK710012', reason: 'rooms: must be 1 to 3' },
      ]);
      const { rows } = await db.pool.query(`SELECT booking_id, email FROM bookings WHERE booking_id LIKE 'BK7100%' ORDER BY 1`);
      expect(rows).toEqual([
        { booking_id: 'BK710001', email: 'old.guest@example.com' },
        { booking_id: 'BK710013', email: 'Spaced.Guest@example.com' },
      ]);
      // An imported booking is a guest's like any other: looked up by its ID and email.
      const found = await api(proxied.url, '/api/bookings/lookup', {
        method: 'POST',
        body: { bookingId: 'bk710001', email: 'old.guest@example.com' },
      });
      expect(found.status).toBe(200);
    });
  });

  describe('7. types as sent', () => {
    test.each([
      ['rooms', '2'],
      ['rooms', true],
      ['rooms', [2]],
      ['rooms', 2.5],
      ['packageIndex', null],
      ['packageIndex', '0'],
      ['packageIndex', false],
    ])('POST /api/bookings with %s %j is a 400 naming the field, and stores nothing', async (field, value) => {
      const before = (await db.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n;
      const answer = await book(proxied, { ...confirmBody(stay()), [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
      expect((await db.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(before);
    });

    test('numbers in a query string are still read as numbers (?page=2&pageSize=1)', async () => {
      const admin = await signIn(proxied.url);
      const answer = await api(proxied.url, '/api/admin/bookings?page=2&pageSize=1', { headers: admin.headers });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ page: 2, pageSize: 1 });
      expect((await api(proxied.url, '/api/admin/occupancy?days=7', { headers: admin.headers })).body.days).toBe(7);
    });
  });

  describe('8. admin delete', () => {
    test('admin DELETE and restore take the booking ID in any letter case, as the guest routes do', async () => {
      const admin = await signIn(proxied.url);
      const made = await book(proxied, confirmBody(stay()));
      const bookingId = made.body.booking.bookingId as string;
      const deleted = await api(proxied.url, `/api/admin/bookings/${bookingId.toLowerCase()}`, {
        method: 'DELETE',
        headers: admin.headers,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body.booking.bookingId).toBe(bookingId);
      const restored = await api(proxied.url, `/api/admin/bookings/${bookingId.toLowerCase()}/restore`, {
        method: 'POST',
        headers: admin.headers,
      });
      expect(restored.status).toBe(200);
    });
  });
});

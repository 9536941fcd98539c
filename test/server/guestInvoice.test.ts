import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localLinkWarning } from '../../server/config';
import type { Database } from '../../server/db/database';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, freePort, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * Issue 34, item 1: the invoice is where the guest is. Whoever can see the booking as its guest
 * (this browser's key, the manage link's token, the Booking ID with its email) opens its invoice,
 * from any device; nobody else. Item 8: the Outbox and the start-up log say when the emailed links
 * point at this machine (PUBLIC_URL unset).
 */

const publicUrl = 'https://stay.example.in';
const root = path.resolve(__dirname, '../..');

describe.each(databaseKinds)('the guest’s invoice on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let nightOffset = 40;

  async function book(overrides: Record<string, unknown> = {}) {
    nightOffset += 3;
    const body = confirmBody({
      roomId: 'deluxe',
      rooms: 2,
      checkIn: daysFromNow(nightOffset),
      checkOut: daysFromNow(nightOffset + 2),
      ...overrides,
    });
    const answer = await api(server.url, '/api/bookings', { method: 'POST', body });
    if (answer.status !== 201) throw new Error(`booking failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { ...body, bookingId: answer.body.booking.bookingId as string };
  }
  /** The manage link's token in the newest message of this kind for the booking, as the guest's email carries it. */
  async function tokenMailed(bookingId: string, messageKind = 'confirmed') {
    const outbox = await api(server.url, '/api/admin/outbox?limit=200', { headers: admin.headers });
    const message = outbox.body.items.find(
      (item: { bookingId: string; kind: string }) => item.bookingId === bookingId && item.kind === messageKind,
    );
    const link = new RegExp(`${publicUrl}/manage#(\\S+)`).exec(message.text);
    return { text: message.text as string, token: link![1]! };
  }
  const byHeaders = (bookingId: string, headers: Record<string, string>) =>
    api(server.url, `/api/bookings/${bookingId}/invoice`, { headers });
  const byEmail = (bookingId: string, email: string) =>
    api(server.url, '/api/bookings/invoice', { method: 'POST', body: { bookingId, email } });
  const notFound = (bookingId: string) => ({
    status: 404,
    body: { error: 'Not Found', message: `No invoice found for booking ID: ${bookingId}` },
  });
  const answered = (answer: Awaited<ReturnType<typeof api>>) => ({ status: answer.status, body: answer.body });

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await createAdmin(db);
    server = await startTestServer(db, { mail: { publicUrl, cancelFreeDays: 2 } });
    admin = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('this browser’s key, the emailed manage link’s token, or the ID with its email open the invoice, on any device; nothing else does', async () => {
    const guest = await book({ email: 'Invoice.Guest@example.com' });
    const staffCopy = await api(server.url, `/api/admin/bookings/${guest.bookingId}/invoice`, { headers: admin.headers });
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.body).toMatchObject({
      bookingId: guest.bookingId,
      status: 'confirmed',
      guestEmail: 'Invoice.Guest@example.com',
      rooms: 2,
    });
    expect(staffCopy.body.lines).toHaveLength(2);

    // The confirmation email's link, whose page offers the invoice, and says so.
    const { text, token } = await tokenMailed(guest.bookingId);
    expect(text).toContain('open your tax invoice with this link');
    for (const answer of [
      await byHeaders(guest.bookingId, { 'x-guest-key': guest.guestKey }),
      await byHeaders(guest.bookingId, { 'x-manage-token': token }),
      await byHeaders(guest.bookingId.toLowerCase(), { 'x-manage-token': token }),
      await byEmail(guest.bookingId, 'Invoice.Guest@example.com'),
      await byEmail(guest.bookingId.toLowerCase(), ' invoice.guest@EXAMPLE.com '),
    ])
      expect(answered(answer)).toEqual({ status: 200, body: staffCopy.body });

    // Nothing else: no proof, a wrong email, another booking's token or key, a forged token: the answer an unknown ID gets.
    const other = await book();
    const otherToken = (await tokenMailed(other.bookingId)).token;
    for (const answer of [
      await byHeaders(guest.bookingId, {}),
      await byHeaders(guest.bookingId, { 'x-guest-key': other.guestKey }),
      await byHeaders(guest.bookingId, { 'x-manage-token': otherToken }),
      await byHeaders(guest.bookingId, { 'x-manage-token': `${guest.bookingId}.1.${'A'.repeat(43)}` }),
      await byHeaders(guest.bookingId, { 'x-manage-token': `${guest.bookingId}.2.${token.split('.')[2]}` }),
      await byEmail(guest.bookingId, 'other.guest@example.com'),
      await byEmail(guest.bookingId, 'guest@example.com'),
    ])
      expect(answered(answer)).toEqual(notFound(guest.bookingId));
    expect(answered(await byEmail('BK100000', 'Invoice.Guest@example.com'))).toEqual(notFound('BK100000'));

    // A changed email: the old link and the old email open nothing; the new link and email do.
    const changed = await api(server.url, `/api/bookings/${guest.bookingId}/email`, {
      method: 'PUT',
      body: { email: 'invoice.new@example.com' },
      headers: { 'x-guest-key': guest.guestKey },
    });
    expect(changed.status).toBe(200);
    expect(answered(await byHeaders(guest.bookingId, { 'x-manage-token': token }))).toEqual(notFound(guest.bookingId));
    expect(answered(await byEmail(guest.bookingId, 'Invoice.Guest@example.com'))).toEqual(notFound(guest.bookingId));
    const renewed = (await tokenMailed(guest.bookingId, 'email-new')).token;
    expect((await byHeaders(guest.bookingId, { 'x-manage-token': renewed })).body.guestEmail).toBe('invoice.new@example.com');
    expect((await byEmail(guest.bookingId, 'invoice.new@example.com')).status).toBe(200);

    // The link expires 30 days after check-out (the ID and email still open it); a deleted booking has none.
    await db.pool.query('UPDATE bookings SET check_in = $2, check_out = $3 WHERE booking_id = $1', [
      other.bookingId,
      daysFromNow(-42),
      daysFromNow(-40),
    ]);
    expect(answered(await byHeaders(other.bookingId, { 'x-manage-token': otherToken }))).toEqual(notFound(other.bookingId));
    expect((await byEmail(other.bookingId, other.email)).status).toBe(200);
    expect((await api(server.url, `/api/admin/bookings/${guest.bookingId}`, { method: 'DELETE', headers: admin.headers })).status).toBe(
      200,
    );
    for (const answer of [
      await byHeaders(guest.bookingId, { 'x-guest-key': guest.guestKey }),
      await byHeaders(guest.bookingId, { 'x-manage-token': renewed }),
      await byEmail(guest.bookingId, 'invoice.new@example.com'),
    ])
      expect(answered(answer)).toEqual(notFound(guest.bookingId));
  });

  test('asking by ID and email counts as a booking lookup: past the limit, 429', async () => {
    const guest = await book();
    const limited = await startTestServer(db, { limits: { lookupsPerMinute: 3 }, mail: { publicUrl } });
    try {
      await db.pool.query('DELETE FROM rate_limits');
      const statuses = [];
      for (let n = 0; n < 5; n++)
        statuses.push(
          (await api(limited.url, '/api/bookings/invoice', { method: 'POST', body: { bookingId: guest.bookingId, email: guest.email } }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
      await db.pool.query('DELETE FROM rate_limits');
    }
  });

  test('8. the Outbox says when the emailed links point at this machine (PUBLIC_URL unset), and not otherwise', async () => {
    const local = await startTestServer(db);
    try {
      const session = await signIn(local.url);
      const listed = await api(local.url, '/api/admin/outbox', { headers: session.headers });
      expect(listed.body.linkWarning).toBe(
        "The links in the hotel's emails point at http://localhost:8080, which only this machine opens: a guest's phone or computer cannot. Set PUBLIC_URL to the site's address as guests reach it (such as https://stay.example.in) and restart.",
      );
      expect((await api(server.url, '/api/admin/outbox', { headers: admin.headers })).body.linkWarning).toBeNull();
    } finally {
      await local.close();
    }
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://hotel.localhost', 'http://[::1]:8080'])
      expect({ url, warned: localLinkWarning(url) !== null }).toEqual({ url, warned: true });
    for (const url of ['https://stay.example.in', 'http://192.168.1.20:8080', 'https://localhost.example.in'])
      expect({ url, warned: localLinkWarning(url) !== null }).toEqual({ url, warned: false });
  });

  test('8. the start-up log warns when PUBLIC_URL is unset, and not when it is set', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-dist-'));
    for (const name of ['index', 'booking', 'app', '404'])
      await writeFile(path.join(dist, `${name}.html`), `<!doctype html><html><head></head><body>${name}</body></html>`);
    /** `npm start` on this database until it says it listens; what it printed. */
    async function startOutput(env: Record<string, string>): Promise<string> {
      const port = await freePort();
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          DIST_DIR: dist,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          ADMIN_PASSWORD: 'start-up test password',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        for (let i = 0; i < 600 && !output.includes('Hotel site (hotel mode'); i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        // The warning follows the line at once, on the other stream.
        await new Promise((resolve) => setTimeout(resolve, 500));
        return output.replaceAll(String(port), 'PORT');
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }
    try {
      const unset = await startOutput({ PUBLIC_URL: '' });
      expect(unset).toContain('Hotel site (hotel mode, PostgreSQL from DATABASE_URL) at http://localhost:PORT');
      expect(unset).toContain(
        "Warning: The links in the hotel's emails point at http://localhost:PORT, which only this machine opens: a guest's phone or computer cannot. Set PUBLIC_URL",
      );
      const set = await startOutput({ PUBLIC_URL: publicUrl });
      expect(set).toContain('Hotel site (hotel mode');
      expect(set).not.toContain('Warning: The links');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  }, 120_000);
});

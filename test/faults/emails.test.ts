import pg from 'pg';
import { calendarOf, mailTo, startSmtp } from '../server/support/smtp';
import type { TestSmtp } from '../server/support/smtp';
import { confirmBody, daysFromNow } from '../server/support/stays';
import { freePort, startTestDatabase } from '../server/support/testDatabase';
import type { TestDatabase } from '../server/support/testDatabase';
import { killStrays, startServerProcess, tinyDist, waitFor } from './support/serverProcess';
import type { ServerProcess } from './support/serverProcess';

/**
 * The outbox against the real server process (server/main.ts) and a real SMTP server on
 * loopback: mail that cannot go out never holds up or loses a booking, and each message arrives
 * once when it can, also across a SIGKILL between the booking's commit and the send.
 */
jest.setTimeout(300_000);

const hotelEmail = 'frontdesk@hotel.example';

describe('emails through the outbox, with the mail server down and the server killed', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let smtp: TestSmtp;
  let dist: Awaited<ReturnType<typeof tinyDist>>;
  let server: ServerProcess | undefined;

  const start = async () =>
    startServerProcess({
      port: await freePort(),
      distDir: dist.dir,
      databaseUrl: database.url,
      env: { SMTP_URL: smtp.url, HOTEL_EMAIL: hotelEmail, MAIL_FROM: 'bookings@stay.example.in', MAIL_RETRY_SECONDS: '1' },
    });
  const confirm = (url: string, body: Record<string, unknown>) =>
    fetch(`${url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { booking: { bookingId: string } } }));
  const unsent = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE state <> 'sent'`)).rows[0]!.n;

  beforeAll(async () => {
    database = await startTestDatabase('embedded');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    smtp = await startSmtp();
    dist = await tinyDist();
  });
  afterAll(async () => {
    await server?.stop();
    killStrays();
    await pool?.end();
    await smtp?.close();
    await database?.remove();
    await dist?.remove();
  });

  test('SMTP down during 100 confirms: all 100 stored at once, then every message delivered once when it is back', async () => {
    await smtp.down();
    server = await start();
    const bodies = Array.from({ length: 100 }, (_, i) =>
      confirmBody({
        roomId: 'deluxe',
        rooms: 1,
        checkIn: daysFromNow(20 + (i % 40)),
        checkOut: daysFromNow(21 + (i % 40)),
        email: `g${i}@guest.example`,
      }),
    );
    const answers: Array<{ status: number; body: { booking: { bookingId: string } } }> = [];
    for (let i = 0; i < bodies.length; i += 10)
      answers.push(...(await Promise.all(bodies.slice(i, i + 10).map((b) => confirm(server!.url, b)))));
    expect(answers.map((a) => a.status)).toEqual(new Array(100).fill(201));
    // Answered while no mail could leave: every booking and both its messages are in the database.
    const stored = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings`);
    expect(stored.rows[0]!.n).toBe(100);
    expect(smtp.received).toHaveLength(0);
    await waitFor(async () => (await pool.query(`SELECT 1 FROM outbox WHERE tries > 0 LIMIT 1`)).rowCount, 30_000);
    await smtp.up();
    await waitFor(async () => (await unsent()) === 0, 120_000, 200);
    expect(smtp.received).toHaveLength(200);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(200);
    for (const [i, answer] of answers.entries()) {
      const mails = mailTo(smtp, `g${i}@guest.example`);
      expect(mails.map((m) => m.subject)).toEqual([`Booking confirmed: ${answer.body.booking.bookingId} at Valley View Resort`]);
      expect(calendarOf(mails[0]!).start).toBe(bodies[i]!.checkIn);
    }
    expect(mailTo(smtp, hotelEmail)).toHaveLength(100);
    await server.stop();
    server = undefined;
  });

  test('SIGKILL between the commit and the send: the message is delivered after the restart, once', async () => {
    await smtp.down();
    server = await start();
    const before = smtp.received.length;
    const answer = await confirm(
      server.url,
      confirmBody({ checkIn: daysFromNow(90), checkOut: daysFromNow(92), email: 'killed@guest.example' }),
    );
    expect(answer.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    server = undefined;
    const rows = await pool.query(`SELECT state FROM outbox WHERE booking_id = $1`, [answer.body.booking.bookingId]);
    expect(rows.rows.map((r) => r.state).every((state) => state !== 'sent')).toBe(true);
    expect(rows.rowCount).toBe(2);
    await smtp.up();
    server = await start();
    await waitFor(async () => (await unsent()) === 0, 120_000, 200);
    expect(mailTo(smtp, 'killed@guest.example')).toHaveLength(1);
    expect(smtp.received.length - before).toBe(2);
  });
});

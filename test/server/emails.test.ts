import type { Database } from '../../server/db/database';
import { saveMailSettings } from '../../server/mail/outbox';
import { startSender } from '../../server/mail/sender';
import type { OutboxSender } from '../../server/mail/sender';
import { hostileBodies, hostileText, hostileValues, pathPart, queryPart, refusalProblem, send } from './support/hostileInputs';
import { bookedNights, checkInventory } from './support/inventory';
import { calendarOf, mailTo, manageTokenIn, startSmtp } from './support/smtp';
import type { TestSmtp } from './support/smtp';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

const hotelEmail = 'frontdesk@hotel.example';
const publicUrl = 'https://stay.example.in';
const mailOptions = { publicUrl, cancelFreeDays: 2 };

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.each(databaseKinds)('emails, the manage link, change and cancel on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let smtp: TestSmtp;
  let sender: OutboxSender;

  const manage = (token: string, path = '', init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    api(server.url, `/api/manage${path}`, { ...init, headers: { 'x-manage-token': token, ...init.headers } });
  const outboxRows = async (bookingId: string) =>
    (
      await db.pool.query<{ kind: string; recipient: string; state: string; tries: number; message_id: string; last_error: string | null }>(
        'SELECT kind, recipient, state, tries, message_id, last_error FROM outbox WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      )
    ).rows;
  async function book(overrides: Record<string, unknown> = {}) {
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body: confirmBody(overrides) });
    if (reply.status !== 201) throw new Error(`confirm: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.booking as { bookingId: string; email: string; checkIn: string; checkOut: string; totalPrice: number };
  }
  /** Books, delivers, and answers the manage token from the confirmation that arrived. */
  async function bookAndOpen(overrides: Record<string, unknown> = {}) {
    const booking = await book(overrides);
    await sender.deliverDue();
    const mail = mailTo(smtp, booking.email).find((m) => m.subject?.includes(booking.bookingId));
    return { booking, token: manageTokenIn(mail!) };
  }

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    smtp = await startSmtp();
    await saveMailSettings(db.pool, { hotelEmail, deliver: true });
    // deliverDue() is called by the tests; the loop itself looks once, at its start.
    sender = startSender({
      pool: db.pool,
      smtpUrl: smtp.url,
      from: 'Valley View <bookings@stay.example.in>',
      mail: mailOptions,
      pollMs: 2_000_000_000,
    });
    server = await startTestServer(db, { mail: { ...mailOptions, smtpConfigured: true } });
    await createAdmin(db);
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
    await database?.remove();
  });

  test('a confirm commits its messages with the booking; the guest gets every fact, the manage link and a calendar file, the hotel a copy', async () => {
    const stay = { checkIn: daysFromNow(40), checkOut: daysFromNow(43), rooms: 2, email: 'asha@guest.example' };
    const booking = await book(stay);
    // Stored at once, before any delivery: the guest's message and the hotel's.
    expect((await outboxRows(booking.bookingId)).map((r) => [r.kind, r.recipient, r.state])).toEqual([
      ['confirmed', 'asha@guest.example', 'pending'],
      ['hotel-new', hotelEmail, 'pending'],
    ]);
    await sender.deliverDue();
    const [guest] = mailTo(smtp, 'asha@guest.example');
    const [hotel] = mailTo(smtp, hotelEmail).filter((m) => m.subject?.includes(booking.bookingId));
    expect(guest!.subject).toBe(`Booking confirmed: ${booking.bookingId} at Valley View Resort`);
    const text = guest!.text!;
    for (const fact of [booking.bookingId, 'Suit Room', 'Rooms:', '2', 'Nights:', '3', '₹24,000', '12 Example Road', '+91 00000 00000'])
      expect(text).toContain(fact);
    expect(text).toMatch(/Check-in: +\w{3}, \d{1,2} \w+ \d{4}/);
    // Issue 34 item 2: the price with tax, as the confirmation screen and the invoice show it.
    expect(text).toMatch(/Room total: +₹24,000\.00 \(tax exclusive\)\n/);
    expect(text).toMatch(/GST: +₹1,200\.00 \(CGST ₹600\.00 \+ SGST ₹600\.00\)\n/);
    expect(text).toMatch(/Total with tax: +₹25,200\.00\n/);
    expect(text).not.toContain('taxes extra');
    expect(String(guest!.html)).toContain(
      'Total with tax</th><td style="padding:6px 0;border-bottom:1px solid #d9ccb6;color:#2a2a2a">₹25,200.00',
    );
    expect(text).toContain(`${publicUrl}/manage#${booking.bookingId}.1.`);
    // HTML in the site's greens, nothing fetched from anywhere (no images, styles or scripts from outside).
    const html = String(guest!.html);
    expect(html).toContain('#1f4d3a');
    expect(html).not.toMatch(/<img|<script|<link|url\(|src=/i);
    expect(html).toContain(booking.bookingId);
    expect(guest!.messageId).toMatch(/^<[0-9a-f-]{36}@stay\.example\.in>$/);
    const calendar = calendarOf(guest!);
    expect(calendar).toMatchObject({
      method: 'PUBLISH',
      uid: `${booking.bookingId}@stay.example.in`,
      sequence: 0,
      start: stay.checkIn,
      end: stay.checkOut,
      status: 'CONFIRMED',
    });
    expect(hotel!.subject).toContain(`New booking: ${booking.bookingId}`);
    expect(hotel!.text).toContain('asha@guest.example');
    expect(hotel!.text).toMatch(/Total with tax: +₹25,200\.00\n/);
    expect((await outboxRows(booking.bookingId)).map((r) => [r.state, r.tries])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  test('the manage link shows the booking, quotes and changes the stay (same UID, higher SEQUENCE), then cancels it (METHOD:CANCEL)', async () => {
    const { booking, token } = await bookAndOpen({
      roomId: 'deluxe',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(62),
      email: 'ravi@guest.example',
    });
    const shown = await manage(token);
    expect(shown.status).toBe(200);
    expect(shown.body.booking).toMatchObject({ bookingId: booking.bookingId, status: 'confirmed', rooms: 1, totalPrice: 6000 });
    expect(shown.body.policy).toMatchObject({ freeDays: 2, freeUntil: daysFromNow(58), canCancel: true, hotelPhone: '+91 00000 00000' });
    expect(shown.body).toMatchObject({ linkValidUntil: daysFromNow(92), canChange: true });
    expect(shown.body.booking.guestKeyHash).toBeUndefined();

    const newStay = { checkIn: daysFromNow(70), checkOut: daysFromNow(73), rooms: 2 };
    const quote = await manage(token, '/quote', { method: 'POST', body: newStay });
    expect(quote.body).toEqual({ ...newStay, nights: 3, totalPrice: 18_000, previousTotal: 6000, left: 8 });
    // A quote changes nothing.
    expect(await bookedNights(db.pool, 'deluxe', daysFromNow(60), daysFromNow(62))).toEqual([1, 1]);
    expect((await outboxRows(booking.bookingId)).length).toBe(2);

    const changed = await manage(token, '', { method: 'PUT', body: newStay });
    expect(changed.status).toBe(200);
    expect(changed.body.booking).toMatchObject({ ...newStay, totalPrice: 18_000, status: 'confirmed' });
    expect(await bookedNights(db.pool, 'deluxe', daysFromNow(60), daysFromNow(62))).toEqual([0, 0]);
    expect(await bookedNights(db.pool, 'deluxe', daysFromNow(70), daysFromNow(73))).toEqual([2, 2, 2]);

    const cancelled = await manage(token, '/cancel', { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect(cancelled.body.policy.message).toBe('This booking is cancelled.');
    expect(await bookedNights(db.pool, 'deluxe', daysFromNow(70), daysFromNow(73))).toEqual([0, 0, 0]);
    expect((await manage(token)).body.booking.status).toBe('cancelled');
    // Cancelled is final: no change, and a second cancel answers the same booking.
    expect((await manage(token, '', { method: 'PUT', body: newStay })).status).toBe(409);
    expect((await manage(token, '/cancel', { method: 'POST' })).body.booking.status).toBe('cancelled');

    await sender.deliverDue();
    const mails = mailTo(smtp, 'ravi@guest.example');
    expect(mails.map((m) => m.subject)).toEqual([
      `Booking confirmed: ${booking.bookingId} at Valley View Resort`,
      `Booking changed: ${booking.bookingId} at Valley View Resort`,
      `Booking cancelled: ${booking.bookingId} at Valley View Resort`,
    ]);
    const [first, second, third] = mails.map(calendarOf);
    expect(second).toMatchObject({ method: 'PUBLISH', uid: first!.uid, sequence: 1, start: daysFromNow(70), end: daysFromNow(73) });
    expect(third).toMatchObject({ method: 'CANCEL', uid: first!.uid, sequence: 2, status: 'CANCELLED' });
    expect(second!.sequence).toBeGreaterThan(first!.sequence);
    // Each message states the stay's room total, GST and total with tax as they were when it was sent.
    expect(mails[0]!.text).toMatch(/Room total: +₹6,000\.00 \(tax exclusive\)\n[^]*Total with tax: +₹6,300\.00\n/);
    for (const mail of mails.slice(1)) {
      expect(mail.text).toMatch(/Room total: +₹18,000\.00 \(tax exclusive\)\n/);
      expect(mail.text).toMatch(/GST: +₹900\.00 \(CGST ₹450\.00 \+ SGST ₹450\.00\)\n/);
      expect(mail.text).toMatch(/Total with tax: +₹18,900\.00\n/);
    }
    const hotelMails = mailTo(smtp, hotelEmail).filter((m) => m.subject!.includes(booking.bookingId));
    const hotelSubjects = hotelMails.map((m) => m.subject!);
    expect(hotelSubjects.map((s) => s.split(':')[0])).toEqual(['New booking', 'Booking changed', 'Booking cancelled']);
    expect(hotelMails.map((m) => /Total with tax: +(\S+)/.exec(m.text!)?.[1])).toEqual(['₹6,300.00', '₹18,900.00', '₹18,900.00']);

    const admin = await signIn(server.url);
    const listed = await api(server.url, `/api/admin/bookings?q=${booking.bookingId}`, { headers: admin.headers });
    expect(listed.body.items[0]).toMatchObject({ bookingId: booking.bookingId, status: 'cancelled' });
    const audit = await api(server.url, '/api/admin/audit', { headers: admin.headers });
    expect(
      audit.body.items
        .filter((e: { bookingId: string }) => e.bookingId === booking.bookingId)
        .map((e: { action: string; actor: string }) => [e.action, e.actor]),
    ).toEqual([
      ['cancel', 'guest'],
      ['change', 'guest'],
    ]);
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('a change that does not fit changes nothing and says how many rooms are left', async () => {
    const { booking, token } = await bookAndOpen({ checkIn: daysFromNow(100), checkOut: daysFromNow(101) });
    await book({ checkIn: daysFromNow(110), checkOut: daysFromNow(111), rooms: 3 });
    const refused = await manage(token, '', { method: 'PUT', body: { checkIn: daysFromNow(110), checkOut: daysFromNow(111), rooms: 2 } });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Only 1 Suit Room is left for those dates.', left: 1 } });
    const quote = await manage(token, '/quote', {
      method: 'POST',
      body: { checkIn: daysFromNow(110), checkOut: daysFromNow(111), rooms: 2 },
    });
    expect(quote).toMatchObject({ status: 409, body: { left: 1 } });
    // Its own room counts as free when it moves by a night it already holds.
    const own = await manage(token, '/quote', {
      method: 'POST',
      body: { checkIn: daysFromNow(100), checkOut: daysFromNow(102), rooms: 4 - 1 },
    });
    expect(own.body).toMatchObject({ left: 4, totalPrice: 24_000 });
    expect((await manage(token)).body.booking).toMatchObject({ checkIn: daysFromNow(100), rooms: 1, totalPrice: booking.totalPrice });
    expect(await bookedNights(db.pool, 'executive', daysFromNow(100), daysFromNow(101))).toEqual([1]);
    // The same stay again (a double click) changes and mails nothing.
    const same = await manage(token, '', { method: 'PUT', body: { checkIn: daysFromNow(100), checkOut: daysFromNow(101), rooms: 1 } });
    expect(same.body.booking).toMatchObject({ bookingId: booking.bookingId, rooms: 1 });
    expect((await outboxRows(booking.bookingId)).map((r) => r.kind)).toEqual(['confirmed', 'hotel-new']);
    expect(
      (await manage(token, '', { method: 'PUT', body: { checkIn: daysFromNow(-3), checkOut: daysFromNow(1), rooms: 1 } })).body.message,
    ).toBe('checkIn: must not be in the past');
  });

  test('cancelling is free until CANCEL_FREE_DAYS before check-in; after that the answer says to call the hotel', async () => {
    const { booking, token } = await bookAndOpen({ checkIn: daysFromNow(1), checkOut: daysFromNow(3) });
    const shown = await manage(token);
    expect(shown.body.policy).toMatchObject({ canCancel: false });
    expect(shown.body.policy.message).toContain('call the hotel on +91 00000 00000');
    const refused = await manage(token, '/cancel', { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Cancellation is free until 2 days before check-in. To cancel now, please call the hotel on +91 00000 00000.',
    );
    expect((await manage(token)).body.booking.status).toBe('confirmed');
    expect(await bookedNights(db.pool, 'executive', booking.checkIn, booking.checkOut)).toEqual([1, 1]);
  });

  test("a tampered, expired, superseded or other booking's token gets the same answer as an unknown one", async () => {
    const { booking, token } = await bookAndOpen({ checkIn: daysFromNow(130), checkOut: daysFromNow(131), email: 'tok@guest.example' });
    const other = await bookAndOpen({ checkIn: daysFromNow(130), checkOut: daysFromNow(131) });
    const unknown = await manage('BK999999.1.' + 'A'.repeat(43));
    expect(unknown.status).toBe(404);
    const [id, version, mac] = token.split('.') as [string, string, string];
    const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
    // The last of 43 characters carries 4 bits of the signature and 2 unused ones: another spelling
    // of the same bytes, not the token the hotel sent.
    const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = mac.slice(0, -1) + base64url[base64url.indexOf(mac.at(-1)!) + 1];
    const candidates = [
      `${id}.${version}.${flipped}`,
      `${id}.${version}.${respelled}`,
      `${other.booking.bookingId}.${version}.${mac}`,
      `${id}.2.${mac}`,
      `${id.toLowerCase()}.${version}.${mac}`,
      `${token}x`,
      '',
    ];
    for (const candidate of candidates)
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '/quote', { checkIn: daysFromNow(140), checkOut: daysFromNow(141), rooms: 1 }],
        ['PUT', '', { checkIn: daysFromNow(140), checkOut: daysFromNow(141), rooms: 1 }],
        ['POST', '/cancel', undefined],
      ] as const) {
        const answer = await manage(candidate, path, { method, body });
        expect([candidate, answer.status, answer.body]).toEqual([candidate, 404, unknown.body]);
      }
    expect((await manage(token)).body.booking.status).toBe('confirmed');
    expect((await manage(other.token)).body.booking.status).toBe('confirmed');

    // An email change makes a new link; the old one stops working. Both addresses are told.
    const changed = await api(server.url, `/api/bookings/${booking.bookingId}/email`, {
      method: 'PUT',
      body: { email: 'tok.new@guest.example', currentEmail: 'tok@guest.example' },
    });
    expect(changed.status).toBe(200);
    expect((await manage(token)).body).toEqual(unknown.body);
    await sender.deliverDue();
    const [oldNotice] = mailTo(smtp, 'tok@guest.example').filter((m) => m.subject?.startsWith('Email address changed'));
    const [newNotice] = mailTo(smtp, 'tok.new@guest.example');
    expect(oldNotice!.text).toContain('tok.new@guest.example');
    expect(oldNotice!.text).not.toContain('/manage#');
    const newToken = manageTokenIn(newNotice!);
    expect((await manage(newToken)).body.booking.email).toBe('tok.new@guest.example');

    // Expired: 30 days after check-out the link opens nothing.
    await db.pool.query(`UPDATE bookings SET check_in = $2, check_out = $3 WHERE booking_id = $1`, [
      other.booking.bookingId,
      daysFromNow(-40),
      daysFromNow(-32),
    ]);
    expect((await manage(other.token)).body).toEqual(unknown.body);
    await db.pool.query(`UPDATE bookings SET check_in = $2, check_out = $3 WHERE booking_id = $1`, [
      other.booking.bookingId,
      daysFromNow(-40),
      daysFromNow(-29),
    ]);
    expect((await manage(other.token)).status).toBe(200);
    await db.pool.query(`DELETE FROM bookings WHERE booking_id = $1`, [other.booking.bookingId]);
    await db.pool.query(`UPDATE room_nights SET booked = booked - 1 WHERE room_id = 'executive' AND night = $1`, [daysFromNow(130)]);
  });

  test('hostile input on every new endpoint is refused with a 4xx naming the problem, and changes nothing', async () => {
    const { booking, token } = await bookAndOpen({ checkIn: daysFromNow(160), checkOut: daysFromNow(161), email: 'hostile@guest.example' });
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-manage-token': token };
    const valid = { checkIn: daysFromNow(162), checkOut: daysFromNow(163), rooms: 1 };
    const problems: string[] = [];
    const check = (what: string, answer: Awaited<ReturnType<typeof send>>, allowed: number[] = []) => {
      if (allowed.includes(answer.status)) return;
      const problem = refusalProblem(answer);
      if (problem) problems.push(`${what}: ${problem}`);
    };
    for (const [name, value] of hostileValues) {
      for (const field of ['checkIn', 'checkOut', 'rooms'])
        for (const [method, path] of [
          ['PUT', '/api/manage'],
          ['POST', '/api/manage/quote'],
        ])
          check(
            `${method} ${path} ${field}=${name}`,
            await send(server.url + path, { method, headers, body: JSON.stringify({ ...valid, [field]: value }) }),
          );
      for (const field of ['bookingId', 'email'])
        check(
          `link ${field}=${name}`,
          await send(`${server.url}/api/bookings/link`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ bookingId: booking.bookingId, email: 'hostile@guest.example', [field]: value }),
          }),
          [202],
        );
    }
    for (const [name, type, body] of hostileBodies)
      for (const [method, path, allowed] of [
        ['PUT', '/api/manage', []],
        ['POST', '/api/manage/quote', []],
        ['POST', '/api/bookings/link', []],
        ['POST', '/api/manage/cancel', []],
      ] as const) {
        // The cancel takes no body and ignores a JSON one; a body too large or not JSON is refused before it runs.
        if (path === '/api/manage/cancel' && !['a 1 MB body', 'deep nesting past the stack', 'XML'].includes(name)) continue;
        check(`${method} ${path} ${name}`, await send(server.url + path, { method, headers: { ...headers, 'content-type': type }, body }), [
          ...allowed,
        ]);
      }
    // A token header holding hostile text: the answer any unknown link gets.
    const unknown = await manage('BK999999.1.' + 'A'.repeat(43));
    for (const [name, value] of hostileText) {
      if (!/^[\x20-\x7e]*$/.test(value)) continue;
      const answer = await manage(value);
      if (answer.status !== 404 || JSON.stringify(answer.body) !== JSON.stringify(unknown.body))
        problems.push(`token ${name}: ${answer.status}`);
    }
    expect(problems).toEqual([]);
    expect((await manage(token)).body.booking).toMatchObject({ checkIn: booking.checkIn, rooms: 1, status: 'confirmed' });
    expect((await outboxRows(booking.bookingId)).map((r) => r.kind)).toEqual(['confirmed', 'hotel-new']);
  });

  test('change and cancel need the site header and the same origin', async () => {
    const { booking, token } = await bookAndOpen({ checkIn: daysFromNow(150), checkOut: daysFromNow(151) });
    const body = JSON.stringify({ checkIn: daysFromNow(152), checkOut: daysFromNow(153), rooms: 1 });
    for (const [method, path] of [
      ['PUT', '/api/manage'],
      ['POST', '/api/manage/cancel'],
      ['POST', '/api/manage/quote'],
    ]) {
      const bare = await fetch(server.url + path, {
        method,
        headers: { 'content-type': 'application/json', 'x-manage-token': token },
        body,
      });
      expect(bare.status).toBe(403);
      const crossSite = await fetch(server.url + path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-manage-token': token,
          'x-requested-with': 'hotel-site',
          origin: 'https://evil.example',
        },
        body,
      });
      expect(crossSite.status).toBe(403);
    }
    expect((await manage(token)).body.booking).toMatchObject({ checkIn: booking.checkIn, status: 'confirmed' });
  });

  test('a change racing a new booking for the last room: never both', async () => {
    for (let round = 0; round < 6; round++) {
      const night = daysFromNow(200 + round * 3);
      const next = daysFromNow(201 + round * 3);
      const { token } = await bookAndOpen({ checkIn: daysFromNow(199 + round * 3), checkOut: night });
      await book({ checkIn: night, checkOut: next, rooms: 3 });
      const [change, confirm] = await Promise.all([
        manage(token, '', { method: 'PUT', body: { checkIn: night, checkOut: next, rooms: 1 } }),
        api(server.url, '/api/bookings', { method: 'POST', body: confirmBody({ checkIn: night, checkOut: next, rooms: 1 }) }),
      ]);
      expect([200, 409]).toContain(change.status);
      expect([201, 409]).toContain(confirm.status);
      expect([change.status === 200, confirm.status === 201].filter(Boolean)).toHaveLength(1);
      expect(await bookedNights(db.pool, 'executive', night, next)).toEqual([4]);
    }
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('"Email me my booking link" answers the same whether the ID and email match or not, and mails the link only when they do', async () => {
    const booking = await book({ checkIn: daysFromNow(170), checkOut: daysFromNow(171), email: 'link.me@guest.example' });
    const asks = [
      { bookingId: booking.bookingId.toLowerCase(), email: 'LINK.ME@guest.example' },
      { bookingId: booking.bookingId, email: 'someone@else.example' },
      { bookingId: 'BK100009', email: 'link.me@guest.example' },
    ];
    const answers = [];
    for (const body of asks) answers.push(await api(server.url, '/api/bookings/link', { method: 'POST', body }));
    for (const answer of answers)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: answers[0]!.status, body: answers[0]!.body });
    expect(answers[0]!.status).toBe(202);
    expect((await outboxRows(booking.bookingId)).map((r) => r.kind)).toEqual(['confirmed', 'hotel-new', 'link']);
    await sender.deliverDue();
    const link = mailTo(smtp, 'link.me@guest.example').find((m) => m.subject === `Your booking link: ${booking.bookingId}`);
    expect((await manage(manageTokenIn(link!))).body.booking.bookingId).toBe(booking.bookingId);
    expect(mailTo(smtp, 'someone@else.example')).toEqual([]);
  });

  test('the Outbox lists messages (to, subject, state, tries, error, text and HTML) to a signed-in admin, and Resend sends one again with its Message-ID', async () => {
    const booking = await book({ checkIn: daysFromNow(180), checkOut: daysFromNow(181), email: 'outbox@guest.example' });
    expect((await api(server.url, '/api/admin/outbox')).status).toBe(401);
    const admin = await signIn(server.url);
    await sender.deliverDue();
    const listed = await api(server.url, '/api/admin/outbox?limit=5', { headers: admin.headers });
    expect(listed.body).toMatchObject({ smtpConfigured: true });
    const item = listed.body.items.find((m: { to: string }) => m.to === 'outbox@guest.example');
    expect(item).toMatchObject({
      bookingId: booking.bookingId,
      kind: 'confirmed',
      subject: `Booking confirmed: ${booking.bookingId} at Valley View Resort`,
      state: 'sent',
      tries: 1,
      lastError: null,
    });
    expect(item.text).toContain(booking.bookingId);
    expect(item.html).toContain('<!doctype html>');
    const path = `/api/admin/outbox/${item.id}/resend`;
    expect((await api(server.url, path, { method: 'POST', headers: { cookie: admin.cookie } })).status).toBe(403);
    expect((await api(server.url, path, { method: 'POST', headers: admin.headers })).status).toBe(200);
    expect((await api(server.url, '/api/admin/outbox/999999999/resend', { method: 'POST', headers: admin.headers })).status).toBe(404);
    await sender.deliverDue();
    const copies = mailTo(smtp, 'outbox@guest.example');
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
  });

  test('hostile input on the Outbox endpoints is refused with a 4xx, and resends nothing', async () => {
    const admin = await signIn(server.url);
    const before = (await db.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE state <> 'sent'`)).rows[0].n;
    const problems: string[] = [];
    for (const [name, value] of hostileValues) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      // A whole number is a real limit or ID ("2", 12345), not hostile here.
      if (/^[1-9][0-9]*$/.test(text)) continue;
      // In a query string [2] is limit=2, a real limit.
      const query = queryPart('limit', value);
      const listed = await send(`${server.url}/api/admin/outbox?${query}`, { headers: admin.headers });
      if (!/^limit=[1-9][0-9]*$/.test(query) && refusalProblem(listed)) problems.push(`limit=${name}: ${refusalProblem(listed)}`);
      const resent = await send(`${server.url}/api/admin/outbox/${pathPart(value)}/resend`, {
        method: 'POST',
        headers: { ...admin.headers, 'x-requested-with': 'hotel-site' },
      });
      if (refusalProblem(resent)) problems.push(`resend ${name}: ${refusalProblem(resent)}`);
    }
    expect(problems).toEqual([]);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE state <> 'sent'`)).rows[0].n).toBe(before);
  });

  test('SMTP down, then back: the booking is stored at once and its messages delivered later, once', async () => {
    await smtp.down();
    const retrying = startSender({
      pool: db.pool,
      smtpUrl: smtp.url,
      from: 'bookings@stay.example.in',
      mail: mailOptions,
      pollMs: 20,
      retryBaseMs: 20,
      maxRetryMs: 100,
    });
    try {
      const booking = await book({ checkIn: daysFromNow(190), checkOut: daysFromNow(191), email: 'down@guest.example' });
      const failed = await waitFor(async () => {
        const rows = await outboxRows(booking.bookingId);
        return rows.every((r) => r.state === 'retrying') && rows;
      }, 'a failed try');
      expect(failed[0]!.last_error).toMatch(/ECONNREFUSED/);
      await smtp.up();
      await waitFor(async () => (await outboxRows(booking.bookingId)).every((r) => r.state === 'sent'), 'delivery');
      expect(mailTo(smtp, 'down@guest.example')).toHaveLength(1);
      expect(mailTo(smtp, hotelEmail).filter((m) => m.subject?.includes(booking.bookingId))).toHaveLength(1);
    } finally {
      await retrying.stop();
    }
  });

  test('SMTP refusing (550), then accepting: retried with the error kept, then delivered once', async () => {
    smtp.refusing = true;
    const retrying = startSender({
      pool: db.pool,
      smtpUrl: smtp.url,
      from: 'bookings@stay.example.in',
      mail: mailOptions,
      pollMs: 20,
      retryBaseMs: 20,
      maxRetryMs: 100,
    });
    try {
      const booking = await book({ checkIn: daysFromNow(195), checkOut: daysFromNow(196), email: 'refused@guest.example' });
      const failed = await waitFor(async () => {
        const rows = await outboxRows(booking.bookingId);
        return rows.every((r) => r.tries >= 2 && r.state === 'retrying') && rows;
      }, 'two refused tries');
      expect(failed[0]!.last_error).toMatch(/550/);
      smtp.refusing = false;
      await waitFor(async () => (await outboxRows(booking.bookingId)).every((r) => r.state === 'sent'), 'delivery');
      expect(mailTo(smtp, 'refused@guest.example')).toHaveLength(1);
    } finally {
      smtp.refusing = false;
      await retrying.stop();
    }
  });

  test('two senders on one outbox send each message once', async () => {
    const senders = [1, 2].map(() =>
      startSender({ pool: db.pool, smtpUrl: smtp.url, from: 'bookings@stay.example.in', mail: mailOptions, pollMs: 10 }),
    );
    try {
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          book({ roomId: 'deluxe', checkIn: daysFromNow(300 + i), checkOut: daysFromNow(301 + i), email: `pair${i}@guest.example` }),
        ),
      );
      await waitFor(
        async () => (await db.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE state <> 'sent'`)).rows[0].n === 0,
        'every message sent',
      );
      const ids = smtp.received.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(ids.length - 1); // the one resend above, the same Message-ID on purpose
      for (const booking of made) expect(mailTo(smtp, booking.email)).toHaveLength(1);
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
    }
  });

  test('without SMTP_URL nothing is sent: messages wait in the outbox as held, and the Outbox says how to set up SMTP', async () => {
    const quiet = await startTestServer(db, { mail: { ...mailOptions, smtpConfigured: false } });
    const idle = startSender({ pool: db.pool, smtpUrl: null, from: 'bookings@stay.example.in', mail: mailOptions });
    try {
      await saveMailSettings(db.pool, { hotelEmail: null, deliver: false });
      const before = smtp.received.length;
      const booking = await book({ checkIn: daysFromNow(197), checkOut: daysFromNow(198), email: 'held@guest.example' });
      expect((await outboxRows(booking.bookingId)).map((r) => [r.kind, r.state])).toEqual([['confirmed', 'held']]);
      expect(await idle.deliverDue()).toBe(0);
      expect(smtp.received.length).toBe(before);
      const admin = await signIn(quiet.url);
      const listed = await api(quiet.url, '/api/admin/outbox', { headers: admin.headers });
      expect(listed.body.smtpConfigured).toBe(false);
      expect(listed.body.note).toContain('SMTP_URL');
      expect(listed.body.items[0]).toMatchObject({ to: 'held@guest.example', state: 'held' });
    } finally {
      await saveMailSettings(db.pool, { hotelEmail, deliver: true });
      await idle.stop();
      await quiet.close();
    }
  });
});

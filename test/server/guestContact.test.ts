import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Database } from '../../server/db/database';
import { guestMobileIndianProblem, guestMobileProblem, guestNameBadCharacters } from '../../src/domain/guestContact';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * Issue 34 item 5 over real HTTP on every kind of database: the guest's name and mobile number are
 * checked by the one rule (src/domain/guestContact.ts) on the confirm and the desk's bookings,
 * stored normalised, shown to staff (desk, list, search, invoice) and to the booking's own guest,
 * and to nobody else; never written to the log.
 */

describe.each(databaseKinds)('the guest’s name and mobile on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const logLines: string[] = [];
  let night = 60;

  const stay = () => {
    night += 3;
    return { checkIn: daysFromNow(night), checkOut: daysFromNow(night + 2) };
  };
  const confirm = (overrides: Record<string, unknown>) =>
    api(server.url, '/api/bookings', { method: 'POST', body: confirmBody({ ...stay(), ...overrides }) });
  const stored = async (bookingId: string) =>
    (
      await db.pool.query<{ guest_name: string | null; guest_mobile: string | null }>(
        'SELECT guest_name, guest_mobile FROM bookings WHERE booking_id = $1',
        [bookingId],
      )
    ).rows[0];

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await createAdmin(db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(db, { logger: { level: 'trace', stream } });
    admin = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test.each([
    ['98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['+44 7700 900123', '+447700900123'],
  ])('a confirm with the mobile typed as %j stores it as %j, and the name trimmed', async (typed, e164) => {
    const answer = await confirm({ guestName: '  Priya   Sharma ', guestMobile: typed });
    expect(answer.status).toBe(201);
    expect(answer.body.booking).toMatchObject({ guestName: 'Priya Sharma', guestMobile: e164 });
    expect(await stored(answer.body.booking.bookingId)).toEqual({ guest_name: 'Priya Sharma', guest_mobile: e164 });
  });

  test.each([
    [{ guestName: 'Priya', guestMobile: '58765 43210' }, guestMobileIndianProblem],
    [{ guestName: 'Priya', guestMobile: '+44 12' }, guestMobileProblem],
    [{ guestName: 'Priya', guestMobile: 'call me' }, guestMobileProblem],
    [{ guestName: '<b>Priya</b>', guestMobile: '98765 43210' }, guestNameBadCharacters],
  ])('a confirm with %j is refused with 400 and why, and nothing is booked', async (contact, message) => {
    const body = confirmBody({ ...stay(), ...contact });
    const answer = await api(server.url, '/api/bookings', { method: 'POST', body });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Bad Request', message } });
    expect((await db.pool.query('SELECT 1 FROM bookings WHERE draft_id = $1', [body.draftId])).rowCount).toBe(0);
  });

  test('a mobile longer than any number is refused by the schema with a 400 naming the field', async () => {
    const answer = await confirm({ guestName: 'Priya', guestMobile: '9'.repeat(40) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/guestMobile/);
  });

  test('a confirm without them (a client written before) still books, with neither', async () => {
    const answer = await confirm({});
    expect(answer.status).toBe(201);
    expect(answer.body.booking.guestName).toBeUndefined();
    expect(await stored(answer.body.booking.bookingId)).toEqual({ guest_name: null, guest_mobile: null });
  });

  test('staff see them on the bookings list, find the booking by name or by the number as typed, and on the invoice', async () => {
    const answer = await confirm({ guestName: 'Anjali Deshpande', guestMobile: '+91 91234 56789', email: 'anjali@example.com' });
    const { bookingId } = answer.body.booking;
    for (const q of ['deshpande', 'Anjali D', '91234 56789', '+91 91234-56789', '9123456789']) {
      const found = await api(server.url, `/api/admin/bookings?q=${encodeURIComponent(q)}`, { headers: admin.headers });
      expect({ q, items: found.body.items.map((b: { bookingId: string }) => b.bookingId) }).toEqual({ q, items: [bookingId] });
      expect(found.body.items[0]).toMatchObject({ guestName: 'Anjali Deshpande', guestMobile: '+919123456789' });
    }
    const invoice = await api(server.url, `/api/admin/bookings/${bookingId}/invoice`, { headers: admin.headers });
    expect(invoice.body).toMatchObject({ guestEmail: 'anjali@example.com', guestName: 'Anjali Deshpande', guestMobile: '+919123456789' });
    // The owner's export: the CSV's last two columns (a number starting with + made inert for a spreadsheet, as any cell).
    const csv = String((await api(server.url, '/api/admin/export?format=csv', { headers: admin.headers })).body);
    expect(csv.split('\r\n')[0]).toBe('bookingId,email,roomName,rooms,checkIn,checkOut,totalPrice,createdAt,guestName,guestMobile');
    expect(csv).toMatch(new RegExp(`^${bookingId},anjali@example.com,.*,Anjali Deshpande,'\\+919123456789\r$`, 'm'));
  });

  test('the desk takes them on a phone booking through the same rule, and shows them on its day', async () => {
    const dates = stay();
    const desk = (contact: Record<string, unknown>) =>
      api(server.url, '/api/admin/desk/bookings', {
        method: 'POST',
        headers: admin.headers,
        body: {
          draftId: randomUUID(),
          channel: 'phone',
          roomId: 'executive',
          packageIndex: 0,
          rooms: 1,
          ...dates,
          email: 'phone@example.com',
          ...contact,
        },
      });
    expect(await desk({ guestName: 'Ravi', guestMobile: '12345' })).toMatchObject({
      status: 400,
      body: { message: guestMobileIndianProblem },
    });
    const made = await desk({ guestName: 'रवि कुमार', guestMobile: '7012345678' });
    expect(made.status).toBe(201);
    const { bookingId } = made.body.booking;
    expect(await stored(bookingId)).toEqual({ guest_name: 'रवि कुमार', guest_mobile: '+917012345678' });
    const day = await api(server.url, `/api/admin/desk?date=${dates.checkIn}`, { headers: admin.headers });
    expect(day.body.arrivals.find((b: { bookingId: string }) => b.bookingId === bookingId)).toMatchObject({
      guestName: 'रवि कुमार',
      guestMobile: '+917012345678',
    });
  });

  test('the guest who made it sees them; an ID alone, or with the wrong email, shows nothing of them', async () => {
    const body = confirmBody({ ...stay(), guestName: 'Meera Nair', guestMobile: '9988776655', email: 'meera@example.com' });
    const made = await api(server.url, '/api/bookings', { method: 'POST', body });
    const { bookingId } = made.body.booking;
    const withKey = await api(server.url, `/api/bookings/${bookingId}`, { headers: { 'x-guest-key': body.guestKey } });
    expect(withKey.body.booking).toMatchObject({ guestName: 'Meera Nair', guestMobile: '+919988776655' });
    const byEmail = await api(server.url, '/api/bookings/lookup', { method: 'POST', body: { bookingId, email: 'MEERA@example.com' } });
    expect(byEmail.body.booking).toMatchObject({ guestName: 'Meera Nair', guestMobile: '+919988776655' });

    const idOnly = await api(server.url, `/api/bookings/${bookingId}`);
    expect(idOnly.status).toBe(200);
    expect(JSON.stringify(idOnly.body)).not.toMatch(/Meera|9988776655/);
    const wrongEmail = await api(server.url, '/api/bookings/lookup', { method: 'POST', body: { bookingId, email: 'other@example.com' } });
    expect(wrongEmail.status).toBe(404);
    expect(JSON.stringify(wrongEmail.body)).not.toMatch(/Meera|9988776655/);
    const invoiceWrongEmail = await api(server.url, '/api/bookings/invoice', {
      method: 'POST',
      body: { bookingId, email: 'other@example.com' },
    });
    expect(invoiceWrongEmail.status).toBe(404);
    expect(JSON.stringify(invoiceWrongEmail.body)).not.toMatch(/Meera|9988776655/);
  });

  test('no name or number reaches the log', async () => {
    await confirm({ guestName: 'Kavya Logcheck', guestMobile: '98123 45678' });
    await confirm({ guestName: 'Kavya Logcheck', guestMobile: '58123 45678' });
    const log = logLines.join('');
    expect(log).toMatch(/booking confirmed/);
    expect(log).not.toMatch(/Logcheck|98123|9812345678|58123/);
  });
});

import { Writable } from 'node:stream';
import { purgeDeleted } from '../../server/db/bookingQueries';
import type { Database } from '../../server/db/database';
import { saveMailSettings } from '../../server/mail/outbox';
import { startPaymentsStand } from './support/payments';
import type { PaymentsStand } from './support/payments';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn } from './support/testServer';

/**
 * A guest's particulars kept no longer and no further than needed. A booking deleted 30 days ago is
 * purged (purge_deleted_bookings, functions/bookings.sql), and with it every copy of its guest's
 * particulars: the Outbox's messages (the email address and a JSON copy of the booking), the
 * address in the audit log, and what Razorpay's events said of the payer; the hotel's accounts
 * (payments, vouchers) stay, naming no guest. And what staff search for never reaches the log.
 */
describe.each(databaseKinds)("a guest's particulars on %s", (kind) => {
  let database: TestDatabase;
  let db: Database;
  let stand: PaymentsStand;
  let owner: Awaited<ReturnType<typeof signIn>>;
  const logged: string[] = [];
  const email = 'erika.erase@example.com';
  /** What the guest changes it to, by the booking's own page. */
  const changedEmail = 'erika.erase.new@example.com';

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await saveMailSettings(db.pool, { hotelEmail: 'frontdesk@hotel.example', deliver: false });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    stand = await startPaymentsStand(db, { logger: { level: 'info', stream } });
    await createAdmin(db);
    owner = await signIn(stand.server.url);
  });
  afterAll(async () => {
    await stand?.close();
    await database?.remove();
  });

  /** A guest's booking, paid through Razorpay, its email changed by the guest: copies of the guest in every table that keeps one. */
  async function paidBooking(guestEmail: string, offset: number) {
    const base = stand.server.url;
    const body = confirmBody({ email: guestEmail, checkIn: daysFromNow(offset), checkOut: daysFromNow(offset + 2) });
    const made = await api(base, '/api/bookings', { method: 'POST', body });
    expect(made.body.booking.status).toBe('awaiting_payment');
    const bookingId = made.body.booking.bookingId as string;
    const headers = { 'x-guest-key': body.guestKey };
    expect((await api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers })).status).toBe(200);
    const link = [...stand.standIn.links.values()].find((l) => l.reference_id === bookingId)!;
    await stand.standIn.pay(link.id);
    for (let pass = 0; pass < 50; pass++) {
      const { rows } = await db.pool.query<{ status: string }>('SELECT status FROM bookings WHERE booking_id = $1', [bookingId]);
      if (rows[0]!.status === 'confirmed') break;
      await stand.payments.reconcile();
    }
    const changed = await api(base, `/api/bookings/${bookingId}/email`, {
      method: 'PUT',
      body: { email: guestEmail.replace('@', '.new@') },
      headers,
    });
    expect(changed.status).toBe(200);
    return bookingId;
  }

  /** Every row of the tables a booking's guest is copied into, as text. */
  async function copies(bookingId: string) {
    const [outbox, audit, events] = await Promise.all([
      db.pool.query('SELECT recipient, booking FROM outbox WHERE booking_id = $1', [bookingId]),
      db.pool.query('SELECT address FROM audit_log WHERE booking_id = $1 AND address IS NOT NULL', [bookingId]),
      db.pool.query('SELECT payload FROM payment_events'),
    ]);
    return { outbox: outbox.rows, audit: audit.rows, events: JSON.stringify(events.rows) };
  }

  test('a purged booking leaves no copy of its guest: the outbox, the audit log and the payment events are cleared; the accounts stay', async () => {
    const purged = await paidBooking(email, 40);
    const kept = await paidBooking('someone.else@example.com', 50);
    // Before: the guest is in each (so the checks below can fail).
    const before = await copies(purged);
    expect(JSON.stringify(before.outbox)).toContain(email);
    expect(JSON.stringify(before.outbox)).toContain(changedEmail);
    expect(before.audit.length).toBeGreaterThan(0);
    expect(before.events).toContain(email);

    expect((await api(stand.server.url, `/api/admin/bookings/${purged}`, { method: 'DELETE', headers: owner.headers })).status).toBe(200);
    // Thirty days pass.
    await db.pool.query(`UPDATE bookings SET deleted_at = now() - interval '31 days' WHERE booking_id = $1`, [purged]);
    expect(await purgeDeleted(db.pool)).toBe(1);

    const after = await copies(purged);
    expect(after.outbox).toEqual([]);
    expect(after.audit).toEqual([]);
    expect(after.events).not.toContain(email);
    const outbox = await db.pool.query('SELECT recipient, booking FROM outbox');
    expect(JSON.stringify(outbox.rows)).not.toContain('erika.erase');
    // The audit entries stay (who on the staff did what, and when), without the address.
    const audit = await db.pool.query<{ action: string; address: string | null }>(
      'SELECT action, address FROM audit_log WHERE booking_id = $1 ORDER BY id',
      [purged],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['email', 'delete']);
    expect(audit.rows.every((row) => row.address === null)).toBe(true);
    // The hotel's accounts stay: the payment and its receipt voucher, naming the booking only.
    const accounts = await db.pool.query(
      'SELECT p.state, v.kind FROM payments p JOIN vouchers v ON v.payment_id = p.id WHERE p.booking_id = $1',
      [purged],
    );
    expect(accounts.rows).toEqual([{ state: 'paid', kind: 'receipt' }]);

    // The other guest's booking keeps everything.
    const other = await copies(kept);
    expect(JSON.stringify(other.outbox)).toContain('someone.else');
    expect(other.audit.length).toBeGreaterThan(0);
    expect(other.events).toContain('someone.else');
  });

  test('what staff search for (a name, a mobile number, an email, a passport number) never reaches the request log', async () => {
    const terms = ['Erika Mustermann', '98765 43210', 'erika.erase@example.com', 'Z1234567'];
    logged.length = 0;
    for (const term of terms) {
      const q = encodeURIComponent(term);
      expect((await api(stand.server.url, `/api/admin/bookings?q=${q}&page=1`, { headers: owner.headers })).status).toBe(200);
      expect((await api(stand.server.url, `/api/admin/payments?q=${q}`, { headers: owner.headers })).status).toBe(200);
    }
    const log = logged.join('');
    // The requests are logged, by path, with what is not a search kept.
    expect(log).toContain('/api/admin/bookings?q=[redacted]&page=1');
    expect(log).toContain('/api/admin/payments?q=[redacted]');
    for (const term of terms) {
      for (const written of [term, encodeURIComponent(term), term.replace(/ /g, '+')]) expect(log).not.toContain(written);
    }
  });
});

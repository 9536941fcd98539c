import { saveMailSettings } from '../../server/mail/outbox';
import { startSender } from '../../server/mail/sender';
import type { OutboxSender } from '../../server/mail/sender';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { mailTo, startSmtp } from './support/smtp';
import type { TestSmtp } from './support/smtp';
import { daysFromNow as day } from './support/stays';
import { databaseKinds } from './support/testDatabase';

const hotelEmail = 'frontdesk@hotel.example';
const mail = { publicUrl: 'https://stay.example.in', cancelFreeDays: 2, smtpConfigured: true };

// Issue 35, item 4: ten changes by one manage link made nine mails to HOTEL_EMAIL. A booking's
// change copies to the hotel go out at least ten minutes apart: the first at once, the changes
// within the next ten minutes merged into one copy sent when they are up.
describe.each(databaseKinds)("what one booking's changes send the hotel, on %s", (kind) => {
  let hotel: TestHotel;
  let smtp: TestSmtp;
  let sender: OutboxSender;

  beforeAll(async () => {
    hotel = await startHotel(kind, { mail });
    smtp = await startSmtp();
    await saveMailSettings(hotel.db.pool, { hotelEmail, deliver: true });
    sender = startSender({
      pool: hotel.db.pool,
      smtpUrl: smtp.url,
      from: 'Valley View <bookings@stay.example.in>',
      mail,
      pollMs: 2_000_000_000,
    });
  });
  afterAll(async () => {
    await sender?.stop();
    await smtp?.close();
    await hotel?.stop();
  });

  const toHotel = (bookingId: string, word: string) =>
    mailTo(smtp, hotelEmail)
      .filter((m) => m.subject?.startsWith(`${word}: ${bookingId}`))
      .map((m) => m.subject);
  /** The ten minutes pass for the booking's waiting messages (the sender goes by the database's clock). */
  const tenMinutesPass = (bookingId: string) =>
    hotel.db.pool.query(`UPDATE outbox SET next_attempt_at = now() WHERE booking_id = $1 AND state = 'pending'`, [bookingId]);

  test('ten changes in a row send the hotel the first at once and one more after ten minutes, with the stay as it ended up; the guest gets each', async () => {
    const booking = await hotel.book({ roomId: 'deluxe', checkIn: day(60), checkOut: day(61), email: 'changes.a.lot@example.com' });
    const token = await hotel.manageToken(booking.bookingId);
    await sender.deliverDue();
    expect(toHotel(booking.bookingId, 'New booking')).toHaveLength(1);

    for (let i = 1; i <= 10; i++) {
      const changed = await hotel.manage(token, '', { method: 'PUT', body: { checkIn: day(60), checkOut: day(61 + i), rooms: 1 } });
      expect(changed.status).toBe(200);
      await sender.deliverDue();
    }
    expect(mailTo(smtp, 'changes.a.lot@example.com').filter((m) => m.subject?.includes('changed'))).toHaveLength(10);
    const first = `Booking changed: ${booking.bookingId}, Classic Room, ${day(60)} to ${day(62)}`;
    expect(toHotel(booking.bookingId, 'Booking changed')).toEqual([first]);

    await tenMinutesPass(booking.bookingId);
    await sender.deliverDue();
    expect(toHotel(booking.bookingId, 'Booking changed')).toEqual([
      first,
      `Booking changed: ${booking.bookingId}, Classic Room, ${day(60)} to ${day(71)}`,
    ]);

    // Changes just after that copy went wait their ten minutes too: one more message, not one per change.
    for (const nights of [2, 3]) {
      expect(
        (await hotel.manage(token, '', { method: 'PUT', body: { checkIn: day(60), checkOut: day(60 + nights), rooms: 1 } })).status,
      ).toBe(200);
    }
    await sender.deliverDue();
    expect(toHotel(booking.bookingId, 'Booking changed')).toHaveLength(2);
    await tenMinutesPass(booking.bookingId);
    await sender.deliverDue();
    expect(toHotel(booking.bookingId, 'Booking changed')).toHaveLength(3);
    expect(toHotel(booking.bookingId, 'Booking changed')[2]).toContain(`${day(60)} to ${day(63)}`);
  });

  test('a cancel while a change copy waits: the hotel is told of the cancel at once, and not of the changes merged in that copy', async () => {
    const booking = await hotel.book({ roomId: 'deluxe', checkIn: day(80), checkOut: day(81) });
    const token = await hotel.manageToken(booking.bookingId);
    for (const nights of [2, 3, 4])
      expect(
        (await hotel.manage(token, '', { method: 'PUT', body: { checkIn: day(80), checkOut: day(80 + nights), rooms: 1 } })).status,
      ).toBe(200);
    expect((await hotel.manage(token, '/cancel', { method: 'POST' })).status).toBe(200);
    await sender.deliverDue();
    await tenMinutesPass(booking.bookingId);
    await sender.deliverDue();
    expect(toHotel(booking.bookingId, 'Booking cancelled')).toHaveLength(1);
    // The first change went at once; the two after it waited, and the cancel dropped them.
    expect(toHotel(booking.bookingId, 'Booking changed')).toEqual([
      `Booking changed: ${booking.bookingId}, Classic Room, ${day(80)} to ${day(82)}`,
    ]);
    expect(mailTo(smtp, hotelEmail).filter((m) => m.subject?.includes(booking.bookingId))).toHaveLength(3);
  });
});

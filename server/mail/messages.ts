import { bookingStayEvent, stayCalendar } from '../../src/domain/calendar';
import { nightsBetween } from '../../src/domain/dates';
import { statusLabels } from '../../src/domain/bookingStatus';
import { formatPaise } from '../../src/domain/tax';
import { findRoom } from '../../src/domain/rooms';
import type { BookingStatus } from '../../src/domain/wire';
import { refundReasonLabels } from '../../src/domain/payments';
import type { RefundReason } from '../../src/domain/payments';
import { hotelTimeZone } from '../bookingRules';
import { hotelFacts } from './hotelFacts';
import { linkValidUntil, manageToken, manageUrl } from './manageLink';
import { countOf } from '../../src/domain/words';
import { longDate } from '../../src/domain/dateWords';

/**
 * Every email the hotel sends, rendered from an outbox row (the booking as it was when the row
 * was written): plain text and HTML in the site's look (inline styles, the site's greens, no
 * images and nothing remote), and the stay's calendar file where the stay is news.
 */
export type MessageKind =
  | 'confirmed'
  | 'changed'
  | 'cancelled'
  | 'email-old'
  | 'email-new'
  | 'link'
  | 'hotel-new'
  | 'hotel-changed'
  | 'hotel-cancelled'
  | 'hotel-overbooked'
  // Issue 37: payments.
  | 'payment-link'
  | 'hold-expired'
  | 'late-refund'
  | 'hotel-late-refund'
  | 'refunded';

/** What an overbooking message tells (written by apply_channel_feed, server/db/functions/channels.sql). */
export interface ChannelConflict {
  roomNumber: string;
  typeId: string;
  /** The channel that sold the room, as the owner named its calendar. */
  channel: string;
  nights: string[];
}

/** The receipt voucher of a payment, as the message about it shows it (server/payments/payments.ts writes it). */
export interface ReceiptFacts {
  voucherNumber: string;
  voucherDate: string;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  method: string | null;
  /** What is left to pay at the hotel after it. */
  duePaise?: number;
}

/** The booking as an outbox row keeps it (booking_snapshot, server/db/functions/mail.sql). */
export interface BookingSnapshot {
  bookingId: string;
  roomId: string | null;
  roomName: string;
  rooms: number;
  checkIn: string | null;
  checkOut: string | null;
  totalPrice: number;
  email: string;
  status: BookingStatus;
  sequence: number;
  manageVersion: number;
  createdAt: string;
  oldEmail?: string;
  /**
   * The price the booking was fixed at and its GST, paise (booking_snapshot, functions/mail.sql); null or
   * absent for a booking made before prices were kept, or imported, and in rows written before.
   */
  taxablePaise?: number | null;
  cgstPaise?: number | null;
  sgstPaise?: number | null;
  /** On a 'hotel-overbooked' message: which room a channel sold, and when. */
  conflict?: ChannelConflict;
  /** Issue 37: a payment's receipt voucher (confirmed, late-refund), the link to pay (payment-link), a refund made (refunded). */
  receipt?: ReceiptFacts | null;
  payment?: { url: string | null; amountPaise: number; holdExpiresAt: string | null };
  refund?: {
    voucherNumber: string;
    voucherDate: string;
    amountPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    reason: RefundReason;
  };
}

export interface RenderContext {
  /** The site's address for links (PUBLIC_URL). */
  publicUrl: string;
  /** The manage link's key (manageLink.ts). */
  secret: Buffer;
  cancelFreeDays: number;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  calendar: { filename: string; method: 'PUBLISH' | 'CANCEL'; content: string } | null;
}

const colours = { green: '#1f4d3a', greenDark: '#163828', sand: '#f3e7d3', sandLight: '#faf4ea', ink: '#2a2a2a', line: '#d9ccb6' };

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c as '&' | '<' | '>' | '"' | "'"],
  );
}

/** A date as the emails show it: "Thu, 24 December 2026" (server/bookingRules.ts longDate). */
function mailDate(iso: string | null): string {
  return iso ? longDate(iso, { weekday: true }) : 'Not selected';
}

function rupees(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)}`;
}

/** The domain part of PUBLIC_URL, for the calendar UID. */
function siteDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'hotel.invalid';
  } catch {
    return 'hotel.invalid';
  }
}

/**
 * What the stay costs: the room total, the GST and the total with tax, as the hotel fixed them
 * (the confirmation screen and the invoice show the same three); a booking without a fixed price
 * (made before prices were kept, or imported) has only its total, taxes extra.
 */
function price(b: BookingSnapshot): Array<[string, string]> {
  const { taxablePaise, cgstPaise, sgstPaise } = b;
  if (typeof taxablePaise !== 'number' || typeof cgstPaise !== 'number' || typeof sgstPaise !== 'number')
    return [['Total', `${rupees(b.totalPrice)} (taxes extra)`]];
  return [
    ['Room total', `${formatPaise(taxablePaise)} (tax exclusive)`],
    ['GST', `${formatPaise(cgstPaise + sgstPaise)} (CGST ${formatPaise(cgstPaise)} + SGST ${formatPaise(sgstPaise)})`],
    ['Total with tax', formatPaise(taxablePaise + cgstPaise + sgstPaise)],
  ];
}

function details(b: BookingSnapshot): Array<[string, string]> {
  const nights = nightsBetween(b.checkIn, b.checkOut);
  return [
    ['Booking ID', b.bookingId],
    ['Room', b.roomName],
    ['Check-in', mailDate(b.checkIn)],
    ['Check-out', mailDate(b.checkOut)],
    ['Rooms', String(b.rooms)],
    ['Nights', String(nights)],
    ...price(b),
    ['Status', statusLabels[b.status]],
  ];
}

interface Body {
  subject: string;
  heading: string;
  lead: string;
  table: Array<[string, string]> | null;
  link: { label: string; url: string; note: string } | null;
  after: string[];
}

function renderText(body: Body, hotel: ReturnType<typeof hotelFacts>): string {
  const lines = [body.heading, '', body.lead, ''];
  if (body.table) {
    const width = Math.max(...body.table.map(([label]) => label.length));
    for (const [label, value] of body.table) lines.push(`${`${label}:`.padEnd(width + 2)}${value}`);
    lines.push('');
  }
  if (body.link) lines.push(`${body.link.label}: ${body.link.url}`, body.link.note, '');
  for (const paragraph of body.after) lines.push(paragraph, '');
  lines.push('--', hotel.name, ...hotel.address, `Phone: ${hotel.phone}`);
  return lines.join('\n') + '\n';
}

function renderHtml(body: Body, hotel: ReturnType<typeof hotelFacts>): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${colours.ink}">${escapeHtml(text)}</p>`;
  const rows = (body.table ?? [])
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;font-weight:600;color:${colours.greenDark};border-bottom:1px solid ${colours.line}">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;border-bottom:1px solid ${colours.line};color:${colours.ink}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const table = body.table ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 20px">${rows}</table>` : '';
  const link = body.link
    ? `<p style="margin:0 0 8px"><a href="${escapeHtml(body.link.url)}" style="display:inline-block;background:${colours.green};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(body.link.label)}</a></p>` +
      `<p style="margin:0 0 20px;font-size:13px;color:#545454">${escapeHtml(body.link.note)} ${escapeHtml(body.link.url)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:${colours.sandLight};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:${colours.green};color:#ffffff;padding:18px 24px;border-radius:10px 10px 0 0;font-family:Georgia,'Times New Roman',serif;font-size:22px">${escapeHtml(hotel.name)}</div>
<div style="background:#ffffff;padding:24px;border:1px solid ${colours.line};border-top:0;border-radius:0 0 10px 10px">
<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${colours.greenDark}">${escapeHtml(body.heading)}</h1>
${p(body.lead)}${table}${link}${body.after.map(p).join('')}
</div>
<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#545454;background:${colours.sand};padding:12px 16px;border-radius:8px">${escapeHtml(hotel.name)}<br>${hotel.address.map(escapeHtml).join('<br>')}<br>Phone: ${escapeHtml(hotel.phone)}</p>
</div></body></html>
`;
}

/**
 * To the hotel, at once: a channel sold a room that a booking from here holds, and no other room
 * of its type was free to move the booking to (or the type has more rooms taken than it has).
 */
function overbookedMessage(
  b: BookingSnapshot,
  hotel: ReturnType<typeof hotelFacts>,
  make: (body: Body) => RenderedMessage,
): RenderedMessage {
  const c = b.conflict ?? { roomNumber: '?', typeId: '', channel: 'A channel', nights: [] };
  const type = findRoom(c.typeId)?.title ?? 'room';
  const nights = c.nights.map((night) => mailDate(night));
  const when = nights.length <= 3 ? nights.join(', ') : `${nights[0]} to ${nights[nights.length - 1]}`;
  const guest = b.bookingId ? `booking ${b.bookingId} (${b.email})` : null;
  return make({
    subject: `Overbooked: room ${c.roomNumber} on ${nights[0] ?? '?'} (${c.channel})`,
    heading: 'A channel sold a room that is taken',
    lead: guest
      ? `${c.channel} sold room ${c.roomNumber} (${type}) for the night${c.nights.length === 1 ? '' : 's'} of ${when}, which ${guest} holds here, and no other ${type} is free then. Both stand: the hotel has more guests than rooms.`
      : `${c.channel} sold room ${c.roomNumber} (${type}) for the night${c.nights.length === 1 ? '' : 's'} of ${when}, when every ${type} was already taken (booked, sold elsewhere or out of service). Both stand: the hotel has more guests than rooms.`,
    table: guest ? details(b) : null,
    link: null,
    after: [
      'What to do, today:',
      `1. Look at Today at the desk: the night shows Overbooked, with the rooms and bookings involved.`,
      `2. If a room of another type is free, move one guest there (a phone booking of that room, then cancel the other), or free a room: cancel or move a reservation on ${c.channel} (its extranet or app), or cancel the booking here with the guest's agreement.`,
      `3. If nothing is free, call the guest who arrives last before they travel and offer a room nearby; the hotel pays any difference, as channels expect.`,
      `4. Close the room on ${c.channel} for nights it must not sell, and check that ${c.channel} reads this hotel's calendar of room ${c.roomNumber} (Channels screen: its address and the last time it was read).`,
    ],
  });
}

/** A moment in the hotel's time zone, as "24 Dec, 14:32". */
function hotelTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: hotelTimeZone(),
  });
}

/** The rows a payment's receipt voucher adds to a message (CGST rule 50: its number, amount and tax). */
function receiptRows(receipt: ReceiptFacts): Array<[string, string]> {
  return [
    ['Paid now', `${formatPaise(receipt.amountPaise)}${receipt.method ? ` (${receipt.method.toUpperCase()})` : ''}`],
    [
      'Receipt voucher',
      `${receipt.voucherNumber}, ${longDate(receipt.voucherDate)}: taxable value ${formatPaise(receipt.taxablePaise)}, CGST ${formatPaise(receipt.cgstPaise)}, SGST ${formatPaise(receipt.sgstPaise)}`,
    ],
    ...(receipt.duePaise !== undefined ? ([['To pay at the hotel', formatPaise(receipt.duePaise)]] as Array<[string, string]>) : []),
  ];
}

/** The message an outbox row stands for. */
export function renderMessage(kind: string, b: BookingSnapshot, context: RenderContext, stamp: string): RenderedMessage {
  const hotel = hotelFacts();
  const link = b.checkOut
    ? {
        label: 'Manage your booking',
        url: manageUrl(context.publicUrl, manageToken(context.secret, b.bookingId, b.manageVersion)),
        // The manage page also opens the tax invoice (issue 34): one link for the guest to keep.
        note: `Change the dates or rooms, cancel, or open your tax invoice with this link until ${mailDate(linkValidUntil(b.checkOut))}. Keep it to yourself: it opens your booking.`,
      }
    : null;
  const policy = `Cancellation is free until ${countOf(context.cancelFreeDays, 'day')} before check-in; after that, please call the hotel on ${hotel.phone}.`;
  const calendar = (method: 'PUBLISH' | 'CANCEL') =>
    b.checkIn && b.checkOut
      ? {
          filename: method === 'CANCEL' ? 'stay-cancelled.ics' : 'stay.ics',
          method,
          // The same event as the browser's "Add to calendar" download (src/domain/calendar.ts).
          content: stayCalendar(
            bookingStayEvent({ ...b, checkIn: b.checkIn, checkOut: b.checkOut }, hotel, {
              domain: siteDomain(context.publicUrl),
              stamp,
              sequence: b.sequence,
              method,
            }),
          ),
        }
      : null;
  const make = (body: Body, cal: RenderedMessage['calendar'] = null): RenderedMessage => ({
    subject: body.subject,
    text: renderText(body, hotel),
    html: renderHtml(body, hotel),
    calendar: cal,
  });
  const id = b.bookingId;
  switch (kind as MessageKind) {
    case 'confirmed':
      return make(
        {
          subject: `Booking confirmed: ${id} at ${hotel.name}`,
          heading: 'Your booking is confirmed',
          lead: b.receipt
            ? `Thank you for booking with ${hotel.name}: your payment has arrived. Here is your stay and the receipt voucher for what you paid; the calendar file attached adds the stay to your calendar.`
            : `Thank you for booking with ${hotel.name}. Here is your stay; the calendar file attached adds it to your calendar.`,
          table: [...details(b), ...(b.receipt ? receiptRows(b.receipt) : [])],
          link,
          after: [policy],
        },
        calendar('PUBLISH'),
      );
    case 'changed':
      return make(
        {
          subject: `Booking changed: ${id} at ${hotel.name}`,
          heading: 'Your booking was changed',
          lead: 'Your stay now reads as below. The calendar file attached updates the event in your calendar.',
          table: details(b),
          link,
          after: [policy],
        },
        calendar('PUBLISH'),
      );
    case 'cancelled':
      return make(
        {
          subject: `Booking cancelled: ${id} at ${hotel.name}`,
          heading: 'Your booking was cancelled',
          lead: 'This booking is cancelled and its rooms are released. The calendar file attached removes the stay from your calendar.',
          table: details(b),
          link: null,
          after: [`If you did not cancel it, please call the hotel on ${hotel.phone}.`],
        },
        calendar('CANCEL'),
      );
    case 'email-old':
      return make({
        subject: `Email address changed for booking ${id}`,
        heading: 'Your booking now uses another email address',
        lead: `The email address for booking ${id} was changed from ${b.oldEmail ?? 'this address'} to ${b.email}. Messages about it will go there, and links sent here no longer open it.`,
        table: null,
        link: null,
        after: [`If you did not ask for this, please call the hotel on ${hotel.phone}.`],
      });
    case 'email-new':
      return make({
        subject: `This address now receives booking ${id}`,
        heading: 'Your booking now uses this email address',
        lead: `Messages about booking ${id} will come to this address${b.oldEmail ? ` (it was ${b.oldEmail})` : ''}.`,
        table: details(b),
        link,
        after: [policy],
      });
    case 'link':
      return make({
        subject: `Your booking link: ${id}`,
        heading: 'Your booking link',
        lead: 'You asked for the link to your booking. Open it on any device to see, change or cancel your stay.',
        table: details(b),
        link,
        after: [policy],
      });
    case 'payment-link':
      return make({
        subject: `Pay to confirm your booking ${id} at ${hotel.name}`,
        heading: 'Pay to confirm your booking',
        lead: `Your rooms are held${b.payment?.holdExpiresAt ? ` until ${hotelTime(b.payment.holdExpiresAt)}` : ''}. Pay ${formatPaise(b.payment?.amountPaise ?? 0)} with the link below (UPI, cards or netbanking, on Razorpay's page) to confirm the booking.`,
        table: details(b),
        link: b.payment?.url
          ? {
              label: `Pay ${formatPaise(b.payment.amountPaise)}`,
              url: b.payment.url,
              note: 'The link is Razorpay’s, the hotel’s payment service. If it has stopped working, please call the hotel.',
            }
          : null,
        after: [`Questions? Please call the hotel on ${hotel.phone}.`],
      });
    case 'hold-expired':
      return make({
        subject: `Booking not confirmed: ${id} (the payment did not arrive in time)`,
        heading: 'Your booking is not confirmed',
        lead: 'We held your rooms while you paid, but the payment did not arrive in time, so the booking is not confirmed and the rooms are released. Nothing was charged.',
        table: details(b),
        link: null,
        after: [
          `To stay with us, open the booking on the device you booked with and pay again while rooms are left, or book again. Questions? Please call the hotel on ${hotel.phone}.`,
        ],
      });
    case 'late-refund':
      return make({
        subject: `Your payment for ${id} is being refunded`,
        heading: 'Your payment came after the hold ended',
        lead: `Your payment of ${formatPaise(b.receipt?.amountPaise ?? 0)} arrived after the rooms' hold ended, and the rooms had been booked by then. The booking is not confirmed, and the whole payment is being refunded to you; another email tells you when the refund is done.`,
        table: [...details(b), ...(b.receipt ? receiptRows({ ...b.receipt, duePaise: undefined }) : [])],
        link: null,
        after: [`We are sorry. To find other dates, please call the hotel on ${hotel.phone}.`],
      });
    case 'hotel-late-refund':
      return make({
        subject: `Late payment refunded: ${id}, ${b.roomName}, ${b.checkIn ?? '?'} to ${b.checkOut ?? '?'}`,
        heading: 'A payment came after its hold and was refunded',
        lead: `${b.email} paid ${formatPaise(b.receipt?.amountPaise ?? 0)} for ${id} after its hold ended, and its rooms were taken meanwhile: the payment is being refunded in full. The guest has been told.`,
        table: [...details(b), ...(b.receipt ? receiptRows({ ...b.receipt, duePaise: undefined }) : [])],
        link: null,
        after: [],
      });
    case 'refunded':
      return make({
        subject: `Refund made: ${id} at ${hotel.name}`,
        heading: 'Your refund is on its way',
        lead: `${formatPaise(b.refund?.amountPaise ?? 0)} has been refunded to the account you paid from (${refundReasonLabels[b.refund?.reason ?? 'cancelled'].toLowerCase()}). Banks take up to 5-7 working days to show it.`,
        table: [
          ['Booking ID', id],
          ['Refunded', formatPaise(b.refund?.amountPaise ?? 0)],
          [
            'Refund voucher',
            b.refund
              ? `${b.refund.voucherNumber}, ${longDate(b.refund.voucherDate)}: taxable value ${formatPaise(b.refund.taxablePaise)}, CGST ${formatPaise(b.refund.cgstPaise)}, SGST ${formatPaise(b.refund.sgstPaise)}`
              : '',
          ],
        ],
        link: null,
        after: [`Questions? Please call the hotel on ${hotel.phone}.`],
      });
    case 'hotel-new':
    case 'hotel-changed':
    case 'hotel-cancelled': {
      const word = kind === 'hotel-new' ? 'New booking' : kind === 'hotel-changed' ? 'Booking changed' : 'Booking cancelled';
      return make({
        subject: `${word}: ${id}, ${b.roomName}, ${b.checkIn ?? '?'} to ${b.checkOut ?? '?'}`,
        heading: word,
        lead: `${word} through the website. Guest: ${b.email}.`,
        table: [...details(b), ...(kind === 'hotel-new' && b.receipt ? receiptRows(b.receipt) : [])],
        link: null,
        after: [],
      });
    }
    case 'hotel-overbooked':
      return overbookedMessage(b, hotel, make);
    default:
      return make({ subject: `Booking ${id}`, heading: `Booking ${id}`, lead: '', table: details(b), link: null, after: [] });
  }
}

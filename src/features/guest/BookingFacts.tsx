import type { BookingRecord } from '../../domain/bookingRecord';
import { roomsOf } from '../../domain/bookingRecord';
import { statusLabels } from '../../domain/bookingStatus';
import { formatDisplayDate } from '../../domain/dates';
import { Link } from 'react-router-dom';
import { formatPaise, recordTax } from '../../domain/tax';
import { formatInr } from '../../shared/money';
import { invoiceLink } from '../invoice/invoicePath';
import type { InvoiceState } from '../invoice/invoicePath';

/**
 * The booking's facts as the guest view lists them (spec: ID, room, dates, rooms, total); Cancelled
 * once the guest cancels (hotel mode). `proof`: how the guest opened the booking here (the manage
 * link's token, or the email of a lookup), for the invoice link to carry; none with this browser's key.
 */
export function BookingFacts({ booking, proof }: { booking: BookingRecord; proof?: InvoiceState }) {
  const cancelled = booking.status === 'cancelled';
  const tax = recordTax(booking);
  const invoice = invoiceLink(booking.bookingId, proof);
  return (
    <dl className="guest__facts">
      <dt>Booking ID</dt>
      <dd className="guest__id">{booking.bookingId}</dd>
      <dt>Status</dt>
      <dd className={cancelled ? 'guest__status guest__status--cancelled' : 'guest__status'}>
        {statusLabels[booking.status ?? 'confirmed']}
      </dd>
      <dt>Room</dt>
      <dd>{booking.roomName}</dd>
      <dt>Check-In</dt>
      <dd>{formatDisplayDate(booking.checkIn)}</dd>
      <dt>Check-Out</dt>
      <dd>{formatDisplayDate(booking.checkOut)}</dd>
      <dt>Number of Rooms</dt>
      <dd>{roomsOf(booking)}</dd>
      <dt>Total Price</dt>
      <dd className="guest__total">{formatInr(booking.totalPrice)}</dd>
      {tax && (
        <>
          <dt>GST</dt>
          {/* Each figure whole (a phone breaks the line between them, never inside one). */}
          <dd>
            <span className="guest__amount">{formatPaise(tax.cgstPaise + tax.sgstPaise)}</span> (
            <span className="guest__amount">CGST {formatPaise(tax.cgstPaise)}</span> +{' '}
            <span className="guest__amount">SGST {formatPaise(tax.sgstPaise)}</span>)
          </dd>
          <dt>Total with tax</dt>
          <dd className="guest__total">{formatPaise(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise)}</dd>
          <dt>Invoice</dt>
          <dd>
            <Link to={invoice.to} state={invoice.state}>
              Tax invoice <span className="guest__amount">{tax.invoiceNumber}</span>
            </Link>
          </dd>
        </>
      )}
    </dl>
  );
}

import type { ListedBooking } from '../../api/bookingsApi';
import { formatDisplayDate, todayIso } from '../../domain/dates';
import { moveProblem, statusLabels } from '../../domain/bookingStatus';
import { Link } from 'react-router-dom';
import { formatInr } from '../../shared/money';
import { formatPaise } from '../../domain/tax';
import { showGuestMobile } from '../../domain/guestContact';
import { invoicePath } from '../invoice/invoicePath';

const columns = ['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out', 'Total', 'Status', 'Action'] as const;

interface BookingsTableProps {
  rows: readonly ListedBooking[];
  onDelete: (bookingId: string) => void;
  /** Where bookings have a life (hotel mode): Cancel on the bookings that can be cancelled. */
  onCancel?: (bookingId: string) => void;
}

/** Whether staff can cancel this booking now (the desk's rule, src/domain/bookingStatus.ts; the hotel judges again). */
function cancellable(booking: ListedBooking): boolean {
  const stay = { status: booking.status ?? 'confirmed', checkIn: booking.checkIn, checkOut: booking.checkOut };
  // A cancel does not depend on the day; the device's date stands in for the hotel's.
  return moveProblem(stay, 'cancelled', todayIso()) === null;
}

/**
 * A plain table on wide screens; on phones the CSS turns each row into a card, with each cell
 * labelled from data-label. The explicit roles keep the table semantics that some browsers
 * drop once the display of table parts is changed.
 */
export function BookingsTable({ rows, onDelete, onCancel }: BookingsTableProps) {
  return (
    <table className="admin-table" role="table">
      <caption className="visually-hidden">Bookings, newest first</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column} role="columnheader" scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((booking) => (
          <tr key={booking.bookingId} role="row">
            <td role="cell" data-label="Booking ID" className="admin-table__id">
              {booking.bookingId}
            </td>
            <td role="cell" data-label="Email" className="admin-table__email">
              {booking.email}
              {/* Hotel mode (issue 34 item 5): who the booking is for, under the email (the spec's columns stay). */}
              {(booking.guestName || booking.guestMobile) && (
                <span className="admin-table__guest">
                  {booking.guestName && <span>{booking.guestName}</span>}
                  {booking.guestMobile && <a href={`tel:${booking.guestMobile}`}>{showGuestMobile(booking.guestMobile)}</a>}
                </span>
              )}
            </td>
            <td role="cell" data-label="Room">
              {booking.roomName}
            </td>
            <td role="cell" data-label="Check-In">
              {formatDisplayDate(booking.checkIn)}
            </td>
            <td role="cell" data-label="Check-Out">
              {formatDisplayDate(booking.checkOut)}
            </td>
            <td role="cell" data-label="Total" className="admin-table__total">
              {formatInr(booking.totalPrice)}
              {/* Hotel mode with payments (issue 37): what was paid and what is due, where money has moved or waits. */}
              {booking.duePaise !== undefined &&
                ((booking.paidPaise ?? 0) > 0 || booking.status === 'awaiting_payment' || booking.status === 'expired') && (
                  <span className="admin-table__money">
                    Paid {formatPaise(booking.paidPaise ?? 0)}, due {formatPaise(booking.duePaise)}
                  </span>
                )}
            </td>
            <td role="cell" data-label="Status">
              <span className={`admin-status admin-status--${booking.status ?? 'confirmed'}`}>
                {statusLabels[booking.status ?? 'confirmed']}
              </span>
            </td>
            <td role="cell" data-label="Action" className="admin-table__action">
              {booking.invoiceNumber && (
                <Link className="admin-invoice" to={invoicePath(booking.bookingId)} aria-label={`Invoice for booking ${booking.bookingId}`}>
                  Invoice
                </Link>
              )}
              {onCancel && cancellable(booking) && (
                <button
                  type="button"
                  className="button button--secondary admin-cancel"
                  aria-label={`Cancel booking ${booking.bookingId}`}
                  onClick={() => onCancel(booking.bookingId)}
                >
                  Cancel
                </button>
              )}
              <button
                type="button"
                className="button button--danger admin-delete"
                aria-label={`Delete booking ${booking.bookingId}`}
                onClick={() => onDelete(booking.bookingId)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { Link, useParams } from 'react-router-dom';
import { useGetInvoiceQuery } from '../../api/bookingsApi';
import { describeError, statusOf } from '../../api/requestErrors';
import type { SourceError } from '../../api/source';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import type { InvoiceReply } from '../../domain/wire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { customerBookingPath, paths } from '../../shared/paths';
import { selectGuestBooking } from '../guest/guestBooking';
import './invoice.css';

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const longDate = (iso: string) => `${Number(iso.slice(8, 10))} ${monthNames[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/**
 * The printable tax invoice of a booking (hotel mode): opened by the guest from their booking
 * (this browser's copy holds the key the hotel asks for) or by a signed-in admin from the table.
 * The browser's Print dialog saves it as a PDF; the print stylesheet leaves only the invoice.
 */
export function InvoicePage() {
  const { prices } = useAppSelector(selectOffers);
  const bookingId = useParams().bookingId ?? '';
  return (
    <section className="page invoice-page" aria-labelledby="page-title">
      <title>{`Tax invoice ${bookingId}`}</title>
      {prices ? (
        <InvoiceLoader bookingId={bookingId} />
      ) : (
        <>
          <h1 id="page-title">Tax invoice</h1>
          <p className="notice">Invoices are issued by the hotel: this site keeps its bookings in this browser only.</p>
        </>
      )}
    </section>
  );
}

function InvoiceLoader({ bookingId }: { bookingId: string }) {
  const guestKey = useAppSelector((state) => selectGuestBooking(state, bookingId)?.guestKey);
  const { data, error, isLoading, isFetching, refetch } = useGetInvoiceQuery(guestKey ? { bookingId, guestKey } : { bookingId });
  if (isLoading) return <p role="status">Loading the invoice…</p>;
  if (error || !data) {
    const status = statusOf(error as SourceError);
    return (
      <>
        <h1 id="page-title">Tax invoice</h1>
        <div className="notice notice--error hotel-problem" role="alert">
          <p>
            {status === 401 || status === 404
              ? `No invoice found for booking ID: ${bookingId}. The invoice opens from the device the booking was made on, or for the hotel's administrator when signed in.`
              : describeError(error as SourceError, 'The hotel could not show the invoice.')}
          </p>
          {status !== 401 && status !== 404 && (
            <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
              Try again
            </button>
          )}
        </div>
        <p>
          <Link to={guestKey ? customerBookingPath(bookingId) : paths.adminBookings}>{guestKey ? 'Back to your booking' : 'Sign in'}</Link>
        </p>
      </>
    );
  }
  return <Invoice invoice={data} backTo={guestKey ? customerBookingPath(bookingId) : paths.adminBookings} />;
}

function Invoice({ invoice, backTo }: { invoice: InvoiceReply; backTo: string }) {
  const { hotel } = invoice;
  return (
    <article className="invoice">
      <header className="invoice__head">
        <div>
          <h1 id="page-title">Tax invoice</h1>
          <p className="invoice__hotel">
            <strong>{hotel.legalName || 'Valley View Resort'}</strong>
            {hotel.address && (
              <>
                <br />
                <span className="invoice__address">{hotel.address}</span>
              </>
            )}
            <br />
            GSTIN: {hotel.gstin || 'not set'}
          </p>
        </div>
        <dl className="invoice__meta">
          <dt>Invoice number</dt>
          <dd>{invoice.invoiceNumber}</dd>
          <dt>Invoice date</dt>
          <dd>{longDate(invoice.invoiceDate)}</dd>
          <dt>Booking ID</dt>
          <dd>{invoice.bookingId}</dd>
          <dt>Billed to</dt>
          <dd className="invoice__email">{invoice.guestEmail}</dd>
        </dl>
      </header>
      {invoice.status === 'cancelled' && <p className="notice notice--error">This booking was cancelled.</p>}
      <p>
        {invoice.roomName}, {invoice.rooms} {invoice.rooms === 1 ? 'room' : 'rooms'}: check-in {longDate(invoice.checkIn)}, check-out{' '}
        {longDate(invoice.checkOut)}. Room accommodation, SAC {invoice.sac}.
      </p>
      <div className="invoice__scroll">
        <table className="invoice__lines">
          <thead>
            <tr>
              <th scope="col">Night</th>
              <th scope="col">Rooms</th>
              <th scope="col">Rate</th>
              <th scope="col">Taxable value</th>
              <th scope="col">CGST</th>
              <th scope="col">SGST</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.night}>
                <th scope="row">{longDate(line.night)}</th>
                <td>{line.rooms}</td>
                <td>{formatPaise(line.pricePaise)}</td>
                <td>{formatPaise(line.taxablePaise)}</td>
                <td>
                  {formatPaise(line.cgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.cgstBasisPoints)})</span>
                </td>
                <td>
                  {formatPaise(line.sgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.sgstBasisPoints)})</span>
                </td>
                <td>{formatPaise(line.taxablePaise + line.cgstPaise + line.sgstPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="invoice__totals">
        <dt>Taxable value</dt>
        <dd>{formatPaise(invoice.taxablePaise)}</dd>
        <dt>CGST</dt>
        <dd>{formatPaise(invoice.cgstPaise)}</dd>
        <dt>SGST</dt>
        <dd>{formatPaise(invoice.sgstPaise)}</dd>
        <dt>Total</dt>
        <dd className="invoice__total">{formatPaise(invoice.totalPaise)}</dd>
        {/* Issue 37: money received before the stay (its receipt vouchers, less refund vouchers) and what remains due. */}
        {invoice.advancePaise !== undefined && (
          <>
            <dt>Paid in advance</dt>
            <dd>{formatPaise(invoice.advancePaise)}</dd>
            <dt>Balance due</dt>
            <dd className="invoice__total">{formatPaise(invoice.duePaise ?? 0)}</dd>
          </>
        )}
      </dl>
      {invoice.vouchers && invoice.vouchers.length > 0 && (
        <p className="invoice__vouchers">
          Advance:{' '}
          {invoice.vouchers
            .map(
              (v) =>
                `${v.kind === 'receipt' ? 'receipt voucher' : 'refund voucher'} ${v.voucherNumber} of ${longDate(v.voucherDate)}, ${formatPaise(v.amountPaise)}`,
            )
            .join('; ')}
          .
        </p>
      )}
      <p className="invoice__actions">
        <button type="button" className="button button--accent" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <Link to={backTo}>Back</Link>
      </p>
    </article>
  );
}

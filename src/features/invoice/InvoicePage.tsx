import { stayGuestsWords } from '../../domain/roomGuests';
import { Fragment, useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { To } from 'react-router-dom';
import { describeError, statusOf } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import { statusSentence } from '../../domain/bookingStatus';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import { showGuestMobile } from '../../domain/guestContact';
import type { InvoiceReply } from '../../domain/pricesWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { customerBookingPath } from '../guest/customerBookingPath';
import { paths } from '../../shared/paths';
import { selectGuestBooking } from '../guest/guestBooking';
import { tokenFromHash } from '../manage/manageToken';
import { useGetInvoiceQuery } from './invoiceApi';
import type { InvoiceState } from './invoicePath';
import { HotelParticulars } from './HotelParticulars';
import './invoice.css';
import { hotelDate } from '../../shared/today';
import { longDate } from '../../domain/dateWords';

/**
 * The printable tax invoice of a booking (hotel mode): opened by the guest from wherever they see
 * the booking (this browser's copy and its key, the manage link, the portal's lookup by ID and
 * email: InvoiceState) or by signed-in staff from the bookings table.
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
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state as InvoiceState | null) ?? {};
  const fromHash = tokenFromHash(location.hash) || undefined;
  // The token leaves the address at once (into history state): a printed invoice's footer, a
  // copied address or a bookmark then never carries what opens the booking.
  useEffect(() => {
    if (fromHash)
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: { ...state, manageToken: fromHash } },
      );
  });
  const manageToken = fromHash ?? state.manageToken;
  const lookupEmail = state.lookupEmail;
  const guestKey = useAppSelector((state) => selectGuestBooking(state, bookingId)?.guestKey);
  const asGuest = Boolean(guestKey || manageToken || lookupEmail);
  const { data, error, isLoading, isFetching, refetch } = useGetInvoiceQuery({
    bookingId,
    ...(guestKey ? { guestKey } : {}),
    ...(manageToken ? { manageToken } : {}),
    ...(lookupEmail ? { lookupEmail } : {}),
  });
  // Back where the invoice was opened from: the manage page, the guest view, or the bookings.
  const backTo: To = manageToken
    ? { pathname: paths.manage, hash: manageToken }
    : asGuest
      ? customerBookingPath(bookingId)
      : paths.adminBookings;
  const backState = lookupEmail && !manageToken ? { lookupEmail } : undefined;
  if (isLoading) return <p role="status">Loading the invoice…</p>;
  if (error || !data) {
    const status = statusOf(error as SourceError);
    const notFound = status === 401 || status === 403 || status === 404;
    return (
      <>
        <h1 id="page-title">Tax invoice</h1>
        <div className="notice notice--error hotel-problem" role="alert">
          <p>
            {notFound
              ? asGuest
                ? `No invoice found for booking ID: ${bookingId}. A booking made before the hotel kept prices has none, and a link stops working when the booking's email changes or 30 days after check-out: ask for a new one on the Booking Portal.`
                : `No invoice found for booking ID: ${bookingId}. Open it from your booking: the Manage your booking link in your email, or the Booking Portal with your booking ID and email. The hotel's staff see it when signed in.`
              : describeError(error as SourceError, 'The hotel could not show the invoice.')}
          </p>
          {!notFound && (
            <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
              Try again
            </button>
          )}
        </div>
        <p>
          {asGuest ? (
            <Link to={backTo} state={backState}>
              Back to your booking
            </Link>
          ) : (
            <>
              <Link to={paths.bookingPortal}>Booking Portal</Link> · <Link to={paths.adminBookings}>Staff sign-in</Link>
            </>
          )}
        </p>
      </>
    );
  }
  return <Invoice invoice={data} backTo={backTo} backState={backState} />;
}

function Invoice({ invoice, backTo, backState }: { invoice: InvoiceReply; backTo: To; backState?: InvoiceState }) {
  const { hotel } = invoice;
  return (
    <article className="invoice">
      <header className="invoice__head">
        <div>
          <h1 id="page-title">Tax invoice</h1>
          <HotelParticulars hotel={hotel} />
        </div>
        <dl className="invoice__meta">
          <dt>Invoice number</dt>
          <dd>{invoice.invoiceNumber}</dd>
          <dt>Invoice date</dt>
          <dd>{longDate(invoice.invoiceDate)}</dd>
          <dt>Booking ID</dt>
          <dd>{invoice.bookingId}</dd>
          <dt>Billed to</dt>
          <dd className="invoice__billed invoice__email">
            {/* Issue 34 item 5: a booking made before the name and mobile were asked has only its email. */}
            {invoice.guestName && <span>{invoice.guestName}</span>}
            {invoice.guestMobile && <span>{showGuestMobile(invoice.guestMobile)}</span>}
            {invoice.guestEmail}
          </dd>
        </dl>
      </header>
      {invoice.status === 'cancelled' && <p className="notice notice--error">This booking was cancelled.</p>}
      {invoice.status === 'no_show' && <p className="notice notice--error">{statusSentence(invoice.status)}</p>}
      <p>
        {invoice.roomName}, {invoice.rooms} {invoice.rooms === 1 ? 'room' : 'rooms'}: check-in {longDate(invoice.checkIn)}, check-out{' '}
        {longDate(invoice.checkOut)}. Room accommodation, SAC {invoice.sac}.
      </p>
      {/* Issue 40: meals and extra persons are sold with the room, at its rate (one supply): each night's price includes them. */}
      {stayGuestsWords(invoice.packageIndex, invoice.guests) && (
        <p>Guests and meals: {stayGuestsWords(invoice.packageIndex, invoice.guests)}, included in each night’s price.</p>
      )}
      {/* On phones the CSS turns each night into a card, its cells labelled from data-label (as the
          bookings table does); the explicit roles keep the table for assistive technology. */}
      <table className="invoice__lines" role="table">
        <caption className="visually-hidden">Each night's charges</caption>
        <thead role="rowgroup">
          <tr role="row">
            {['Night', 'Rooms', 'Rate', 'Taxable value', 'CGST', 'SGST', 'Total'].map((column) => (
              <th key={column} role="columnheader" scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {invoice.lines.map((line) => (
            <tr key={line.night} role="row">
              <th role="rowheader" scope="row">
                {longDate(line.night)}
              </th>
              <td role="cell" data-label="Rooms">
                {line.rooms}
              </td>
              <td role="cell" data-label="Rate">
                {formatPaise(line.pricePaise)}
              </td>
              <td role="cell" data-label="Taxable value">
                {formatPaise(line.taxablePaise)}
              </td>
              <td role="cell" data-label="CGST">
                {/* One item: on a phone's card the label is the other (invoice.css). */}
                <span>
                  {formatPaise(line.cgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.cgstBasisPoints)})</span>
                </span>
              </td>
              <td role="cell" data-label="SGST">
                {/* One item: on a phone's card the label is the other (invoice.css). */}
                <span>
                  {formatPaise(line.sgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.sgstBasisPoints)})</span>
                </span>
              </td>
              <td role="cell" data-label="Total">
                {formatPaise(line.taxablePaise + line.cgstPaise + line.sgstPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
        {invoice.advancePaise !== undefined && !invoice.bill && (
          <>
            <dt>Paid in advance</dt>
            <dd>{formatPaise(invoice.advancePaise)}</dd>
            <dt>Balance due</dt>
            <dd className="invoice__total">{formatPaise(invoice.duePaise ?? 0)}</dd>
          </>
        )}
      </dl>
      {invoice.bill && <BillSection bill={invoice.bill} roomPaise={invoice.totalPaise} advancePaise={invoice.advancePaise} />}
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
        <Link to={backTo} state={backState}>
          Back
        </Link>
      </p>
    </article>
  );
}

type Bill = NonNullable<InvoiceReply['bill']>;

/** The hotel's date of an instant, whatever this device's zone: the day the desk took a payment. */
const paidOn = (instant: string) => hotelDate(new Date(instant));

/**
 * Issue 40: what the desk posted to the stay's bill: each service standing (net of corrections)
 * with its SAC and its GST at its rate, the sums with the room-nights, the payments and the
 * balance. Only on a bill with posts: a room-only invoice is as it always was.
 */
function BillSection({ bill, roomPaise, advancePaise }: { bill: Bill; roomPaise: number; advancePaise?: number }) {
  const servicesTotal = bill.servicesTaxablePaise + bill.servicesCgstPaise + bill.servicesSgstPaise;
  return (
    <section className="invoice__bill" aria-labelledby="invoice-services">
      <h2 id="invoice-services">Services during the stay</h2>
      {bill.services.length === 0 ? (
        <p>None.</p>
      ) : (
        <table className="invoice__lines" role="table">
          <caption className="visually-hidden">Each service's charges</caption>
          <thead role="rowgroup">
            <tr role="row">
              {['Service', 'SAC', 'Quantity', 'Rate', 'Taxable value', 'CGST', 'SGST', 'Total'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {bill.services.map((line, index) => (
              <tr key={index} role="row">
                <th role="rowheader" scope="row">
                  {line.description}
                </th>
                <td role="cell" data-label="SAC">
                  {line.sac}
                </td>
                <td role="cell" data-label="Quantity">
                  {line.quantity}
                </td>
                <td role="cell" data-label="Rate">
                  {formatPaise(line.unitPaise)}
                </td>
                <td role="cell" data-label="Taxable value">
                  {formatPaise(line.taxablePaise)}
                </td>
                <td role="cell" data-label="CGST">
                  <span>
                    {formatPaise(line.cgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.gstBasisPoints / 2)})</span>
                  </span>
                </td>
                <td role="cell" data-label="SGST">
                  <span>
                    {formatPaise(line.sgstPaise)} <span className="invoice__rate">({formatBasisPoints(line.gstBasisPoints / 2)})</span>
                  </span>
                </td>
                <td role="cell" data-label="Total">
                  {formatPaise(line.taxablePaise + line.cgstPaise + line.sgstPaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="invoice__totals" aria-label="Bill">
        <dt>Services: taxable value</dt>
        <dd>{formatPaise(bill.servicesTaxablePaise)}</dd>
        <dt>Services: CGST</dt>
        <dd>{formatPaise(bill.servicesCgstPaise)}</dd>
        <dt>Services: SGST</dt>
        <dd>{formatPaise(bill.servicesSgstPaise)}</dd>
        <dt>Services: total</dt>
        <dd>{formatPaise(servicesTotal)}</dd>
        <dt>Room nights and services</dt>
        <dd className="invoice__total">{formatPaise(roomPaise + servicesTotal)}</dd>
        {advancePaise !== undefined && advancePaise !== 0 && (
          <>
            <dt>Paid in advance</dt>
            <dd>{formatPaise(advancePaise)}</dd>
          </>
        )}
        {bill.payments.map((payment, index) => (
          <Fragment key={index}>
            <dt>
              Paid by {payment.description}, {longDate(paidOn(payment.postedAt))}
            </dt>
            <dd>{formatPaise(payment.amountPaise)}</dd>
          </Fragment>
        ))}
        <dt>{bill.balancePaise < 0 ? 'Owed to the guest' : 'Balance due'}</dt>
        <dd className="invoice__total">{formatPaise(Math.abs(bill.balancePaise))}</dd>
      </dl>
    </section>
  );
}

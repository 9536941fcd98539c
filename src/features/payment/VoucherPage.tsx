import { Link, useParams } from 'react-router-dom';
import { useGetVoucherQuery } from './paymentApi';
import { describeError, statusOf } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import { formatDisplayDate } from '../../domain/dates';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import type { VoucherReply } from '../../domain/paymentsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';
import { selectGuestBooking } from '../guest/guestBooking';
import { bookingPaymentPath } from './paymentPaths';
import { HotelParticulars } from '../invoice/HotelParticulars';
import '../invoice/invoice.css';
import './payment.css';

const titles = { receipt: 'Receipt voucher', refund: 'Refund voucher' } as const;

/**
 * A printable GST voucher (issue 37): a receipt voucher for money received before the stay (CGST
 * Rules, rule 50) or a refund voucher for money given back (rule 51). Opened by the guest (this
 * browser's key) or by signed-in staff; printed like the tax invoice (its print stylesheet).
 */
export function VoucherPage() {
  const { payments } = useAppSelector(selectOffers);
  const { bookingId = '', voucherNumber = '' } = useParams();
  return (
    <section className="page invoice-page" aria-labelledby="page-title">
      <title>{`Voucher ${voucherNumber}`}</title>
      {payments ? (
        <VoucherLoader bookingId={bookingId} voucherNumber={voucherNumber} />
      ) : (
        <>
          <h1 id="page-title">Voucher</h1>
          <p className="notice">Vouchers are issued by the hotel: this site keeps its bookings in this browser only.</p>
        </>
      )}
    </section>
  );
}

function VoucherLoader({ bookingId, voucherNumber }: { bookingId: string; voucherNumber: string }) {
  const guestKey = useAppSelector((state) => selectGuestBooking(state, bookingId)?.guestKey);
  const { data, error, isLoading, isFetching, refetch } = useGetVoucherQuery({ bookingId, voucherNumber, guestKey });
  const backTo = guestKey ? bookingPaymentPath(bookingId) : paths.adminPayments;
  if (isLoading) return <p role="status">Loading the voucher…</p>;
  if (error || !data) {
    const status = statusOf(error as SourceError);
    return (
      <>
        <h1 id="page-title">Voucher</h1>
        <div className="notice notice--error hotel-problem" role="alert">
          <p>
            {status === 401 || status === 404 || status === 400
              ? `No voucher ${voucherNumber} found for booking ID: ${bookingId}. A voucher opens from the device the booking was made on, or for the hotel's staff when signed in.`
              : describeError(error as SourceError, 'The hotel could not show the voucher.')}
          </p>
          {status !== 401 && status !== 404 && status !== 400 && (
            <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
              Try again
            </button>
          )}
        </div>
        <p>
          <Link to={guestKey ? backTo : paths.adminBookings}>{guestKey ? 'Back to your payment' : 'Sign in'}</Link>
        </p>
      </>
    );
  }
  return <Voucher voucher={data} backTo={backTo} />;
}

function Voucher({ voucher, backTo }: { voucher: VoucherReply; backTo: string }) {
  const { hotel } = voucher;
  const rates = voucher.rates
    .map((r) => `CGST ${formatBasisPoints(r.cgstBasisPoints)} + SGST ${formatBasisPoints(r.sgstBasisPoints)}`)
    .join('; ');
  return (
    <article className="invoice voucher">
      <header className="invoice__head">
        <div>
          <h1 id="page-title">{titles[voucher.kind]}</h1>
          <HotelParticulars hotel={hotel} />
        </div>
        <dl className="invoice__meta">
          <dt>Voucher number</dt>
          <dd>{voucher.voucherNumber}</dd>
          <dt>Date</dt>
          <dd>{formatDisplayDate(voucher.voucherDate)}</dd>
          <dt>Booking ID</dt>
          <dd>{voucher.bookingId}</dd>
          <dt>{voucher.kind === 'receipt' ? 'Received from' : 'Refunded to'}</dt>
          <dd className="invoice__email">{voucher.guestEmail}</dd>
          {voucher.receiptVoucherNumber && (
            <>
              <dt>Against receipt voucher</dt>
              <dd>{voucher.receiptVoucherNumber}</dd>
            </>
          )}
        </dl>
      </header>
      <p>
        {voucher.kind === 'receipt' ? 'Advance received for' : 'Advance refunded for'} room accommodation (SAC {voucher.sac})
        {voucher.roomName ? `: ${voucher.roomName}` : ''}
        {voucher.checkIn && voucher.checkOut
          ? `, check-in ${formatDisplayDate(voucher.checkIn)}, check-out ${formatDisplayDate(voucher.checkOut)}`
          : ''}
        . {voucher.kind === 'receipt' ? 'The tax invoice follows with the stay.' : 'No supply was made for the amount refunded.'}
      </p>
      <dl className="invoice__totals voucher__totals">
        <dt>Taxable value</dt>
        <dd>{formatPaise(voucher.taxablePaise)}</dd>
        <dt>CGST</dt>
        <dd>{formatPaise(voucher.cgstPaise)}</dd>
        <dt>SGST</dt>
        <dd>{formatPaise(voucher.sgstPaise)}</dd>
        <dt>{voucher.kind === 'receipt' ? 'Amount received' : 'Amount refunded'}</dt>
        <dd className="invoice__total">{formatPaise(voucher.amountPaise)}</dd>
      </dl>
      <p className="voucher__small">
        Rate of tax: {rates || 'as on the stay'}. Place of supply: the hotel’s state. Tax payable on reverse charge: no.
        {voucher.razorpayPaymentId ? ` Razorpay payment ${voucher.razorpayPaymentId}.` : ''}
      </p>
      <p className="invoice__actions">
        <button type="button" className="button button--accent" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <Link to={backTo}>Back</Link>
      </p>
    </article>
  );
}

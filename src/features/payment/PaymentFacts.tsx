import { Link } from 'react-router-dom';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import { paymentStateLabels, refundReasonLabels, refundStateLabels } from '../../domain/payments';
import { formatPaise } from '../../domain/tax';
import type { PaymentSummary } from '../../domain/paymentsWire';
import { voucherPath } from './paymentPaths';
import './payment.css';

/**
 * A booking's money as its guest and the staff see it (issue 37): the stay with GST, what was paid
 * and what is left to pay at the hotel; each payment, each refund with its state, and the receipt
 * and refund vouchers, each printable.
 */
export function PaymentFacts({ summary, title = 'Payments' }: { summary: PaymentSummary; title?: string }) {
  const made = summary.payments.filter((p) => p.state === 'paid');
  return (
    <section className="payment-facts" aria-label={title}>
      <h2>{title}</h2>
      <dl className="payment-facts__sums">
        <div>
          <dt>Stay with GST</dt>
          <dd>{formatPaise(summary.totalPaise)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatPaise(summary.paidPaise)}</dd>
        </div>
        <div>
          <dt>To pay at the hotel</dt>
          <dd>{formatPaise(summary.duePaise)}</dd>
        </div>
      </dl>
      {made.length > 0 && (
        <ul className="payment-facts__list" aria-label="Payments received">
          {made.map((p) => (
            <li key={p.id}>
              {formatPaise(p.amountPaise)} {paymentStateLabels[p.state].toLowerCase()}
              {p.method ? ` by ${p.method.toUpperCase()}` : ''}
              {p.paidAt ? ` on ${formatDisplayDateTime(p.paidAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {summary.refunds.length > 0 && (
        <ul className="payment-facts__list" aria-label="Refunds">
          {summary.refunds.map((r) => (
            <li key={r.id}>
              Refund of {formatPaise(r.amountPaise)}: <strong>{refundStateLabels[r.state]}</strong> (
              {refundReasonLabels[r.reason].toLowerCase()})
              {r.state === 'processed' && r.processedAt ? `, ${formatDisplayDateTime(r.processedAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {summary.vouchers.length > 0 && (
        <ul className="payment-facts__list" aria-label="GST vouchers">
          {summary.vouchers.map((v) => (
            <li key={v.voucherNumber}>
              <Link to={voucherPath(summary.bookingId, v.voucherNumber)}>
                {v.kind === 'receipt' ? 'Receipt voucher' : 'Refund voucher'} {v.voucherNumber}
              </Link>{' '}
              ({formatPaise(v.amountPaise)}, {formatDisplayDate(v.voucherDate)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

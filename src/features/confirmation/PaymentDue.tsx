import { formatPaise } from '../../domain/tax';
import type { PaymentPolicyReply } from '../../domain/paymentsWire';

/**
 * Before the guest confirms (hotel mode with payments, issue 37): the owner's payment policy, what
 * is paid online now and what at the hotel, how long the rooms are held, and what a cancel gives
 * back. The hotel's own words and sums (GET /api/payment-policy with the stay).
 */
export function PaymentDue({ policy }: { policy: PaymentPolicyReply | null }) {
  if (!policy)
    return (
      <section className="confirmation__payment" aria-label="Payment" aria-busy="true">
        <h2>Payment</h2>
        <p role="status">Asking the hotel what is paid now…</p>
      </section>
    );
  const online = policy.kind !== 'pay_at_hotel' && policy.due !== undefined && policy.due.dueNowPaise > 0;
  return (
    <section className="confirmation__payment" aria-label="Payment">
      <h2>Payment</h2>
      {online && policy.due && (
        <dl className="confirmation__due">
          <div>
            <dt>Stay with GST</dt>
            <dd>{formatPaise(policy.due.totalPaise)}</dd>
          </div>
          <div>
            <dt>Pay now, online</dt>
            <dd className="confirmation__due-now">{formatPaise(policy.due.dueNowPaise)}</dd>
          </div>
          <div>
            <dt>At the hotel</dt>
            <dd>{formatPaise(policy.due.laterPaise)}</dd>
          </div>
        </dl>
      )}
      <p>{policy.sentence}</p>
      {policy.cancelSentence && <p className="confirmation__small">{policy.cancelSentence}</p>}
    </section>
  );
}

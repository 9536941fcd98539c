import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  useGetPaymentSettingsQuery,
  useGetPaymentsQuery,
  useReconcilePaymentsMutation,
  useSavePaymentSettingsMutation,
} from '../payment/paymentApi';
import { describeError } from '../../api/requestErrors';
import { statusLabels } from '../../domain/bookingStatus';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import { paymentStateLabels, refundReasonLabels, refundStateLabels } from '../../domain/payments';
import type { PolicyKind } from '../../domain/payments';
import { formatPaise } from '../../domain/tax';
import type { AdminPaymentsQuery, AdminPaymentsReply, PaymentSettingsReply } from '../../domain/paymentsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { voucherPath } from '../payment/paymentPaths';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import '../admin/admin.css';
import './adminPayments.css';

const policyChoices: Array<{ kind: PolicyKind; label: string; now: string }> = [
  { kind: 'pay_at_hotel', label: 'Pay at the hotel (nothing online)', now: 'nothing online: they pay at the hotel' },
  { kind: 'first_night', label: 'An advance of the first night (rooms × price, with GST)', now: 'an advance of the first night, with GST' },
  { kind: 'percent', label: 'An advance of a percentage of the stay', now: 'an advance of a percentage of the stay' },
  { kind: 'full', label: 'The whole stay', now: 'the whole stay, online' },
];

const shows: Array<{ value: NonNullable<AdminPaymentsQuery['show']>; label: string }> = [
  { value: 'all', label: 'All payments' },
  { value: 'open', label: 'Waiting for the guest' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunds', label: 'Refunded' },
  { value: 'problems', label: 'Problems (not made, refunds not done)' },
];

/**
 * The owner's Payments screen (issue 37): the payment policy (audited like every setting), what
 * needs attention, and every payment, refund, webhook event and GST voucher, with filters and
 * Reconcile now (asks Razorpay about everything still open at once). Owners only.
 */
export function AdminPaymentsPage() {
  const { payments } = useAppSelector(selectOffers);
  return (
    <section className="page admin admin-payments" aria-labelledby="page-title">
      <title>Payments</title>
      <h1 id="page-title">Payments</h1>
      {payments ? (
        <AdminGate>
          {(staff) =>
            isOwner(staff) ? (
              <Payments />
            ) : (
              <p className="notice">Only the hotel’s owner may see payments; a booking’s payments show on the desk.</p>
            )
          }
        </AdminGate>
      ) : (
        <p className="notice">Payments are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Payments() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <>
      <OutcomeNotice outcome={outcome} />
      <PolicySettings onOutcome={setOutcome} />
      <Listing onOutcome={setOutcome} />
    </>
  );
}

function PolicySettings({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { data, error, isLoading, isFetching, refetch } = useGetPaymentSettingsQuery();
  if (isLoading) return <p role="status">Loading the payment policy…</p>;
  if (error || !data)
    return (
      <LoadProblem
        error={error}
        fallback={'The hotel could not show its payment policy.'}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  return <PolicyForm key={JSON.stringify(data)} settings={data} onOutcome={onOutcome} />;
}

function PolicyForm({ settings, onOutcome }: { settings: PaymentSettingsReply; onOutcome: (outcome: Outcome) => void }) {
  const [save, { isLoading }] = useSavePaymentSettingsMutation();
  const [policy, setPolicy] = useState<PolicyKind>(settings.policy ?? 'first_night');
  const [percent, setPercent] = useState(String(settings.percent));
  const [holdMinutes, setHoldMinutes] = useState(String(settings.holdMinutes));
  const [lateRefund, setLateRefund] = useState(String(settings.lateRefundPercent));
  const ids = { policy: useId(), percent: useId(), hold: useId(), late: useId(), title: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await save({
      policy,
      percent: Number(percent),
      holdMinutes: Number(holdMinutes),
      lateRefundPercent: Number(lateRefund),
    });
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'The payment policy could not be saved.') });
    else onOutcome({ tone: 'success', text: 'Payment policy saved. Guests who book from now on get it.' });
  }

  return (
    <section className="card admin-payments__policy" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Payment policy</h2>
      <p className={`notice ${settings.online ? '' : 'admin-payments__offline'}`}>
        {settings.online
          ? `Razorpay is set up. Guests pay now: ${policyChoices.find((c) => c.kind === settings.effective)!.now}. Razorpay’s webhook URL (its Dashboard, Webhooks): ${settings.webhookUrl}`
          : 'Razorpay is not set up on this server (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: README, “Payments”): every guest pays at the hotel, whatever is chosen here.'}
      </p>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="admin-payments__choices">
          <legend>Guests pay</legend>
          {policyChoices.map((choice) => (
            <label key={choice.kind}>
              <input type="radio" name={ids.policy} checked={policy === choice.kind} onChange={() => setPolicy(choice.kind)} />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <div className="admin-payments__fields">
          <div className="field">
            <label htmlFor={ids.percent}>Percentage (for an advance of a percentage)</label>
            <input
              id={ids.percent}
              className="input"
              type="number"
              min={1}
              max={100}
              required
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.hold}>Rooms held while the guest pays (minutes)</label>
            <input
              id={ids.hold}
              className="input"
              type="number"
              min={1}
              max={1440}
              required
              value={holdMinutes}
              onChange={(event) => setHoldMinutes(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.late}>Refunded on a cancel after the free period (% of what was paid; 0 keeps the advance)</label>
            <input
              id={ids.late}
              className="input"
              type="number"
              min={0}
              max={100}
              required
              value={lateRefund}
              onChange={(event) => setLateRefund(event.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button" disabled={isLoading}>
          Save payment policy
        </button>
      </form>
    </section>
  );
}

function Listing({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [show, setShow] = useState<NonNullable<AdminPaymentsQuery['show']>>('all');
  const [q, setQ] = useState('');
  const { data, error, isLoading, isFetching, refetch } = useGetPaymentsQuery({ show, q: q.trim(), limit: 100 });
  const [reconcile, { isLoading: reconciling }] = useReconcilePaymentsMutation();
  const ids = { show: useId(), q: useId() };

  async function reconcileNow() {
    const result = await reconcile();
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'Razorpay could not be asked now. Please try again.') });
    else onOutcome({ tone: 'success', text: `Reconciled with Razorpay. ${result.data.message}` });
  }

  return (
    <>
      {data && data.attention.length > 0 && (
        <section className="notice notice--error admin-payments__attention" aria-label="Needs your attention">
          <h2>Needs your attention</h2>
          <ul>
            {data.attention.map((item) => (
              <li key={`${item.bookingId}-${item.at}`}>
                {formatDisplayDateTime(item.at)}: {item.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="admin-payments__filters">
        <div className="field">
          <label htmlFor={ids.show}>Show</label>
          <select id={ids.show} className="input" value={show} onChange={(event) => setShow(event.target.value as typeof show)}>
            {shows.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.q}>Booking ID or guest email</label>
          <input id={ids.q} className="input" type="search" value={q} maxLength={254} onChange={(event) => setQ(event.target.value)} />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={reconciling || data?.online === false}
          onClick={() => void reconcileNow()}
        >
          Reconcile now
        </button>
      </div>
      {isLoading && <p role="status">Loading payments…</p>}
      {error && (
        <LoadProblem
          error={error}
          fallback={'The hotel could not show its payments.'}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && <Tables data={data} />}
    </>
  );
}

function Table({
  title,
  empty,
  columns,
  rows,
}: {
  title: string;
  empty: string;
  columns: string[];
  rows: Array<{ key: string | number; cells: ReactNode[] }>;
}) {
  const headingId = useId();
  return (
    <section className="admin-payments__table" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {rows.length === 0 ? (
        <p className="admin-summary admin-summary--empty">{empty}</p>
      ) : (
        <table className="admin-table" role="table" aria-labelledby={headingId}>
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
            {rows.map((row) => (
              <tr key={row.key} role="row">
                {row.cells.map((cell, i) => (
                  <td key={columns[i]} role="cell" data-label={columns[i]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Tables({ data }: { data: AdminPaymentsReply }) {
  return (
    <>
      <Table
        title="Payments, newest first"
        empty="No payments match."
        columns={['When', 'Booking', 'Guest', 'Amount', 'State', 'Booking status', 'Razorpay']}
        rows={data.payments.map((p) => ({
          key: p.id,
          cells: [
            formatDisplayDateTime(p.paidAt ?? p.createdAt),
            <span key="id" className="admin-table__id">
              {p.referenceId}
              {p.channel === 'phone' ? ' (phone)' : ''}
            </span>,
            <span key="email" className="admin-table__email">
              {p.email}
            </span>,
            formatPaise(p.amountPaise),
            <span key="state" className={`admin-status admin-payments__state--${p.state}`}>
              {paymentStateLabels[p.state]}
              {p.error ? `: ${p.error}` : ''}
            </span>,
            p.bookingStatus ? statusLabels[p.bookingStatus] : 'Removed (no link was made)',
            <span key="rp" className="admin-payments__ids">
              {p.razorpayPaymentId ?? p.linkId ?? '—'}
              {p.method ? ` (${p.method.toUpperCase()})` : ''}
            </span>,
          ],
        }))}
      />
      <Table
        title="Refunds"
        empty="No refunds."
        columns={['When', 'Booking', 'Amount', 'Why', 'State', 'Razorpay']}
        rows={data.refunds.map((r) => ({
          key: r.id,
          cells: [
            formatDisplayDateTime(r.processedAt ?? r.createdAt),
            r.bookingId,
            formatPaise(r.amountPaise),
            refundReasonLabels[r.reason],
            <span key="state">
              {refundStateLabels[r.state]}
              {r.error ? `: ${r.error}` : ''}
            </span>,
            <span key="rp" className="admin-payments__ids">
              {r.razorpayRefundId ?? '—'}
            </span>,
          ],
        }))}
      />
      <Table
        title="GST vouchers"
        empty="No vouchers yet: each payment gets a receipt voucher, each refund a refund voucher."
        columns={['Voucher', 'Date', 'Booking', 'Amount', 'Taxable value', 'CGST + SGST']}
        rows={data.vouchers.map((v) => ({
          key: v.voucherNumber,
          cells: [
            <Link key="v" to={voucherPath(v.bookingId, v.voucherNumber)}>
              {v.kind === 'receipt' ? 'Receipt' : 'Refund'} {v.voucherNumber}
            </Link>,
            formatDisplayDate(v.voucherDate),
            v.bookingId,
            formatPaise(v.amountPaise),
            formatPaise(v.taxablePaise),
            formatPaise(v.cgstPaise + v.sgstPaise),
          ],
        }))}
      />
      <Table
        title="Razorpay events"
        empty="No webhooks or returns yet."
        columns={['Received', 'Event', 'Booking', 'Deliveries', 'Outcome']}
        rows={data.events.map((e) => ({
          key: e.id,
          cells: [
            formatDisplayDateTime(e.receivedAt),
            e.source === 'return' ? 'Guest came back (signed)' : e.event,
            e.bookingId ?? '—',
            String(e.deliveries),
            e.processedAt ? (e.outcome ?? 'done') : 'Waiting for the reconciler',
          ],
        }))}
      />
    </>
  );
}

import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMoveBookingMutation } from '../../api/bookingsApi';
import { describeError } from '../../api/requestErrors';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import { statusLabels } from '../../domain/bookingStatus';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import type { FolioLine, FolioReply, PaymentMethod } from '../../domain/folioWire';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import type { AdminSession } from '../../domain/staffWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';
import { invoicePath } from '../invoice/invoicePath';
import { AdminGate } from '../staff/AdminGate';
import { useGetBillQuery, useGetServicesQuery, usePostChargeMutation, usePostPaymentMutation, useReverseLineMutation } from './folioApi';
import { parseRupees } from './rupees';
import '../admin/admin.css';
import './folio.css';

const methods: Array<{ value: PaymentMethod; label: string }> = [
  { value: 'cash', label: 'Cash' },
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card' },
];

/**
 * A stay's running bill at the desk (issue 40): its lines (services, payments, the advance paid
 * online, corrections), the balance, and while the guest is checked in a charge from the owner's
 * catalogue, a payment received, a line reversed, and the check-out (refused while a balance is
 * due, unless the owner allows it). For owners and front-desk staff; hotel mode only.
 */
export function BillPage() {
  const { desk } = useAppSelector(selectOffers);
  const { bookingId = '' } = useParams();
  return (
    <section className="page admin folio" aria-labelledby="page-title">
      <title>{`Bill ${bookingId}`}</title>
      <h1 id="page-title">Bill {bookingId}</h1>
      {desk ? (
        <AdminGate>{(staff) => <Bill bookingId={bookingId.toUpperCase()} staff={staff} />}</AdminGate>
      ) : (
        <p className="notice">Bills are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Bill({ bookingId, staff }: { bookingId: string; staff: AdminSession | null }) {
  const { data, error, isLoading, isFetching, refetch } = useGetBillQuery(bookingId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (isLoading) return <p className="admin-summary">Loading the bill…</p>;
  if (error || !data)
    return (
      <>
        <LoadProblem error={error} fallback="The bill could not be loaded." retrying={isFetching} onRetry={() => void refetch()} />
        <p>
          <Link to={paths.adminDesk}>Back to the desk</Link>
        </p>
      </>
    );
  return (
    <>
      <p className="folio__stay">
        {data.guestEmail} · {data.rooms > 1 ? `${data.roomName} × ${data.rooms}` : data.roomName} · {formatDisplayDate(data.checkIn)} to{' '}
        {formatDisplayDate(data.checkOut)} ·{' '}
        <span className={`admin-status admin-status--${data.status}`}>{statusLabels[data.status]}</span>
      </p>
      <p className="folio__links">
        <Link to={paths.adminDesk}>Back to the desk</Link>
        <Link to={invoicePath(data.bookingId)}>Tax invoice</Link>
      </p>
      <OutcomeNotice outcome={outcome} />
      <Sums folio={data} />
      <Lines folio={data} onOutcome={setOutcome} />
      {data.open && (
        <div className="folio__forms">
          <ChargeForm bookingId={data.bookingId} onOutcome={setOutcome} />
          <PaymentForm bookingId={data.bookingId} balancePaise={data.balancePaise} onOutcome={setOutcome} />
        </div>
      )}
      {data.open && <CheckOut folio={data} isOwner={staff === null || staff.role === 'owner'} onOutcome={setOutcome} />}
    </>
  );
}

function Sums({ folio }: { folio: FolioReply }) {
  return (
    <dl className="card folio__sums" aria-label="Balance">
      <div>
        <dt>Room nights (with GST)</dt>
        <dd>{formatPaise(folio.roomPaise)}</dd>
      </div>
      <div>
        <dt>Services (with GST)</dt>
        <dd>{formatPaise(folio.chargesPaise)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatPaise(folio.paymentsPaise)}</dd>
      </div>
      <div className="folio__balance">
        <dt>{folio.balancePaise < 0 ? 'Owed to the guest' : 'Balance due'}</dt>
        <dd>{formatPaise(Math.abs(folio.balancePaise))}</dd>
      </div>
    </dl>
  );
}

function lineItem(line: FolioLine): string {
  if (line.kind !== 'charge') return line.description;
  return `${line.description} × ${Math.abs(line.quantity ?? 0)} at ${formatPaise(line.unitPaise ?? 0)}`;
}

function Lines({ folio, onOutcome }: { folio: FolioReply; onOutcome: (outcome: Outcome) => void }) {
  const [reverse, { isLoading }] = useReverseLineMutation();
  const headingId = useId();
  async function reverseLine(line: FolioLine) {
    const result = await reverse({ bookingId: folio.bookingId, lineId: line.id! });
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'The line could not be reversed.') });
    else onOutcome({ tone: 'success', text: `Reversed: ${lineItem(line)}.` });
  }
  return (
    <section className="folio__lines" aria-labelledby={headingId}>
      <h2 id={headingId}>Lines</h2>
      {folio.lines.length === 0 ? (
        <p className="admin-summary admin-summary--empty">Nothing posted yet: the bill is the room nights.</p>
      ) : (
        <table className="admin-table folio-table folio-table--lines" role="table" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              {['Posted', 'Item', 'SAC', 'GST', 'Charge', 'Paid', 'Action'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {folio.lines.map((line) => {
              const gst = line.cgstPaise + line.sgstPaise;
              return (
                <tr
                  key={line.id ?? 'advance'}
                  role="row"
                  className={line.reversedBy || line.reverses ? 'folio-table__corrected' : undefined}
                >
                  <td role="cell" data-label="Posted">
                    {formatDisplayDateTime(line.postedAt)}
                    <span className="folio-table__by">by {line.staff}</span>
                  </td>
                  <td role="cell" data-label="Item">
                    {line.reverses ? `Reversal of: ${lineItem(line)}` : lineItem(line)}
                    {line.reversedBy && <span className="folio-table__note">Reversed</span>}
                    {line.note && <span className="folio-table__note">{line.note}</span>}
                  </td>
                  <td role="cell" data-label="SAC">
                    {line.sac ?? '—'}
                  </td>
                  <td role="cell" data-label="GST">
                    {line.kind === 'charge' ? `${formatPaise(gst)} (${formatBasisPoints(line.gstBasisPoints ?? 0)})` : '—'}
                  </td>
                  <td role="cell" data-label="Charge" className="admin-table__total">
                    {line.kind === 'charge' ? formatPaise(line.amountPaise) : '—'}
                  </td>
                  <td role="cell" data-label="Paid" className="admin-table__total">
                    {line.kind === 'charge' ? '—' : formatPaise(line.amountPaise)}
                  </td>
                  <td role="cell" data-label="Action" className="admin-table__action">
                    {folio.open && line.id !== null && !line.reverses && !line.reversedBy ? (
                      <button
                        type="button"
                        className="button button--secondary admin-delete"
                        aria-label={`Reverse ${lineItem(line)}`}
                        disabled={isLoading}
                        onClick={() => void reverseLine(line)}
                      >
                        Reverse
                      </button>
                    ) : (
                      <span className="desk__nothing">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ChargeForm({ bookingId, onOutcome }: { bookingId: string; onOutcome: (outcome: Outcome) => void }) {
  const { data } = useGetServicesQuery();
  const [post, { isLoading }] = usePostChargeMutation();
  const offered = data?.items.filter((service) => service.active) ?? [];
  const [serviceId, setServiceId] = useState<number | null>(null);
  // As typed: a field that turned "" into 1 at once made "2" typed after clearing it "12".
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const ids = { service: useId(), quantity: useId(), note: useId() };
  const chosen = offered.find((service) => service.id === serviceId) ?? offered[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!chosen) return;
    const count = /^\d{1,3}$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
    if (count < 1) {
      setProblem('Quantity: a whole number from 1 to 999.');
      return;
    }
    const result = await post({ bookingId, serviceId: chosen.id, quantity: count, ...(note.trim() ? { note: note.trim() } : {}) });
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'The charge could not be posted.') });
    else {
      onOutcome({ tone: 'success', text: `Posted: ${chosen.name} × ${count}.` });
      setQuantity('1');
      setNote('');
    }
  }
  return (
    <form className="card folio__form" aria-labelledby={`${ids.service}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${ids.service}-title`}>Post a charge</h2>
      <div className="field">
        <label htmlFor={ids.service}>Service</label>
        <select id={ids.service} className="input" value={chosen?.id ?? ''} onChange={(event) => setServiceId(Number(event.target.value))}>
          {offered.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}: {formatPaise(service.pricePaise)} + {formatBasisPoints(service.gstBasisPoints)} GST
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.quantity}>Quantity</label>
        <input
          id={ids.quantity}
          className="input"
          type="number"
          min={1}
          max={999}
          required
          value={quantity}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.quantity}-problem` : undefined}
          onChange={(event) => setQuantity(event.target.value)}
        />
        {problem && (
          <p id={`${ids.quantity}-problem`} className="folio__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.note}>Note (optional)</label>
        <input id={ids.note} className="input" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <button type="submit" className="button" disabled={isLoading || !chosen}>
        Post charge
      </button>
    </form>
  );
}

function PaymentForm({
  bookingId,
  balancePaise,
  onOutcome,
}: {
  bookingId: string;
  balancePaise: number;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [post, { isLoading }] = usePostPaymentMutation();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), method: useId(), amount: useId(), note: useId(), problem: useId() };
  // Until the desk types an amount, the balance due is offered.
  const shown = amount ?? (balancePaise > 0 ? (balancePaise / 100).toFixed(2) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const amountPaise = parseRupees(shown);
    if (amountPaise === null) {
      setProblem('Enter the amount received in rupees, such as 1500 or 1500.50.');
      return;
    }
    const result = await post({ bookingId, method, amountPaise, ...(note.trim() ? { note: note.trim() } : {}) });
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'The payment could not be recorded.') });
    else {
      onOutcome({ tone: 'success', text: `Received ${formatPaise(amountPaise)} by ${methods.find((m) => m.value === method)!.label}.` });
      setAmount(null);
      setNote('');
    }
  }
  return (
    <form className="card folio__form" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={ids.title}>Take a payment</h2>
      <div className="field">
        <label htmlFor={ids.method}>Paid by</label>
        <select id={ids.method} className="input" value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
          {methods.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>Amount (₹)</label>
        <input
          id={ids.amount}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        {problem && (
          <p id={ids.problem} className="folio__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.note}>Note (optional)</label>
        <input id={ids.note} className="input" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        Take payment
      </button>
    </form>
  );
}

function CheckOut({ folio, isOwner, onOutcome }: { folio: FolioReply; isOwner: boolean; onOutcome: (outcome: Outcome) => void }) {
  const [move, { isLoading }] = useMoveBookingMutation();
  async function checkOut(allowBalanceDue: boolean) {
    const result = await move({ bookingId: folio.bookingId, to: 'checked_out', allowBalanceDue });
    if (result.error)
      onOutcome({ tone: 'error', text: describeError(result.error, `Booking ${folio.bookingId} could not be checked out.`) });
    else onOutcome({ tone: 'success', text: `Booking ${folio.bookingId} checked out.` });
  }
  return (
    <div className="folio__check-out">
      <button type="button" className="button" disabled={isLoading} onClick={() => void checkOut(false)}>
        Check out
      </button>
      {isOwner && folio.balancePaise > 0 && (
        <button type="button" className="button button--secondary" disabled={isLoading} onClick={() => void checkOut(true)}>
          Check out with {formatPaise(folio.balancePaise)} due (owner)
        </button>
      )}
    </div>
  );
}

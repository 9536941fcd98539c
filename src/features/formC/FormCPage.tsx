import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { describeError } from '../../api/requestErrors';
import { statusLabels } from '../../domain/bookingStatus';
import type { BookingStatus } from '../../domain/wire';
import { formatDisplayDate } from '../../domain/dates';
import { emptyParticulars, formCDateFields, formCFields, particularsProblem, trimmedParticulars } from '../../domain/formC';
import type { FormCParticulars } from '../../domain/formC';
import type { FormCGuest, FormCReply } from '../../domain/formCWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import { AdminGate } from '../staff/AdminGate';
import {
  formCExportUrl,
  useAddFormCGuestMutation,
  useAnswerForeignGuestsMutation,
  useChangeFormCGuestMutation,
  useGetFormCQuery,
  useMarkFormCSubmittedMutation,
  useRemoveFormCGuestMutation,
} from './formCApi';
import '../admin/admin.css';
import './formC.css';

/**
 * A booking's Form C (issue 40): for each guest with a foreign passport, the particulars the
 * FRRO asks, with what is still missing; printable as the form, and exported for the FRRO portal
 * only when asked. Owner and front desk only (the server refuses anyone else).
 */
export function FormCPage() {
  const { bookingId = '' } = useParams();
  const { desk } = useAppSelector(selectOffers);
  const id = bookingId.trim().toUpperCase();
  return (
    <section className="page admin form-c" aria-labelledby="page-title">
      <title>{`Form C: ${id}`}</title>
      <p className="form-c__back">
        <Link to={paths.adminFormC}>Form C still due</Link> · <Link to={paths.adminDesk}>Today at the desk</Link>
      </p>
      <h1 id="page-title">Form C: {id}</h1>
      {desk ? (
        <AdminGate>{() => <FormC bookingId={id} />}</AdminGate>
      ) : (
        <p className="notice">Form C is kept by the hotel’s server: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function FormC({ bookingId }: { bookingId: string }) {
  const { data, error, isFetching, refetch } = useGetFormCQuery(bookingId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The guest being edited (an ID), a new one ('new'), or none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [answer, { isLoading: answering }] = useAnswerForeignGuestsMutation();
  const [submit, { isLoading: submitting }] = useMarkFormCSubmittedMutation();

  if (error)
    return (
      <LoadProblem error={error} fallback="The hotel could not show this Form C." retrying={isFetching} onRetry={() => void refetch()} />
    );
  if (!data) return <p role="status">Loading the Form C…</p>;

  async function answerNo() {
    const result = await answer({ bookingId, foreignGuests: false });
    setOutcome(
      result.error
        ? { tone: 'error', text: describeError(result.error, 'The answer could not be saved.') }
        : { tone: 'success', text: 'Saved: no guests from abroad on this booking.' },
    );
  }

  async function markSubmitted() {
    const result = await submit({ bookingId });
    setOutcome(
      result.error
        ? { tone: 'error', text: describeError(result.error, 'The Form C could not be marked submitted.') }
        : { tone: 'success', text: 'Marked as submitted to the FRRO.' },
    );
  }

  const complete = data.guests.length > 0 && data.guests.every((guest) => guest.missing.length === 0);
  const stay = data.checkIn && data.checkOut ? `${formatDisplayDate(data.checkIn)} to ${formatDisplayDate(data.checkOut)}` : 'no dates';
  return (
    <>
      <p className="form-c__stay">
        {data.roomName}, {stay} · {statusLabels[data.status as BookingStatus] ?? data.status}
      </p>
      <OutcomeNotice outcome={outcome} />
      {data.erasedOn ? (
        <p className="notice form-c__erased">
          The passport and visa particulars of this booking were erased on {formatDisplayDate(data.erasedOn)}, at the end of the period the
          hotel keeps them after check-out.
        </p>
      ) : (
        <>
          <Checklist data={data} />
          {data.guests.map((guest, index) =>
            editing === guest.id ? (
              <GuestForm
                key={guest.id}
                bookingId={bookingId}
                title={`Guest ${index + 1}: ${guest.fullName}`}
                guest={guest}
                onDone={(text) => {
                  setEditing(null);
                  if (text) setOutcome({ tone: 'success', text });
                }}
              />
            ) : (
              <GuestSheet
                key={guest.id}
                bookingId={bookingId}
                number={index + 1}
                guest={guest}
                canRemove={!data.submittedOn}
                onEdit={() => {
                  setOutcome(null);
                  setEditing(guest.id);
                }}
                onOutcome={setOutcome}
              />
            ),
          )}
          {editing === 'new' ? (
            <GuestForm
              bookingId={bookingId}
              title="A guest from abroad"
              guest={{ ...emptyParticulars(data.hotelAddress, data.checkIn ?? ''), id: 0, missing: [] }}
              onDone={(text) => {
                setEditing(null);
                if (text) setOutcome({ tone: 'success', text });
              }}
            />
          ) : (
            <div className="form-c__actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setOutcome(null);
                  setEditing('new');
                }}
              >
                {data.guests.length > 0 ? 'Add another guest from abroad' : 'Add a guest from abroad'}
              </button>
              {data.guests.length === 0 && data.foreignGuests !== false && (
                <button type="button" className="button button--secondary" disabled={answering} onClick={() => void answerNo()}>
                  No guests from abroad
                </button>
              )}
            </div>
          )}
          {data.guests.length > 0 && (
            <div className="form-c__actions form-c__output">
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                Print
              </button>
              <a className="button button--secondary" href={formCExportUrl(bookingId, 'csv')} download>
                Export for FRRO (CSV)
              </a>
              <a className="button button--secondary" href={formCExportUrl(bookingId, 'json')} download>
                Export for FRRO (JSON)
              </a>
              {complete && !data.submittedOn && (
                <button type="button" className="button button--secondary" disabled={submitting} onClick={() => void markSubmitted()}>
                  Mark as submitted to the FRRO
                </button>
              )}
            </div>
          )}
          {data.submittedOn && (
            <p className="form-c__kept">
              Submitted to the FRRO on {formatDisplayDate(data.submittedOn)}
              {data.submittedBy ? ` by ${data.submittedBy}` : ''}: its guests can be corrected but no longer removed.
            </p>
          )}
          {data.eraseOn && (
            <p className="form-c__kept">
              The particulars are kept until {formatDisplayDate(data.eraseOn)} (the hotel’s retention period after check-out), then erased.
            </p>
          )}
        </>
      )}
    </>
  );
}

/** What is still missing, guest by guest: the list shrinks to nothing as the form is completed. */
function Checklist({ data }: { data: FormCReply }) {
  const headingId = useId();
  const missing = data.guests.filter((guest) => guest.missing.length > 0);
  return (
    <section className="form-c__checklist" aria-labelledby={headingId}>
      <h2 id={headingId}>Still missing</h2>
      {data.foreignGuests === null && data.guests.length === 0 ? (
        <p>Any guests from abroad? Add each guest with a foreign passport, or answer “No guests from abroad”.</p>
      ) : data.foreignGuests === false ? (
        <p>Nothing: no guests from abroad on this booking.</p>
      ) : data.guests.length === 0 ? (
        <p>Guests from abroad: none recorded yet.</p>
      ) : missing.length === 0 ? (
        <p>Nothing: every guest’s Form C is complete.</p>
      ) : (
        <ul>
          {missing.map((guest) => (
            <li key={guest.id}>
              {guest.fullName}: {guest.missing.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One guest's Form C as the form reads (and prints). */
function GuestSheet(props: {
  bookingId: string;
  number: number;
  guest: FormCGuest;
  canRemove: boolean;
  onEdit: () => void;
  onOutcome: (o: Outcome) => void;
}) {
  const { bookingId, number, guest, canRemove, onEdit, onOutcome } = props;
  const headingId = useId();
  const [remove, { isLoading }] = useRemoveFormCGuestMutation();
  async function removeGuest() {
    const result = await remove({ bookingId, guestId: guest.id });
    onOutcome(
      result.error
        ? { tone: 'error', text: describeError(result.error, `${guest.fullName} could not be removed.`) }
        : { tone: 'success', text: `Removed ${guest.fullName} from this Form C.` },
    );
  }
  return (
    <section className="form-c__sheet" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Guest {number}: {guest.fullName}
      </h2>
      <dl className="form-c__particulars">
        {formCFields.map(([field, label]) => (
          <div key={field} className="form-c__row">
            <dt>{label}</dt>
            <dd>{guest[field] ? (formCDateFields.includes(field) ? formatDisplayDate(guest[field]) : guest[field]) : '—'}</dd>
          </div>
        ))}
      </dl>
      <div className="form-c__actions form-c__sheet-actions">
        <button type="button" className="button button--secondary" onClick={onEdit} aria-label={`Edit ${guest.fullName}`}>
          Edit
        </button>
        {canRemove && (
          <button
            type="button"
            className="button button--secondary"
            disabled={isLoading}
            onClick={() => void removeGuest()}
            aria-label={`Remove ${guest.fullName}`}
          >
            Remove
          </button>
        )}
      </div>
    </section>
  );
}

/** The particulars to type: checked by the same rule the server applies before anything is sent. */
function GuestForm(props: { bookingId: string; title: string; guest: FormCGuest; onDone: (text: string | null) => void }) {
  const { bookingId, title, guest, onDone } = props;
  const formId = useId();
  const [values, setValues] = useState<FormCParticulars>(() => {
    const { id: _id, missing: _missing, ...particulars } = guest;
    return particulars;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = useAddFormCGuestMutation();
  const [change, changing] = useChangeFormCGuestMutation();
  const busy = adding.isLoading || changing.isLoading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = trimmedParticulars(values);
    const wrong = particularsProblem(typed);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    const result = guest.id ? await change({ bookingId, guestId: guest.id, guest: typed }) : await add({ bookingId, guest: typed });
    if (result.error) return setProblem(describeError(result.error, 'The particulars could not be saved.'));
    onDone(`Saved the particulars of ${typed.fullName}.`);
  }

  return (
    <form className="form-c__form" aria-labelledby={`${formId}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${formId}-title`}>{title}</h2>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-c__fields">
        {formCFields.map(([field, label]) => (
          <div key={field} className={`field ${field === 'addressInIndia' ? 'form-c__wide' : ''}`}>
            <label htmlFor={`${formId}-${field}`}>{label}</label>
            {field === 'addressInIndia' ? (
              <textarea
                id={`${formId}-${field}`}
                className="input"
                rows={2}
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            ) : (
              <input
                id={`${formId}-${field}`}
                className="input"
                type={formCDateFields.includes(field) ? 'date' : 'text'}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            )}
          </div>
        ))}
      </div>
      <div className="form-c__actions">
        <button type="submit" className="button" disabled={busy}>
          Save guest
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

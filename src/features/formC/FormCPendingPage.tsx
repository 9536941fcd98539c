import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/requestErrors';
import { formatDisplayDate } from '../../domain/dates';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { formCPath } from './formCPath';
import { paths } from '../../shared/paths';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { useGetFormCPendingQuery, useGetFormCSettingsQuery, useSetFormCSettingsMutation } from './formCApi';
import '../admin/admin.css';
import './formC.css';

/**
 * Form C still due (issue 40): the guests checked in who arrived today or yesterday (so every
 * arrival of the last 24 hours) whose booking has no answer to "any guests from abroad?", or a
 * guest from abroad with particulars missing. The owner sets here how long particulars are kept.
 */
export function FormCPendingPage() {
  const { desk } = useAppSelector(selectOffers);
  return (
    <section className="page admin form-c" aria-labelledby="page-title">
      <title>Form C still due</title>
      <p className="form-c__back">
        <Link to={paths.adminDesk}>Today at the desk</Link>
      </p>
      <h1 id="page-title">Form C still due</h1>
      {desk ? (
        <AdminGate>
          {(staff) => (
            <>
              <Pending />
              {isOwner(staff) && <Retention />}
            </>
          )}
        </AdminGate>
      ) : (
        <p className="notice">Form C is kept by the hotel’s server: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Pending() {
  const { data, error, isFetching, refetch } = useGetFormCPendingQuery();
  const headingId = useId();
  if (error)
    return (
      <LoadProblem
        error={error}
        fallback="The hotel could not show the Form C still due."
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (!data) return <p role="status">Loading the arrivals…</p>;
  return (
    <section aria-labelledby={headingId}>
      <p id={headingId} className="form-c__stay">
        Guests checked in who arrived today or yesterday ({formatDisplayDate(data.today)}) and whose Form C is not complete: the FRRO asks
        for it within 24 hours of arrival.
      </p>
      {data.pending.length === 0 ? (
        <p className="admin-summary admin-summary--empty">Every arrival of the last 24 hours has its Form C, or no guest from abroad.</p>
      ) : (
        <ul className="form-c__pending" aria-label="Form C still due">
          {data.pending.map((entry) => (
            <li key={entry.bookingId}>
              <Link to={formCPath(entry.bookingId)}>Form C for {entry.bookingId}</Link>
              <span>
                {entry.roomName}, arrived {formatDisplayDate(entry.checkIn)}: {entry.reason}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The owner's retention period: how long after check-out passport and visa particulars are kept. */
function Retention() {
  const { data } = useGetFormCSettingsQuery();
  const [save, { isLoading }] = useSetFormCSettingsMutation();
  const [typed, setTyped] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fieldId = useId();
  const shown = typed ?? (data ? String(data.retentionDays) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number(shown);
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      return setOutcome({ tone: 'error', text: 'Days kept after check-out: a whole number from 1 to 3650.' });
    const result = await save({ retentionDays: days });
    setTyped(null);
    setOutcome(
      result.error
        ? { tone: 'error', text: describeError(result.error, 'The period could not be saved.') }
        : { tone: 'success', text: `Saved: particulars are erased ${days} days after check-out.` },
    );
  }

  return (
    <form className="form-c__retention" onSubmit={(event) => void submit(event)} aria-label="Keeping guests’ particulars" noValidate>
      <h2>Keeping guests’ particulars</h2>
      <p>
        Passport and visa particulars are erased this many days after the guest checks out (India’s DPDP Act: kept only as long as needed).
        Each erasure is recorded, without the particulars.
      </p>
      <OutcomeNotice outcome={outcome} />
      <div className="field">
        <label htmlFor={fieldId}>Days kept after check-out</label>
        <input id={fieldId} className="input" inputMode="numeric" value={shown} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <button type="submit" className="button" disabled={isLoading || !data}>
        Save
      </button>
    </form>
  );
}

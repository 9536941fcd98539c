import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError } from '../../api/requestErrors';
import { formatDisplayDateTime } from '../../domain/dates';
import type { AdminSession, StaffMember, StaffRole } from '../../domain/staffWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import '../admin/admin.css';
import { useAddStaffMutation, useGetStaffQuery, useRemoveStaffMutation, useSetStaffPasswordMutation } from './staffAccountsApi';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import './staffAccounts.css';

const roleLabels: Record<StaffRole, string> = { owner: 'Owner', desk: 'Front desk' };
/** What the server takes (src/domain/wire.ts: staffPassword). */
const minPassword = 10;

/**
 * The hotel's staff (issue 23), for the owner: who may sign in and with what role, adding a
 * person, removing one, and setting a password. Removing a person or setting their password ends
 * their sessions at once.
 */
export function StaffPage() {
  const { staff } = useAppSelector(selectOffers);
  return (
    <section className="page admin staff-accounts" aria-labelledby="page-title">
      <title>Staff</title>
      <h1 id="page-title">Staff</h1>
      {staff ? (
        <AdminGate>
          {(session) =>
            session && isOwner(session) ? (
              <Staff me={session} />
            ) : (
              <p className="notice">Staff accounts are for the hotel’s owner: front-desk staff cannot open them.</p>
            )
          }
        </AdminGate>
      ) : (
        <p className="notice">Staff accounts are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Staff({ me }: { me: AdminSession }) {
  const { data, error, isLoading, isFetching, refetch } = useGetStaffQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [removeStaff, { isLoading: removing }] = useRemoveStaffMutation();
  const headingId = useId();

  async function remove(person: StaffMember) {
    if (!window.confirm(`Remove ${person.username}? They are signed out at once, on every device, and can no longer sign in.`)) return;
    const result = await removeStaff(person.username);
    if (result.error) setOutcome({ tone: 'error', text: describeError(result.error, `${person.username} could not be removed.`) });
    else setOutcome({ tone: 'success', text: `${person.username} was removed and signed out everywhere.` });
  }

  return (
    <>
      <p className="staff-accounts__intro">
        Everyone signs in with their own name and password. An owner can do everything; the front desk works with bookings and the desk
        (check-in, check-out, phone and walk-in bookings), but not with staff, backups or bursts.
      </p>
      <OutcomeNotice outcome={outcome} />
      {isLoading && <p role="status">Loading the staff…</p>}
      {error && (
        <LoadProblem error={error} fallback={'The hotel could not show its staff.'} retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {data && (
        <section aria-labelledby={headingId} className="staff-accounts__list">
          <h2 id={headingId}>People who can sign in</h2>
          <table className="admin-table" role="table" aria-labelledby={headingId}>
            <thead role="rowgroup">
              <tr role="row">
                {['Name', 'Role', 'Added', 'Signed in on', 'Action'].map((column) => (
                  <th key={column} role="columnheader" scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {data.items.map((person) => (
                <tr key={person.username} role="row">
                  <td role="cell" data-label="Name" className="admin-table__id staff-accounts__name">
                    {/* One item: on a phone the cell is a grid of its label and its value. */}
                    <span>
                      {person.username}
                      {person.username === me.username && <span className="staff-accounts__you"> (you)</span>}
                    </span>
                  </td>
                  <td role="cell" data-label="Role">
                    {roleLabels[person.role]}
                  </td>
                  <td role="cell" data-label="Added">
                    <time dateTime={person.createdAt}>{formatDisplayDateTime(person.createdAt)}</time>
                  </td>
                  <td role="cell" data-label="Signed in on">
                    {person.sessions === 0 ? 'no device' : person.sessions === 1 ? '1 device' : `${person.sessions} devices`}
                  </td>
                  <td role="cell" data-label="Action" className="admin-table__action staff-accounts__actions">
                    <button
                      type="button"
                      className="button button--secondary admin-delete"
                      aria-label={`Set a new password for ${person.username}`}
                      aria-expanded={passwordFor === person.username}
                      onClick={() => setPasswordFor(passwordFor === person.username ? null : person.username)}
                    >
                      Set password
                    </button>
                    {person.username !== me.username && (
                      <button
                        type="button"
                        className="button button--danger admin-delete"
                        aria-label={`Remove ${person.username}`}
                        disabled={removing}
                        onClick={() => void remove(person)}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {passwordFor && (
        <PasswordForm
          key={passwordFor}
          username={passwordFor}
          isMe={passwordFor === me.username}
          onDone={(text) => {
            setPasswordFor(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
      <AddForm onAdded={(text) => setOutcome({ tone: 'success', text })} />
    </>
  );
}

function PasswordForm({ username, isMe, onDone }: { username: string; isMe: boolean; onDone: (text: string) => void }) {
  const [setStaffPassword, { isLoading }] = useSetStaffPasswordMutation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = await setStaffPassword({ username, password });
    if (result.error) setProblem(describeError(result.error, `The password of ${username} could not be set.`));
    else
      onDone(
        isMe
          ? 'Your password was changed; your other devices are signed out.'
          : `The password of ${username} was changed; they are signed out everywhere.`,
      );
  }

  return (
    <section className="card staff-accounts__form" aria-labelledby="staff-password-title">
      <h2 id="staff-password-title">New password for {username}</h2>
      <form onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={passwordId}>New password</label>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete="new-password"
            required
            minLength={minPassword}
            maxLength={200}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={isLoading}>
          Set password
        </button>
      </form>
    </section>
  );
}

function AddForm({ onAdded }: { onAdded: (text: string) => void }) {
  const [addStaff, { isLoading }] = useAddStaffMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('desk');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { name: useId(), password: useId(), role: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const name = username.trim();
    const result = await addStaff({ username: name, password, role });
    if (result.error) {
      setProblem(describeError(result.error, `${name} could not be added.`));
      return;
    }
    onAdded(`${name} was added (${roleLabels[role].toLowerCase()}) and can sign in now.`);
    setUsername('');
    setPassword('');
    setRole('desk');
  }

  return (
    <section className="card staff-accounts__form" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Add a person</h2>
      <form onSubmit={(event) => void submit(event)}>
        <div className="staff-accounts__fields">
          <div className="field">
            <label htmlFor={ids.name}>Name</label>
            <input
              id={ids.name}
              className="input"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={100}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.role}>Role</label>
            <select id={ids.role} className="input" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
              <option value="desk">{roleLabels.desk}</option>
              <option value="owner">{roleLabels.owner}</option>
            </select>
          </div>
          <div className="field staff-accounts__password">
            <label htmlFor={ids.password}>Password (at least {minPassword} characters)</label>
            <input
              id={ids.password}
              className="input"
              type="password"
              autoComplete="new-password"
              required
              minLength={minPassword}
              maxLength={200}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        </div>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={isLoading}>
          Add
        </button>
      </form>
    </section>
  );
}

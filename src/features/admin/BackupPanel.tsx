import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { bookingsToCsv, bookingsToJson, maxBackupBytes, restoreBookings } from '../bookings/bookingsBackup';
import type { RestoreResult } from '../bookings/bookingsBackup';
import { selectBookings } from '../bookings/bookingsSlice';
import { useHydrated, wakingProps } from '../../shared/useHydrated';
import { datedFileName, downloadText } from './download';

type Feedback = { tone: 'success' | 'error'; text: string } | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function restoredMessage({ added, skipped, unreadable }: RestoreResult): string {
  let text = `Backup restored: ${plural(added, 'booking', 'bookings')} added, ${skipped} skipped because ${skipped === 1 ? 'it was' : 'they were'} already here.`;
  if (unreadable > 0)
    text += ` ${plural(unreadable, 'entry', 'entries')} in the file could not be read and ${unreadable === 1 ? 'was' : 'were'} left out.`;
  return text;
}

/** Export for spreadsheets and for safe keeping, and a restore that only ever adds bookings. */
export function BackupPanel() {
  const dispatch = useAppDispatch();
  const bookings = useAppSelector(selectBookings);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  // The build prerenders this panel: its buttons wait for React (see wakingProps), and the file
  // input comes with it (a file chosen before would be read by nothing).
  const waking = !useHydrated();

  async function restore(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing lets the same file be chosen again after fixing it.
    input.value = '';
    if (!file) return;
    if (file.size > maxBackupBytes) {
      setFeedback({ tone: 'error', text: 'This file is too large to be a bookings backup. Nothing was changed.' });
      return;
    }
    setBusy(true);
    setFeedback(null);
    const result = await dispatch(restoreBookings(await file.text()));
    setBusy(false);
    if (restoreBookings.fulfilled.match(result)) setFeedback({ tone: 'success', text: restoredMessage(result.payload) });
    else setFeedback({ tone: 'error', text: result.payload?.message ?? 'The backup could not be restored. Nothing was changed.' });
  }

  return (
    <section className="card admin-backup" aria-labelledby="backup-title">
      <h2 id="backup-title">Back up and restore</h2>
      <p>
        Bookings live only in this browser. Download a copy now and then: CSV opens in a spreadsheet, the JSON backup can be restored here
        or in another browser. Restoring adds the bookings that are missing and never changes or removes the ones already here.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={waking}
          {...wakingProps(waking)}
          onClick={() => downloadText(datedFileName('hotel-bookings', 'csv'), bookingsToCsv(bookings), 'text/csv;charset=utf-8')}
        >
          Download CSV
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={waking}
          {...wakingProps(waking)}
          onClick={() => downloadText(datedFileName('hotel-bookings-backup', 'json'), bookingsToJson(bookings), 'application/json')}
        >
          Download JSON backup
        </button>
        <span className="admin-restore">
          {!waking && (
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              className="visually-hidden"
              disabled={busy}
              onChange={(event) => void restore(event)}
            />
          )}
          <label htmlFor={inputId} className="button" aria-disabled={busy || undefined}>
            {busy ? 'Restoring…' : 'Restore JSON backup'}
          </label>
        </span>
      </div>
      {/* Present from the start so that screen readers announce what appears in it. */}
      <div role="status">{feedback?.tone === 'success' && <p className="notice notice--success admin-feedback">{feedback.text}</p>}</div>
      {feedback?.tone === 'error' && (
        <p role="alert" className="notice notice--error admin-feedback">
          {feedback.text}
        </p>
      )}
    </section>
  );
}

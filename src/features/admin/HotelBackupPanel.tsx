import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { toStoredRecord } from '../../domain/bookingRecord';
import { maxBackupBytes, parseBackup } from '../bookings/bookingsBackup';
import { describeError } from '../hotel/serverErrors';
import type { ImportResult } from './adminApi';
import { useImportBackupMutation } from './adminApi';

type Feedback = { tone: 'success'; result: ImportResult; unreadable: number } | { tone: 'error'; text: string } | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Hotel mode: the hotel's bookings as a download (the server writes the file), and a JSON backup
 * from the browser-only dashboard taken into the hotel's database. The server keeps every ID and
 * overwrites nothing; what it could not take is listed with its reason.
 */
export function HotelBackupPanel() {
  const [importBackup, { isLoading }] = useImportBackupMutation();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const inputId = useId();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing lets the same file be chosen again after fixing it.
    input.value = '';
    if (!file) return;
    if (file.size > maxBackupBytes) {
      setFeedback({ tone: 'error', text: 'This file is too large to be a bookings backup. Nothing was imported.' });
      return;
    }
    setFeedback(null);
    const parsed = parseBackup(await file.text());
    if ('problem' in parsed) {
      setFeedback({ tone: 'error', text: parsed.problem });
      return;
    }
    // The records as the browser-only mode stores them: the server reads them the same way.
    const result = await importBackup(parsed.records.map(toStoredRecord));
    if (result.error)
      setFeedback({ tone: 'error', text: describeError(result.error, 'The backup could not be imported. Nothing was changed.') });
    else setFeedback({ tone: 'success', result: result.data, unreadable: parsed.unreadable });
  }

  return (
    <section className="card admin-backup" aria-labelledby="backup-title">
      <h2 id="backup-title">Export and import</h2>
      <p>
        Download every booking the hotel holds: CSV opens in a spreadsheet, JSON keeps every field. A JSON backup made on a browser-only
        copy of this site can be imported here: bookings the hotel already has are left as they are.
      </p>
      <div className="button-row">
        <a className="button button--secondary" href="/api/admin/export?format=csv" download>
          Download CSV
        </a>
        <a className="button button--secondary" href="/api/admin/export?format=json" download>
          Download JSON
        </a>
        <span className="admin-restore">
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            disabled={isLoading}
            onChange={(event) => void upload(event)}
          />
          <label htmlFor={inputId} className="button" aria-disabled={isLoading || undefined}>
            {isLoading ? 'Importing…' : 'Import a browser backup'}
          </label>
        </span>
      </div>
      {/* Present from the start so that screen readers announce what appears in it. */}
      <div role="status">
        {feedback?.tone === 'success' && (
          <div className="notice notice--success admin-feedback">
            <p>
              Imported {plural(feedback.result.imported, 'booking', 'bookings')}.
              {feedback.unreadable > 0 &&
                ` ${plural(feedback.unreadable, 'entry', 'entries')} in the file could not be read and ${feedback.unreadable === 1 ? 'was' : 'were'} left out.`}
              {feedback.result.conflicts.length > 0 &&
                ` ${plural(feedback.result.conflicts.length, 'booking was', 'bookings were')} not imported:`}
            </p>
            {feedback.result.conflicts.length > 0 && (
              <ul className="admin-conflicts">
                {feedback.result.conflicts.map((conflict, index) => (
                  <li key={`${conflict.bookingId}-${index}`}>
                    {conflict.bookingId}: {conflict.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {feedback?.tone === 'error' && (
        <p role="alert" className="notice notice--error admin-feedback">
          {feedback.text}
        </p>
      )}
    </section>
  );
}

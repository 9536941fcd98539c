import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '../../api/requestErrors';
import type { Offers } from '../../api/offers';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { pressAgain } from '../../shared/earlyForm';
import { maxBackupBytes } from '../bookings/bookingsBackup';
import { useExportBookingsMutation, useImportBackupMutation } from './adminApi';
import type { ExportFormat, ImportOutcome } from './adminApi';
import { datedFileName, downloadText } from './download';
import { countOf } from '../../domain/words';

type Feedback = { tone: 'success'; outcome: ImportOutcome } | { tone: 'error'; text: string } | null;

/** The panel's words for where the bookings are kept: this browser alone, or the hotel. */
const wordsFor: Record<Offers['keeper'], { title: string; about: string; json: string; upload: string; busy: string; nothing: string }> = {
  browser: {
    title: 'Back up and restore',
    about:
      'Bookings live only in this browser. Download a copy now and then: CSV opens in a spreadsheet, the JSON backup can be restored here or in another browser. Restoring adds the bookings that are missing and never changes or removes the ones already here.',
    json: 'Download JSON backup',
    upload: 'Restore JSON backup',
    busy: 'Restoring…',
    nothing: 'Nothing was changed.',
  },
  hotel: {
    title: 'Export and import',
    about:
      'Download every booking the hotel holds: CSV opens in a spreadsheet, JSON keeps every field. A JSON backup made on a browser-only copy of this site can be imported here: bookings the hotel already has are left as they are.',
    json: 'Download JSON',
    upload: 'Import a browser backup',
    busy: 'Importing…',
    nothing: 'Nothing was imported.',
  },
};

function unreadableNote(unreadable: number): string {
  return unreadable > 0
    ? ` ${countOf(unreadable, 'entry', 'entries')} in the file could not be read and ${unreadable === 1 ? 'was' : 'were'} left out.`
    : '';
}

function outcomeMessage(keeper: Offers['keeper'], { added, skipped, unreadable, refused }: ImportOutcome): string {
  if (keeper === 'browser')
    return `Backup restored: ${countOf(added, 'booking', 'bookings')} added, ${skipped} skipped because ${skipped === 1 ? 'it was' : 'they were'} already here.${unreadableNote(unreadable)}`;
  const notTaken = refused.length > 0 ? ` ${countOf(refused.length, 'booking was', 'bookings were')} not imported:` : '';
  return `Imported ${countOf(added, 'booking', 'bookings')}.${unreadableNote(unreadable)}${notTaken}`;
}

/** Every booking as a download (CSV for spreadsheets, JSON to keep), and a JSON backup taken in: only ever adding bookings. */
export function BackupPanel() {
  const { keeper } = useAppSelector(selectOffers);
  const words = wordsFor[keeper];
  const [importBackup, { isLoading: busy }] = useImportBackupMutation();
  const [exportBookings] = useExportBookingsMutation();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const inputId = useId();
  const csvButton = useRef<HTMLButtonElement>(null);
  const jsonButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The build prerenders this panel, and its controls work before React (src/shared/earlyForm.ts):
  // a download pressed then is pressed again, and a backup chosen then is read, once React has it.
  useEffect(() => {
    pressAgain(csvButton.current);
    pressAgain(jsonButton.current);
    if (fileInput.current?.files?.length) void upload(fileInput.current);
    // Once, as the panel mounts: what the guest did before React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function download(format: ExportFormat) {
    const result = await exportBookings(format);
    if (result.error) {
      setFeedback({ tone: 'error', text: describeError(result.error, 'The bookings could not be downloaded. Please try again.') });
      return;
    }
    const stem = format === 'json' && keeper === 'browser' ? 'hotel-bookings-backup' : 'hotel-bookings';
    downloadText(datedFileName(stem, format), result.data, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
  }

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    // Clearing lets the same file be chosen again after fixing it.
    input.value = '';
    if (!file) return;
    if (file.size > maxBackupBytes) {
      setFeedback({ tone: 'error', text: `This file is too large to be a bookings backup. ${words.nothing}` });
      return;
    }
    setFeedback(null);
    const result = await importBackup(await file.text());
    if (result.error) setFeedback({ tone: 'error', text: describeError(result.error, `The backup could not be read. ${words.nothing}`) });
    else setFeedback({ tone: 'success', outcome: result.data });
  }

  return (
    <section className="card admin-backup" aria-labelledby="backup-title">
      <h2 id="backup-title">{words.title}</h2>
      <p>{words.about}</p>
      <div className="button-row">
        <button ref={csvButton} type="button" className="button button--secondary" onClick={() => void download('csv')}>
          Download CSV
        </button>
        <button ref={jsonButton} type="button" className="button button--secondary" onClick={() => void download('json')}>
          {words.json}
        </button>
        <span className="admin-restore">
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => void upload(event.currentTarget)}
          />
          <label htmlFor={inputId} className="button" aria-disabled={busy || undefined}>
            {busy ? words.busy : words.upload}
          </label>
        </span>
      </div>
      {/* Present from the start so that screen readers announce what appears in it. */}
      <div role="status">
        {feedback?.tone === 'success' && (
          <div className="notice notice--success admin-feedback">
            <p>{outcomeMessage(keeper, feedback.outcome)}</p>
            {feedback.outcome.refused.length > 0 && (
              <ul className="admin-conflicts">
                {feedback.outcome.refused.map((conflict, index) => (
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

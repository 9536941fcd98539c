import { describeError } from '../../api/requestErrors';
import { formatDisplayDateTime } from '../../domain/dates';
import { useGetAuditQuery } from './adminApi';
import type { AuditEntry } from '../../domain/wire';

const actions: Record<string, string> = {
  delete: 'deleted',
  restore: 'restored',
  email: 'email changed',
  import: 'imported from a browser backup',
  change: 'dates or rooms changed',
  cancel: 'cancelled',
  'check-in': 'checked in',
  'check-out': 'checked out',
  'no-show': 'marked as a no-show',
  undo: 'last change undone',
  phone: 'booked on the phone',
  'walk-in': 'booked at the desk (walk-in)',
  room: 'moved to another room',
  'bill-charge': 'charged a service on the bill',
  'bill-payment': 'paid on the bill',
  'bill-reversal': 'corrected on the bill (a line reversed)',
  'check-out-allowed': 'checked out with a balance due, allowed',
};

function describe(entry: AuditEntry): string {
  const by = entry.actor === 'guest' ? 'the guest' : (entry.staff ?? 'the administrator');
  return `Booking ${entry.bookingId} ${actions[entry.action] ?? entry.action} by ${by}`;
}

/** Hotel mode: the last 50 changes to bookings (the server's audit log), newest first. */
export function RecentChanges() {
  // Guests change and cancel their own bookings (their manage link) while no staff screen is open: ask afresh each time.
  const { data, error, isLoading } = useGetAuditQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = data?.items ?? [];
  return (
    <section className="card recent-changes" aria-labelledby="recent-changes-title">
      <h2 id="recent-changes-title">Recent changes</h2>
      {isLoading && <p role="status">Loading recent changes…</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {describeError(error, 'The hotel could not show its recent changes.')}
        </p>
      )}
      {data && items.length === 0 && <p>No changes yet.</p>}
      {items.length > 0 && (
        <ol className="recent-changes__list">
          {items.map((entry, index) => (
            <li key={`${entry.at}-${entry.bookingId}-${entry.action}-${index}`}>
              <time dateTime={entry.at}>{formatDisplayDateTime(entry.at)}</time>
              <span>{describe(entry)}</span>
              {entry.address && <span className="recent-changes__address">from {entry.address}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

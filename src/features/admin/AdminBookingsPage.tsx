import { useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectStorageAvailable } from '../bookings/bookingsSlice';
import { deleteBooking, saveFailureMessage } from '../bookings/bookingsThunks';
import { pageWindow, selectAdminSearch } from './adminSearch';
import { BackupPanel } from './BackupPanel';
import { BookingsTable } from './BookingsTable';
import { Pager } from './Pager';
import { UnreadableNotice } from './UnreadableNotice';
import { formatCount } from '../../shared/money';
import { Pending } from '../../shared/Pending';
import { useHydrated } from '../../shared/useHydrated';
import './admin.css';

const confirmQuestion = 'Are you sure you want to delete this booking?';

type Feedback = { tone: 'success' | 'error'; text: string } | null;

export function AdminBookingsPage() {
  const dispatch = useAppDispatch();
  const storageAvailable = useAppSelector(selectStorageAvailable);
  const [query, setQuery] = useState('');
  // Filtering 10,000 prepared rows and drawing one page of 50 fits in a frame, so the rows follow
  // each keystroke directly (deferring the update measured slower: npm run bench).
  const matches = useAppSelector((state) => selectAdminSearch(state, query));
  // A page number belongs to the search it was chosen for; a new search starts on page 1.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const shown = pageWindow(matches.length, paging.query === query ? paging.page : 1);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const searchId = useId();
  // The build prerenders this screen before any bookings are read: it must not say there are none.
  const hydrated = useHydrated();

  async function remove(bookingId: string) {
    if (!window.confirm(confirmQuestion)) return;
    const result = await dispatch(deleteBooking(bookingId));
    if (deleteBooking.fulfilled.match(result)) {
      setFeedback({ tone: 'success', text: `Booking ${bookingId} was deleted.` });
      // The focused button has gone with its row; continue from the list's summary.
      summary.current?.focus();
    } else {
      setFeedback({ tone: 'error', text: result.payload?.message ?? saveFailureMessage('unknown') });
    }
  }

  function goToPage(page: number) {
    setPaging({ query, page });
    summary.current?.scrollIntoView({ block: 'nearest' });
  }

  const count = matches.length === 1 ? '1 booking' : `${formatCount(matches.length)} bookings`;
  return (
    <section className="page admin" aria-labelledby="page-title">
      <title>Admin Booking Dashboard</title>
      <h1 id="page-title">Admin Booking Dashboard</h1>
      {!storageAvailable && <p className="notice notice--error">{saveFailureMessage('unavailable')}</p>}
      <UnreadableNotice />

      <div className="admin-search" role="search">
        <label htmlFor={searchId}>Search bookings</label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Search by Booking ID, Email or Room..."
          value={query}
          readOnly={!hydrated}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>

      <div role="status">{feedback?.tone === 'success' && <p className="notice notice--success">{feedback.text}</p>}</div>
      {feedback?.tone === 'error' && (
        <p role="alert" className="notice notice--error">
          {feedback.text}
        </p>
      )}

      <p
        ref={summary}
        tabIndex={-1}
        className={matches.length === 0 ? 'admin-summary admin-summary--empty' : 'admin-summary'}
        aria-live="polite"
      >
        <Pending when={!hydrated}>
          {matches.length === 0 ? 'No bookings found' : `Showing ${shown.start + 1}–${shown.end} of ${count}`}
        </Pending>
      </p>
      {matches.length > 0 && (
        <>
          <BookingsTable rows={matches.slice(shown.start, shown.end)} onDelete={(id) => void remove(id)} />
          <Pager window={shown} onPage={goToPage} />
        </>
      )}

      {/* Below the bookings, so moved by them: unseen until they are in, when this browser holds some. */}
      <Pending when={!hydrated} block movable>
        <BackupPanel />
      </Pending>
    </section>
  );
}

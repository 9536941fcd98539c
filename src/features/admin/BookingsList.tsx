import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useListBookingsQuery, useMoveBookingMutation, useRestoreBookingMutation } from '../../api/bookingsApi';
import { useDeleteBookingMutation } from './adminApi';
import { describeError } from '../../api/requestErrors';
import { maxSearchLength } from '../../domain/search';
import { useAppSelector } from '../../shared/hooks';
import { formatCount } from '../../shared/money';
import { selectOffers } from '../../shared/offers';
import { Pending } from '../../shared/Pending';
import { pageSize, pageWindow } from './adminSearch';
import { BookingsTable } from './BookingsTable';
import { Pager } from './Pager';
import { LoadProblem } from '../../shared/ui/notices';

const confirmQuestion = 'Are you sure you want to delete this booking?';
/**
 * Hotel mode, after the spec's question (issue 34): what a delete does not do. The guest hears
 * nothing, and their emailed link stops opening the booking; Cancel tells them.
 */
const deleteConsequence =
  'Deleting sends the guest no email, and their booking link stops working. To tell the guest and free the rooms, use Cancel instead.';
const cancelQuestion = (bookingId: string) =>
  `Cancel booking ${bookingId}? The guest is emailed that it is cancelled, and its rooms are free for others to book.`;

type Feedback = { tone: 'success' | 'error'; text: string; undo?: string } | null;

/** The bookings, searched and paged by the bookings API, with delete (and undo, where the source keeps deleted bookings). */
export function BookingsList() {
  const offers = useAppSelector(selectOffers);
  const [query, setQuery] = useState('');
  // A page number belongs to the search it was chosen for; a new search starts on page 1.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const requested = paging.query === query ? paging.page : 1;
  // Every keystroke asks at once, with no pause for typing to stop: a search costs the hotel a few
  // milliseconds at 100,000 bookings and this browser less than a frame at 10,000 (npm run bench),
  // a pause would cost the admin more on every key. Answers to earlier keys land in their own
  // cache entries; the table shows the latest.
  // A list older than a few seconds is asked again when the screen opens: guests cancel their own
  // bookings (the manage link) while the admin is on another back-office screen.
  const { data, error, isFetching, refetch } = useListBookingsQuery(
    { q: query, page: requested, pageSize },
    { refetchOnMountOrArgChange: 5 },
  );
  const [deleteBooking] = useDeleteBookingMutation();
  const [restoreBooking] = useRestoreBookingMutation();
  const [moveBooking] = useMoveBookingMutation();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const searchId = useId();
  // Adopting the prerendered page (src/shared/earlyForm.ts): what was typed before React ran is the first search.
  const search = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => setQuery(search.current!.value), []);

  const shown = pageWindow(data?.total ?? 0, requested);
  // A delete can empty the last page: move to the last page there is (set while rendering, as
  // React advises for state that follows other values, so no empty page is ever painted).
  if (data && !isFetching && shown.page !== requested) setPaging({ query, page: shown.page });

  async function remove(bookingId: string) {
    // The browser-only site asks the spec's question, word for word; the hotel says what a delete does not do.
    if (!window.confirm(offers.manageLinks ? `${confirmQuestion}\n\n${deleteConsequence}` : confirmQuestion)) return;
    const result = await deleteBooking(bookingId);
    if (result.error) {
      setFeedback({ tone: 'error', text: describeError(result.error, `Booking ${bookingId} could not be deleted.`) });
      return;
    }
    setFeedback({ tone: 'success', text: `Booking ${bookingId} was deleted.`, undo: offers.undo ? bookingId : undefined });
    // The focused button has gone with its row; continue from the list's summary.
    summary.current?.focus();
  }

  /** Staff cancel (hotel mode): as the desk's Cancel, the guest is emailed and the rooms are freed, audited with the name. */
  async function cancel(bookingId: string) {
    if (!window.confirm(cancelQuestion(bookingId))) return;
    const result = await moveBooking({ bookingId, to: 'cancelled' });
    if (result.error) {
      setFeedback({ tone: 'error', text: describeError(result.error, `Booking ${bookingId} could not be cancelled.`) });
      return;
    }
    setFeedback({
      tone: 'success',
      text: `Booking ${bookingId} was cancelled: its rooms are free, and the guest is sent the cancellation email.`,
    });
    summary.current?.focus();
  }

  async function undo(bookingId: string) {
    const result = await restoreBooking(bookingId);
    if (result.error) setFeedback({ tone: 'error', text: describeError(result.error, `Booking ${bookingId} could not be restored.`) });
    else setFeedback({ tone: 'success', text: `Booking ${bookingId} was restored.` });
  }

  function goToPage(page: number) {
    setPaging({ query, page });
    summary.current?.scrollIntoView({ block: 'nearest' });
  }

  const total = data?.total ?? 0;
  const count =
    data && !data.totalExact ? `more than ${formatCount(total)} bookings` : total === 1 ? '1 booking' : `${formatCount(total)} bookings`;
  const items = data?.items ?? [];
  // The rows on screen are the last answer's, which, while the next page loads, is not yet the
  // page asked for: the summary counts from the page they came from.
  const firstShown = data ? (data.page - 1) * data.pageSize : 0;
  return (
    <>
      <div className="admin-search" role="search">
        <label htmlFor={searchId}>Search bookings</label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Search by Booking ID, Email or Room..."
          value={query}
          maxLength={maxSearchLength}
          ref={search}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>

      <div role="status">{feedback?.tone === 'success' && <p className="notice notice--success admin-undo-text">{feedback.text}</p>}</div>
      {feedback?.undo && (
        <p className="admin-undo">
          <button type="button" className="button button--secondary" onClick={() => void undo(feedback.undo!)}>
            Undo
          </button>
        </p>
      )}
      {feedback?.tone === 'error' && (
        <p role="alert" className="notice notice--error">
          {feedback.text}
        </p>
      )}

      {error && !isFetching && !data ? (
        <LoadProblem error={error} fallback="The hotel could not list its bookings." retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <p
            ref={summary}
            tabIndex={-1}
            className={items.length === 0 ? 'admin-summary admin-summary--empty' : 'admin-summary'}
            aria-live="polite"
            aria-busy={isFetching || undefined}
          >
            {/* Until the first answer (always so in the prerendered page), the line holds its place unseen. */}
            <Pending when={!data}>
              {items.length === 0 ? 'No bookings found' : `Showing ${firstShown + 1}–${firstShown + items.length} of ${count}`}
            </Pending>
          </p>
          {items.length > 0 && (
            <>
              <BookingsTable rows={items} onDelete={(id) => void remove(id)} onCancel={offers.desk ? (id) => void cancel(id) : undefined} />
              <Pager window={shown} onPage={goToPage} />
            </>
          )}
        </>
      )}
    </>
  );
}

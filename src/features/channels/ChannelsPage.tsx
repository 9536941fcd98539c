import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  useAddFeedMutation,
  useGetChannelsQuery,
  useNewCalendarAddressMutation,
  useRemoveFeedMutation,
  useSyncFeedMutation,
} from './channelsApi';
import { describeError } from '../../api/requestErrors';
import type { CalendarAddress } from './channelsApi';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import type { ChannelRoom, ChannelsReply, FeedEntry, Overbooking, SyncResult } from '../../domain/roomsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import '../admin/admin.css';
import './channels.css';
import { countOf } from '../../domain/words';

type Report = (outcome: Outcome) => void;

/** The channels a small hotel in India most often sells through; any other name may be typed. */
const knownChannels = ['Airbnb', 'Booking.com', 'MakeMyTrip', 'Goibibo', 'Agoda', 'Expedia', 'Google Calendar'];
const nightList = (nights: readonly string[]) => nights.map((night) => formatDisplayDate(night)).join(', ');

/** What one read of a feed did, in a sentence for the owner. */
export function describeSync(label: string, result: SyncResult): string {
  if (!result.ok) return `${label}'s calendar could not be read: ${result.error ?? 'unknown error'} Nothing was changed.`;
  const parts = [`${label}'s calendar read: ${countOf(result.events, 'event')}`];
  if (result.added + result.changed + result.removed > 0)
    parts.push(`${result.added} new, ${result.changed} changed, ${result.removed} gone`);
  else parts.push('nothing new');
  const moved = result.moved.map((m) => `booking ${m.bookingId} moved to room ${m.to}`);
  const over = result.overbooked.map((o) =>
    o.bookingId ? `OVERBOOKED: booking ${o.bookingId} has no free room on ${nightList(o.nights)}` : `OVERBOOKED on ${nightList(o.nights)}`,
  );
  return `${[parts.join(': '), ...moved, ...over].join('; ')}.`;
}

/**
 * Channels (issue 38), the owner's: each room's calendar kept in step with Airbnb, Booking.com
 * and the rest by iCal. For every room, the address to give a channel (our calendar of the room)
 * and the channels' calendars it reads, with when each was last read, how many events it held,
 * why it failed, Sync now, and the log of what the reads did.
 */
export function ChannelsPage() {
  const { channels } = useAppSelector(selectOffers);
  return (
    <section className="page admin channels" aria-labelledby="page-title">
      <title>Channels</title>
      <h1 id="page-title">Channels</h1>
      {channels ? (
        <AdminGate>
          {(session) =>
            isOwner(session) ? (
              <Channels />
            ) : (
              <p className="notice">Channels are the hotel’s owner’s to connect: the front desk sees the nights they block at the desk.</p>
            )
          }
        </AdminGate>
      ) : (
        <p className="notice">Channel calendars are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Channels() {
  // Read again every minute: the schedule reads the feeds meanwhile.
  const { data, error, isLoading, isFetching, refetch } = useGetChannelsQuery(undefined, { pollingInterval: 60_000 });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const roomsId = useId();
  const typesId = useId();

  return (
    <>
      <p className="channels__intro">
        Airbnb, Booking.com and most other channels keep their calendar of a room in step with ours by iCal: each gives an address of its
        calendar for the room (paste it here), and takes the address of ours (copy it there). Each room has its own. A channel’s booked or
        closed nights then block the room here, and ours block it there.
      </p>
      <OutcomeNotice outcome={outcome} />
      {isLoading && <p role="status">Loading the channels…</p>}
      {error && (
        <LoadProblem
          error={error}
          fallback={'The hotel could not show its channels.'}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && (
        <>
          <Overbooked nights={data.overbooked} />
          <Settings data={data} />
          <section aria-labelledby={roomsId} className="channels__rooms">
            <h2 id={roomsId}>Rooms</h2>
            {data.rooms.length === 0 ? (
              <p className="admin-summary admin-summary--empty">The hotel has no rooms yet: add them on the Rooms screen.</p>
            ) : (
              <div className="channels__grid">
                {data.rooms.map((room) => (
                  <RoomChannels key={room.id} room={room} onOutcome={setOutcome} />
                ))}
              </div>
            )}
          </section>
          <section aria-labelledby={typesId} className="channels__types">
            <h2 id={typesId}>Room types</h2>
            <p>
              For a channel that sells a room type rather than a room: its nights are blocked when no room of the type is left. Prefer the
              rooms’ own calendars where the channel allows them (Booking.com takes iCal only for a room type of one room).
            </p>
            <div className="channels__type-list">
              {data.types.map((type) => (
                <div key={type.typeId} className="card channels__type">
                  <CopyAddress label={`${type.title}s: our calendar`} url={type.calendarUrl} />
                  <NewAddressButton
                    target={{ kind: 'types', id: type.typeId }}
                    what={`the ${type.title}s’ calendar`}
                    onOutcome={setOutcome}
                  />
                </div>
              ))}
            </div>
          </section>
          <Log entries={data.log} />
        </>
      )}
    </>
  );
}

function Overbooked({ nights }: { nights: readonly Overbooking[] }) {
  if (nights.length === 0) return null;
  return (
    <div className="notice notice--error channels__overbooked" role="alert">
      <h2>Overbooked</h2>
      <p>A channel sold a room that is taken here, and no other room of its type was free. Both bookings stand: find one guest a room.</p>
      <ul>
        {nights.map((night) => (
          <li key={`${night.night}-${night.typeId}`}>
            <strong>{formatDisplayDate(night.night)}</strong>, {night.title}s: {night.taken} taken for {night.rooms} rooms
            {night.clashes.map((clash) => (
              <span key={clash.roomNumber}>
                {' '}
                · room {clash.roomNumber}: booking {clash.bookingId} and {clash.channels.join(', ')}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Settings({ data }: { data: ChannelsReply }) {
  return (
    <ul className="channels__settings">
      <li>
        Every channel’s calendar is read every {countOf(data.syncMinutes, 'minute')} (CHANNEL_SYNC_MINUTES), and at once with Sync now. The
        channels read ours on their own schedule: Airbnb says within minutes (hosts see 30 minutes to a few hours), Booking.com every one to
        four hours. Until a channel has read ours, it can still sell a night booked here.
      </li>
      <li>
        {data.hotelEmail
          ? 'An overbooking is emailed at once to the hotel’s address (HOTEL_EMAIL).'
          : 'HOTEL_EMAIL is not set: an overbooking shows here and at the desk, but nobody is emailed. Set it and restart the server.'}
      </li>
      {data.allowPrivate && <li>Calendars on this machine or the hotel’s own network may be read (CHANNEL_FEEDS_ALLOW_PRIVATE).</li>}
    </ul>
  );
}

function RoomChannels({ room, onOutcome }: { room: ChannelRoom; onOutcome: Report }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <article className="card channels__room" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Room {room.number} <span className="channels__type-name">{room.title}</span>
      </h3>
      {room.feeds.length === 0 ? (
        <p className="channels__none">No channel’s calendar yet.</p>
      ) : (
        <ul className="channels__feeds">
          {room.feeds.map((feed) => (
            <Feed key={feed.id} room={room} feed={feed} onOutcome={onOutcome} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddFeedForm room={room} onOutcome={onOutcome} onClose={() => setAdding(false)} />
      ) : (
        <button type="button" className="button button--secondary channels__add-open" onClick={() => setAdding(true)}>
          Add a channel’s calendar for room {room.number}
        </button>
      )}
      <details className="channels__own">
        <summary>Room {room.number}’s calendar for other calendars</summary>
        <p>Every night the room is taken, here or on any channel: for a calendar you do not read from (a staff calendar, a new channel).</p>
        <CopyAddress label={`Room ${room.number}: our whole calendar`} url={room.calendarUrl} />
        <NewAddressButton target={{ kind: 'rooms', id: room.id }} what={`room ${room.number}’s calendar`} onOutcome={onOutcome} />
      </details>
    </article>
  );
}

function Feed({ room, feed, onOutcome }: { room: ChannelRoom; feed: FeedEntry; onOutcome: Report }) {
  const [syncFeed, { isLoading: syncing }] = useSyncFeedMutation();
  const [removeFeed, { isLoading: removing }] = useRemoveFeedMutation();
  const failing = feed.lastError !== null;
  const state = failing ? 'Failing' : feed.lastSuccessAt ? 'In step' : 'Not read yet';

  async function sync() {
    const result = await syncFeed(feed.id);
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, `${feed.label}'s calendar could not be read.`) });
    else onOutcome({ tone: result.data.result.ok ? 'success' : 'error', text: describeSync(feed.label, result.data.result) });
  }
  async function remove() {
    if (!window.confirm(`Stop reading ${feed.label}'s calendar for room ${room.number}? The nights it blocks are free here at once.`))
      return;
    const result = await removeFeed(feed.id);
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, `${feed.label}'s calendar could not be removed.`) });
    else onOutcome({ tone: 'success', text: `${feed.label}'s calendar removed from room ${room.number}; its nights are free again.` });
  }

  return (
    <li className={`channels__feed${failing ? ' channels__feed--failing' : ''}`}>
      <div className="channels__feed-head">
        <strong>{feed.label}</strong>
        <span className={`admin-status channels__state channels__state--${failing ? 'failing' : feed.lastSuccessAt ? 'ok' : 'new'}`}>
          {state}
        </span>
      </div>
      <dl className="channels__facts">
        <dt>Last read</dt>
        <dd>{feed.lastFetchAt ? formatDisplayDateTime(feed.lastFetchAt) : 'never'}</dd>
        <dt>Last success</dt>
        <dd>{feed.lastSuccessAt ? formatDisplayDateTime(feed.lastSuccessAt) : 'never'}</dd>
        <dt>Events</dt>
        <dd>{feed.eventCount ?? '—'}</dd>
        <dt>Reads ours</dt>
        <dd>{feed.exportReadAt ? formatDisplayDateTime(feed.exportReadAt) : 'not yet'}</dd>
      </dl>
      {failing && <p className="channels__error">Last error: {feed.lastError}</p>}
      <p className="channels__url" title={feed.url}>
        Reads {feed.url}
      </p>
      <CopyAddress label={`Give ${feed.label} this address for room ${room.number}`} url={feed.exportUrl} />
      <div className="channels__feed-actions">
        <button
          type="button"
          className="button admin-delete"
          disabled={syncing}
          onClick={() => void sync()}
          aria-label={`Sync now: ${feed.label}, room ${room.number}`}
        >
          {syncing ? 'Reading…' : 'Sync now'}
        </button>
        <NewAddressButton target={{ kind: 'feeds', id: feed.id }} what={`the address ${feed.label} reads`} onOutcome={onOutcome} />
        <button
          type="button"
          className="button button--danger admin-delete"
          disabled={removing}
          onClick={() => void remove()}
          aria-label={`Remove ${feed.label}'s calendar from room ${room.number}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

function AddFeedForm({ room, onOutcome, onClose }: { room: ChannelRoom; onOutcome: Report; onClose: () => void }) {
  const [addFeed, { isLoading }] = useAddFeedMutation();
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { label: useId(), url: useId(), list: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = await addFeed({ roomId: room.id, label: label.trim(), url: url.trim() });
    if (result.error) {
      setProblem(describeError(result.error, 'The calendar could not be added.'));
      return;
    }
    onOutcome({
      tone: result.data.result.ok ? 'success' : 'error',
      text: `Added to room ${room.number}. ${describeSync(label.trim(), result.data.result)}`,
    });
    onClose();
  }

  return (
    <form className="channels__add" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={ids.label}>Channel</label>
        <input
          id={ids.label}
          className="input"
          list={ids.list}
          required
          maxLength={40}
          autoComplete="off"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <datalist id={ids.list}>
          {knownChannels.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={ids.url}>Its calendar address (iCal export link) for room {room.number}</label>
        <input
          id={ids.url}
          className="input"
          type="url"
          required
          maxLength={2000}
          placeholder="https://www.airbnb.com/calendar/ical/….ics"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? 'Reading the calendar…' : 'Add and read now'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** An address to copy into a channel: shown whole, selectable, with a Copy button. */
function CopyAddress({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const inputId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (plain http on the hotel's network): the address is selected for Ctrl+C.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied(false);
    }
  }

  return (
    <div className="channels__copy">
      <label htmlFor={inputId}>{label}</label>
      <div className="channels__copy-row">
        <input id={inputId} className="input" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--secondary admin-delete" onClick={() => void copy()} aria-label={`Copy: ${label}`}>
          Copy
        </button>
      </div>
      <span role="status" className="channels__copied">
        {copied === true ? 'Copied.' : copied === false ? 'Selected: press Ctrl+C (or ⌘C) to copy.' : ''}
      </span>
    </div>
  );
}

function NewAddressButton({ target, what, onOutcome }: { target: CalendarAddress; what: string; onOutcome: Report }) {
  const [renew, { isLoading }] = useNewCalendarAddressMutation();
  async function replace() {
    if (!window.confirm(`Give ${what} a new address? The old one stops working at once: paste the new one where the old one was.`)) return;
    const result = await renew(target);
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, 'The address could not be replaced.') });
    else onOutcome({ tone: 'success', text: `New address for ${what}: copy it to the channel; the old one no longer works.` });
  }
  return (
    <button type="button" className="button button--secondary admin-delete" disabled={isLoading} onClick={() => void replace()}>
      New address
    </button>
  );
}

function Log({ entries }: { entries: ChannelsReply['log'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="channels__log">
      <h2 id={headingId}>Log</h2>
      {entries.length === 0 ? (
        <p className="admin-summary admin-summary--empty">Nothing yet: the first calendar you add is read at once.</p>
      ) : (
        <table className="admin-table" role="table" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              {['When', 'Room', 'Channel', 'What happened'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`} role="row" className={`channels__log--${entry.kind}`}>
                <td role="cell" data-label="When">
                  <time dateTime={entry.at}>{formatDisplayDateTime(entry.at)}</time>
                </td>
                <td role="cell" data-label="Room">
                  {entry.roomNumber ?? '—'}
                </td>
                <td role="cell" data-label="Channel">
                  {entry.feedLabel ?? '—'}
                </td>
                <td role="cell" data-label="What happened" className="channels__message">
                  {entry.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { stayGuestsWords } from '../../domain/roomGuests';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useGetStayPricesQuery, useMoveBookingMutation } from '../../api/bookingsApi';
import { useCreateDeskBookingMutation, useGetDeskQuery, useMoveToRoomMutation, useUndoBookingMoveMutation } from './deskApi';
import { describeError } from '../../api/requestErrors';
import { moveLabels, statusLabels } from '../../domain/bookingStatus';
import { addDays, formatDisplayDate, formatDisplayDateTime, isIsoDate, nightsBetween } from '../../domain/dates';
import { formatPaise } from '../../domain/tax';
import { showGuestMobile } from '../../domain/guestContact';
import { maxRoomCount, rooms as roomTypes } from '../../domain/rooms';
import type { DeskRoom, Overbooking, RoomRef } from '../../domain/roomsWire';
import type { DeskBooking, StatusMove } from '../../domain/deskWire';
import { useAppSelector } from '../../shared/hooks';
import { formatInr } from '../../shared/money';
import { selectOffers } from '../../shared/offers';
import { GuestContactFields, useGuestContact } from '../../shared/GuestContactFields';
import { formCPath } from '../formC/formCPath';
import { paths } from '../../shared/paths';
import { makeDraftId } from '../confirmation/draftKeys';
import { StayGuestsFields, fitChoice } from '../confirmation/StayGuestsFields';
import type { StayGuestsChoice } from '../confirmation/StayGuestsFields';
import { AdminGate } from '../staff/AdminGate';
import { billPath } from '../folio/billPath';
import { CopyLink } from './CopyLink';
import '../admin/admin.css';
import './desk.css';
import { countOf } from '../../domain/words';
import { LoadProblem } from '../../shared/ui/notices';
import type { Outcome as Notice } from '../../shared/ui/notices';

/** The moves the desk's buttons make (a cancel is the guest's or the dashboard's, not a desk button). */
const deskMoves: Array<{ to: StatusMove; label: string; done: string }> = [
  { to: 'checked_in', label: moveLabels.checked_in, done: 'checked in' },
  { to: 'checked_out', label: moveLabels.checked_out, done: 'checked out' },
  { to: 'no_show', label: moveLabels.no_show, done: 'marked as a no-show' },
];

interface Outcome extends Notice {
  /** A phone booking held for its payment: the link to give the guest (issue 37). */
  payUrl?: string;
}

/** A guest arriving or in the house has a Form C to fill when from abroad (issue 40). */
const hasFormC = (booking: DeskBooking) => booking.status === 'confirmed' || booking.status === 'checked_in';

/**
 * Today at the front desk (issue 23): who arrives, who leaves and who is in the house on a day
 * (the hotel's today unless another date is chosen), checking guests in and out, a no-show, undo,
 * and a booking taken on the phone or at the desk. Only where the source offers it (the hotel),
 * to any signed-in staff member.
 */
export function DeskPage() {
  const { desk } = useAppSelector(selectOffers);
  return (
    <section className="page admin desk" aria-labelledby="page-title">
      <title>Today at the desk</title>
      <h1 id="page-title">Today at the desk</h1>
      {desk ? (
        <AdminGate>{() => <Desk />}</AdminGate>
      ) : (
        <p className="notice">The front desk is not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Desk() {
  // Undefined: the hotel's today, as the server judges it (Asia/Kolkata), whatever this device's zone.
  const [date, setDate] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useGetDeskQuery(date ? { date } : {});
  const dateId = useId();
  const shown = data?.date ?? date;
  const isToday = data !== undefined && data.date === data.today;

  return (
    <>
      <div className="desk__day">
        <div className="field desk__date">
          <label htmlFor={dateId}>Day</label>
          <input
            id={dateId}
            className="input"
            type="date"
            value={shown ?? ''}
            required
            onChange={(event) => {
              setOutcome(null);
              setDate(event.target.value || undefined);
            }}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={isToday}
          onClick={() => {
            setOutcome(null);
            setDate(undefined);
          }}
        >
          Today
        </button>
        {data && (
          <p className="desk__shown">
            {isToday ? 'Today, ' : ''}
            {formatDisplayDate(data.date)}
          </p>
        )}
      </div>

      <p className="desk__form-c">
        <Link to={paths.adminFormC}>Form C still due</Link>: guests from abroad who arrived in the last 24 hours.
      </p>
      {data?.attention && data.attention.length > 0 && (
        <section className="notice notice--error desk__attention" aria-label="Payments to know about">
          <ul>
            {data.attention.map((item) => (
              <li key={`${item.bookingId}-${item.at}`}>
                {formatDisplayDateTime(item.at)}: {item.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div role="status">
        {outcome?.tone === 'success' && (
          <div className="notice notice--success">
            <p>{outcome.text}</p>
            {outcome.payUrl && <CopyLink url={outcome.payUrl} label="Payment link for the guest" />}
          </div>
        )}
      </div>
      {outcome?.tone === 'error' && (
        <p className="notice notice--error" role="alert">
          {outcome.text}
        </p>
      )}

      {data && <OverbookedNights nights={data.overbooked} />}
      {isLoading && <p role="status">Loading the day at the desk…</p>}
      {error && (
        <LoadProblem
          error={error}
          fallback="The hotel could not show the day at the desk."
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && (
        <div className="desk__lists">
          <DeskList title="Arrivals" empty="No arrivals on this day." rows={data.arrivals} onOutcome={setOutcome} />
          <DeskList title="Departures" empty="No departures on this day." rows={data.departures} onOutcome={setOutcome} />
          <DeskList title="In the house" empty="No guests checked in for this night." rows={data.inHouse} onOutcome={setOutcome} />
          <RoomsOfNight date={data.date} rooms={data.rooms} />
        </div>
      )}
      <NewBookingForm firstNight={data?.date} onOutcome={setOutcome} />
    </>
  );
}

interface DeskListProps {
  title: string;
  empty: string;
  rows: readonly DeskBooking[];
  onOutcome: (outcome: Outcome) => void;
}

function DeskList({ title, empty, rows, onOutcome }: DeskListProps) {
  const headingId = useId();
  const [moveBooking, { isLoading: moving }] = useMoveBookingMutation();
  const [undoMove, { isLoading: undoing }] = useUndoBookingMoveMutation();
  const busy = moving || undoing;

  async function makeMove(bookingId: string, to: StatusMove, done: string) {
    const result = await moveBooking({ bookingId, to });
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, `Booking ${bookingId} could not be ${done}.`) });
    else {
      // Checked in: where the guest goes.
      const rooms = to === 'checked_in' ? roomNumbers(result.data.entry.placedIn) : '';
      onOutcome({ tone: 'success', text: `Booking ${bookingId} ${done}${rooms ? `: ${rooms}` : ''}.` });
    }
  }

  async function undo(bookingId: string) {
    const result = await undoMove(bookingId);
    if (result.error)
      onOutcome({ tone: 'error', text: describeError(result.error, `The last change to ${bookingId} could not be undone.`) });
    else
      onOutcome({
        tone: 'success',
        text: `Undone: booking ${bookingId} is ${statusLabels[result.data.booking.status].toLowerCase()} again.`,
      });
  }

  return (
    <section className="desk__list" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="desk__count">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="admin-summary admin-summary--empty">{empty}</p>
      ) : (
        <table className="admin-table" role="table" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              {['Booking ID', 'Guest', 'Room', 'Stay', 'Status', 'Action'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((booking) => {
              const buttons = deskMoves.filter((move) => booking.moves.includes(move.to));
              return (
                <tr key={booking.bookingId} role="row">
                  <td role="cell" data-label="Booking ID" className="admin-table__id">
                    {booking.bookingId}
                  </td>
                  <td role="cell" data-label="Guest" className="admin-table__email">
                    <GuestContact booking={booking} />
                  </td>
                  <td role="cell" data-label="Room">
                    {/* One item: on a phone the cell is a grid of its label and its value. */}
                    <span className="desk__room">
                      <span>{booking.rooms > 1 ? `${booking.roomName} × ${booking.rooms}` : booking.roomName}</span>
                      {booking.placedIn.length > 0 && <span className="desk__room-numbers">{roomNumbers(booking.placedIn)}</span>}
                    </span>
                  </td>
                  <td role="cell" data-label="Stay">
                    {countOf(booking.nights, 'night')}: {formatDisplayDate(booking.checkIn)} to {formatDisplayDate(booking.checkOut)}
                  </td>
                  <td role="cell" data-label="Status">
                    <span className={`admin-status admin-status--${booking.status}`}>{statusLabels[booking.status]}</span>
                    {booking.payment && (
                      <span className="desk__money">
                        Paid {formatPaise(booking.payment.paidPaise)}, due {formatPaise(booking.payment.duePaise)}
                        {booking.payment.holdExpiresAt ? `; held until ${formatDisplayDateTime(booking.payment.holdExpiresAt)}` : ''}
                      </span>
                    )}
                    {booking.payment?.payUrl && <CopyLink url={booking.payment.payUrl} label={`Payment link for ${booking.bookingId}`} />}
                  </td>
                  <td role="cell" data-label="Action" className="admin-table__action desk__actions">
                    {buttons.map((move) => (
                      <button
                        key={move.to}
                        type="button"
                        className={`button ${move.to === 'no_show' ? 'button--secondary' : ''} admin-delete`}
                        aria-label={`${move.label} ${booking.bookingId}`}
                        disabled={busy}
                        onClick={() => void makeMove(booking.bookingId, move.to, move.done)}
                      >
                        {move.label}
                      </button>
                    ))}
                    {booking.canUndo && (
                      <button
                        type="button"
                        className="button button--secondary admin-delete"
                        aria-label={`Undo the last change to ${booking.bookingId}`}
                        disabled={busy}
                        onClick={() => void undo(booking.bookingId)}
                      >
                        Undo
                      </button>
                    )}
                    {booking.moveTargets.length > 0 &&
                      booking.placedIn.map((room) => <MoveToRoom key={room.id} booking={booking} from={room} onOutcome={onOutcome} />)}
                    {/* Issue 40: the stay's running bill, from check-in on. */}
                    {hasBill(booking) && (
                      <Link
                        className="button button--secondary admin-delete"
                        to={billPath(booking.bookingId)}
                        aria-label={`Bill of ${booking.bookingId}`}
                      >
                        Bill
                      </Link>
                    )}
                    {/* Form C (issue 40): for a guest arriving or in the house. */}
                    {hasFormC(booking) && (
                      <Link
                        className="button button--secondary admin-delete"
                        to={formCPath(booking.bookingId)}
                        aria-label={`Form C for ${booking.bookingId}`}
                      >
                        Form C
                      </Link>
                    )}
                    {buttons.length === 0 &&
                      !booking.canUndo &&
                      booking.moveTargets.length === 0 &&
                      !hasBill(booking) &&
                      !hasFormC(booking) && <span className="desk__nothing">—</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A guest checked in (or out) has a running bill at the desk. */
const hasBill = (booking: DeskBooking) => booking.status === 'checked_in' || booking.status === 'checked_out';

/** "Room 104", "Rooms 104, 105". */
/**
 * Who the booking is for: the guest's name and mobile number (issue 34 item 5; a booking made
 * before they were asked has neither) above the email. The number is a link that calls it.
 */
function GuestContact({ booking }: { booking: DeskBooking }) {
  return (
    <span className="desk__guest">
      {booking.guestName && <span className="desk__guest-name">{booking.guestName}</span>}
      {booking.guestMobile && <a href={`tel:${booking.guestMobile}`}>{showGuestMobile(booking.guestMobile)}</a>}
      <span>{booking.email}</span>
      {/* Issue 40: who sleeps in each room and the meal plan, for the kitchen and the rooms. */}
      {stayGuestsWords(booking.packageIndex, booking.guests) && (
        <span className="desk__stay-guests">{stayGuestsWords(booking.packageIndex, booking.guests)}</span>
      )}
    </span>
  );
}

function roomNumbers(rooms: readonly RoomRef[]): string {
  return rooms.length === 1 ? `Room ${rooms[0]!.number}` : `Rooms ${rooms.map((r) => r.number).join(', ')}`;
}

/**
 * "Move to" (issue 38): the booking's nights from today on in one of its rooms go to another room of
 * its type that is free on all of them (the server refuses, naming the night, if one was taken meanwhile).
 */
function MoveToRoom({ booking, from, onOutcome }: { booking: DeskBooking; from: RoomRef; onOutcome: (outcome: Outcome) => void }) {
  const [moveToRoom, { isLoading }] = useMoveToRoomMutation();
  const [to, setTo] = useState(String(booking.moveTargets[0]!.id));
  const selectId = useId();
  const target = booking.moveTargets.find((room) => String(room.id) === to) ?? booking.moveTargets[0]!;

  async function move() {
    const result = await moveToRoom({ bookingId: booking.bookingId, fromRoom: from.id, toRoom: target.id });
    if (result.error)
      onOutcome({
        tone: 'error',
        text: describeError(result.error, `Booking ${booking.bookingId} could not be moved to room ${target.number}.`),
      });
    else
      onOutcome({
        tone: 'success',
        text: `Booking ${booking.bookingId} moved from room ${result.data.from} to room ${result.data.to} (${countOf(result.data.nights, 'night')}).`,
      });
  }

  return (
    <span className="desk__move">
      <label htmlFor={selectId}>
        <span className="visually-hidden">
          Move {booking.bookingId} from room {from.number} to
        </span>
        <span aria-hidden="true">{booking.placedIn.length > 1 ? `Move ${from.number} to` : 'Move to'}</span>
      </label>
      <select id={selectId} className="input" value={String(target.id)} onChange={(event) => setTo(event.target.value)}>
        {booking.moveTargets.map((room) => (
          <option key={room.id} value={String(room.id)}>
            Room {room.number}
          </option>
        ))}
      </select>
      <button type="button" className="button button--secondary admin-delete" disabled={isLoading} onClick={() => void move()}>
        Move
      </button>
    </span>
  );
}

/** Nights from today on where a channel sold a room taken here and no other room of its type was free. */
function OverbookedNights({ nights }: { nights: readonly Overbooking[] }) {
  if (nights.length === 0) return null;
  return (
    <div className="notice notice--error desk__overbooked" role="alert">
      <p>
        <strong>Overbooked:</strong> a channel sold a room that is taken here. Move one guest to a room that is free (Move to), or call the
        guest who arrives last.
      </p>
      <ul>
        {nights.map((night) => (
          <li key={`${night.night}-${night.typeId}`}>
            {formatDisplayDate(night.night)}, {night.title}s: {night.taken} taken for {night.rooms} rooms
            {night.clashes.map((clash) => ` · room ${clash.roomNumber}: ${clash.bookingId} and ${clash.channels.join(', ')}`).join('')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every room on the day's night: free, whose booking stands there, which channel has sold it, or both (overbooked). */
function RoomsOfNight({ date, rooms }: { date: string; rooms: readonly DeskRoom[] }) {
  const headingId = useId();
  if (rooms.length === 0) return null;
  return (
    <section className="desk__rooms" aria-labelledby={headingId}>
      <h2 id={headingId}>Rooms on the night of {formatDisplayDate(date)}</h2>
      <ul className="desk__room-grid">
        {rooms.map((room) => {
          const clash = room.bookingIds.length > 0 && room.channels.length > 0;
          const state = clash ? 'clash' : room.bookingIds.length ? 'booked' : room.channels.length ? 'channel' : 'free';
          return (
            <li key={room.id} className={`desk__room-tile desk__room-tile--${state}`}>
              <span className="desk__room-number">{room.number}</span>
              <span className="desk__room-type">{room.title}</span>
              <span className="desk__room-state">
                {clash && <strong>Overbooked: </strong>}
                {[...room.bookingIds, ...room.channels.map((label) => `Sold on ${label}`)].join(' · ') || 'Free'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// Plain http on the hotel's own network has no crypto.randomUUID: the confirmation screen's maker works everywhere.
const newDraftId = makeDraftId;

/** ", 2 adults, 1 child (7) · Half Board (MAP)", when the booking says who stays and on which plan. */
function guestsWords(booking: { packageIndex?: number; guests?: Parameters<typeof stayGuestsWords>[1] }): string {
  const words = stayGuestsWords(booking.packageIndex, booking.guests);
  return words ? `, ${words}` : '';
}

/**
 * A booking taken on the phone or at the desk, through the hotel's own rules (rooms left, IDs,
 * the guest's confirmation email). The draft ID stays until it is stored, so a second press of
 * Book (a slow network) stores one booking.
 */
function NewBookingForm({ firstNight, onOutcome }: { firstNight: string | undefined; onOutcome: (outcome: Outcome) => void }) {
  const [createBooking, { isLoading }] = useCreateDeskBookingMutation();
  const [draftId, setDraftId] = useState(newDraftId);
  const [channel, setChannel] = useState<'phone' | 'walk-in'>('phone');
  const [roomId, setRoomId] = useState<string>(roomTypes[0]!.id);
  const [roomCount, setRoomCount] = useState(1);
  const [checkIn, setCheckIn] = useState<string | null>(null);
  const [checkOut, setCheckOut] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const contact = useGuestContact();
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { channel: useId(), room: useId(), count: useId(), checkIn: useId(), checkOut: useId(), email: useId() };
  const arrival = checkIn ?? firstNight ?? '';
  const departure = checkOut ?? (arrival ? addDays(arrival, 1) : '');
  // Issue 40: the meal plan and each room's guests, within what the owner sells the room type with
  // for these nights, as the guest chooses them on the confirmation screen (the same fields).
  const dated = isIsoDate(arrival) && isIsoDate(departure) && departure > arrival;
  const { currentData: hotelPrices } = useGetStayPricesQuery({ checkIn: arrival, checkOut: departure }, { skip: !dated });
  const hotelRoom = dated ? hotelPrices?.rooms.find((room) => room.roomId === roomId) : undefined;
  const [chosenGuests, setChosenGuests] = useState<StayGuestsChoice | null>(null);
  const stayChoice = hotelRoom ? fitChoice(chosenGuests, hotelRoom.guestRules, hotelRoom.plans, roomCount, 0) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!contact.check()) return;
    const result = await createBooking({
      draftId,
      channel,
      roomId,
      // Without the hotel's answer yet: the type's first package and the adults its price includes (the server's default).
      packageIndex: stayChoice?.mealPlan ?? 0,
      ...(stayChoice && { guests: stayChoice.guests }),
      rooms: roomCount,
      checkIn: arrival,
      checkOut: departure,
      email: email.trim(),
      ...contact.typed,
    });
    if (result.error) {
      setProblem(describeError(result.error, 'The booking could not be made.'));
      return;
    }
    const { booking, payment } = result.data;
    const stay = `${booking.rooms > 1 ? `${booking.roomName} × ${booking.rooms}` : booking.roomName}, ${countOf(
      nightsBetween(booking.checkIn, booking.checkOut),
      'night',
    )} from ${formatDisplayDate(booking.checkIn)}${guestsWords(booking)}, ${formatInr(booking.totalPrice)}`;
    onOutcome(
      payment?.payUrl
        ? {
            tone: 'success',
            text: `Held ${booking.bookingId}: ${stay}. It is confirmed when the guest pays ${formatPaise(payment.dueNowPaise)}${
              payment.holdExpiresAt ? ` by ${formatDisplayDateTime(payment.holdExpiresAt)}` : ''
            }; the link to pay is mailed to ${booking.email}, and here to read out or send.`,
            payUrl: payment.payUrl,
          }
        : { tone: 'success', text: `Booked ${booking.bookingId}: ${stay}. The confirmation email goes to ${booking.email}.` },
    );
    setDraftId(newDraftId());
    setEmail('');
    contact.reset();
    setChosenGuests(null);
    setCheckIn(null);
    setCheckOut(null);
  }

  return (
    <section className="card desk__new" aria-labelledby="desk-new-title">
      <h2 id="desk-new-title">New phone or walk-in booking</h2>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="desk__channel">
          <legend>Taken</legend>
          {(
            [
              ['phone', 'On the phone'],
              ['walk-in', 'At the desk (walk-in)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name={ids.channel} value={value} checked={channel === value} onChange={() => setChannel(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="desk__fields">
          <div className="field">
            <label htmlFor={ids.room}>Room</label>
            <select id={ids.room} className="input" value={roomId} onChange={(event) => setRoomId(event.target.value)}>
              {roomTypes.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.count}>Number of rooms</label>
            <select id={ids.count} className="input" value={roomCount} onChange={(event) => setRoomCount(Number(event.target.value))}>
              {Array.from({ length: maxRoomCount }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.checkIn}>Check-in</label>
            <input
              id={ids.checkIn}
              className="input"
              type="date"
              required
              value={arrival}
              onChange={(event) => setCheckIn(event.target.value || null)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.checkOut}>Check-out</label>
            <input
              id={ids.checkOut}
              className="input"
              type="date"
              required
              min={arrival ? addDays(arrival, 1) : undefined}
              value={departure}
              onChange={(event) => setCheckOut(event.target.value || null)}
            />
          </div>
          <div className="field desk__email">
            <label htmlFor={ids.email}>Guest email</label>
            <input
              id={ids.email}
              className="input"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <GuestContactFields
            {...contact.fieldsProps}
            labels={{ name: 'Guest name', mobile: 'Guest mobile number' }}
            inputClassName="input"
            fieldClassName="desk__wide"
            autoFill={false}
          />
        </div>
        {stayChoice && hotelRoom && (
          <StayGuestsFields
            roomTitle={hotelRoom.title}
            rules={hotelRoom.guestRules}
            plans={hotelRoom.plans}
            choice={stayChoice}
            onChange={setChosenGuests}
          />
        )}
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={isLoading}>
          Book
        </button>
      </form>
    </section>
  );
}

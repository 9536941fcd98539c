import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useAddRoomMutation, useGetRoomsQuery, useRenameRoomMutation, useRetireRoomMutation } from './roomsApi';
import { describeError } from '../../api/requestErrors';
import type { RoomEntry, RoomsReply } from '../../domain/roomsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { LoadProblem, OutcomeNotice } from '../../shared/ui/notices';
import type { Outcome } from '../../shared/ui/notices';
import '../admin/admin.css';
import './rooms.css';
import { countOf } from '../../domain/words';

/**
 * The hotel's rooms by number (issue 38), the owner's: under each room type, add a room, rename
 * one, retire one. Guests book a room type; each booking is placed on rooms of it, which the desk
 * sees and moves. A room retires only when the type's other rooms can hold what is booked.
 */
export function RoomsPage() {
  const { rooms } = useAppSelector(selectOffers);
  return (
    <section className="page admin rooms-page" aria-labelledby="page-title">
      <title>Rooms</title>
      <h1 id="page-title">Rooms</h1>
      {rooms ? (
        <AdminGate>
          {(session) =>
            isOwner(session) ? (
              <Rooms />
            ) : (
              <p className="notice">The rooms are the hotel’s owner’s to name: the front desk sees them at the desk.</p>
            )
          }
        </AdminGate>
      ) : (
        <p className="notice">Rooms by number are not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Rooms() {
  const { data, error, isLoading, isFetching, refetch } = useGetRoomsQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <>
      <p className="rooms-page__intro">
        Guests book a room type; every booking is placed on rooms of that type (the same room every night where it can be), which the desk
        sees and can change. Name the rooms as they are on their doors. A room can be retired when the type’s other rooms can hold every
        booking from today on: its bookings move to them.
      </p>
      <OutcomeNotice outcome={outcome} />
      {isLoading && <p role="status">Loading the rooms…</p>}
      {error && (
        <LoadProblem error={error} fallback={'The hotel could not show its rooms.'} retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {data && (
        <div className="rooms-page__types">
          {data.types.map((type) => (
            <RoomType key={type.typeId} type={type} onOutcome={setOutcome} />
          ))}
        </div>
      )}
    </>
  );
}

type TypeRooms = RoomsReply['types'][number];

function RoomType({ type, onOutcome }: { type: TypeRooms; onOutcome: (outcome: Outcome) => void }) {
  const headingId = useId();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [retireRoom, { isLoading: retiring }] = useRetireRoomMutation();

  async function retire(room: RoomEntry) {
    const ahead = room.upcomingNights
      ? ` Its ${countOf(room.upcomingNights, 'night')} booked from today on move to other ${type.title}s.`
      : '';
    if (!window.confirm(`Retire room ${room.number}? It takes no more bookings.${ahead}`)) return;
    const result = await retireRoom(room.id);
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error, `Room ${room.number} could not be retired.`) });
    else
      onOutcome({
        tone: 'success',
        text: `Room ${room.number} retired.${result.data.moved.length ? ` Moved to other rooms: ${result.data.moved.join(', ')}.` : ''}`,
      });
  }

  return (
    <section className="card rooms-page__type" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {type.title}s <span className="rooms-page__count">({type.rooms.length})</span>
      </h2>
      {type.rooms.length === 0 ? (
        <p className="admin-summary admin-summary--empty">No {type.title}s yet.</p>
      ) : (
        <ul className="rooms-page__list">
          {type.rooms.map((room) => (
            <li key={room.id} className="rooms-page__room">
              {renaming === room.id ? (
                <RenameForm
                  room={room}
                  onDone={(text) => {
                    setRenaming(null);
                    if (text) onOutcome(text);
                  }}
                />
              ) : (
                <>
                  <span className="rooms-page__number">{room.number}</span>
                  <span className="rooms-page__facts">
                    {room.upcomingNights ? `${countOf(room.upcomingNights, 'night')} booked ahead` : 'Nothing booked ahead'}
                    {room.feeds ? ` · ${countOf(room.feeds, 'channel calendar')}` : ''}
                  </span>
                  <span className="rooms-page__actions">
                    <button
                      type="button"
                      className="button button--secondary admin-delete"
                      aria-label={`Rename room ${room.number}`}
                      onClick={() => setRenaming(room.id)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button button--danger admin-delete"
                      aria-label={`Retire room ${room.number}`}
                      disabled={retiring}
                      onClick={() => void retire(room)}
                    >
                      Retire
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <AddRoomForm type={type} onOutcome={onOutcome} />
    </section>
  );
}

function RenameForm({ room, onDone }: { room: RoomEntry; onDone: (outcome: Outcome | null) => void }) {
  const [renameRoom, { isLoading }] = useRenameRoomMutation();
  const [number, setNumber] = useState(room.number);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = number.trim();
    if (next === room.number) return onDone(null);
    const result = await renameRoom({ id: room.id, number: next });
    if (result.error) setProblem(describeError(result.error, `Room ${room.number} could not be renamed.`));
    else onDone({ tone: 'success', text: `Room ${room.number} is now room ${result.data.number}.` });
  }

  return (
    <form className="rooms-page__rename" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId}>New number for room {room.number}</label>
      <input
        id={inputId}
        className="input"
        required
        maxLength={20}
        value={number}
        autoFocus
        onChange={(event) => setNumber(event.target.value)}
      />
      <button type="submit" className="button admin-delete" disabled={isLoading}>
        Save
      </button>
      <button type="button" className="button button--secondary admin-delete" onClick={() => onDone(null)}>
        Cancel
      </button>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The number after the type's highest, as a hint (101 for a type without numbered rooms). */
function nextNumber(type: TypeRooms): number {
  const numbers = type.rooms.map((room) => Number(room.number)).filter((n) => Number.isInteger(n) && n > 0);
  return numbers.length ? Math.max(...numbers) + 1 : 101;
}

function AddRoomForm({ type, onOutcome }: { type: TypeRooms; onOutcome: (outcome: Outcome) => void }) {
  const [addRoom, { isLoading }] = useAddRoomMutation();
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = await addRoom({ typeId: type.typeId, number: number.trim() });
    if (result.error) {
      setProblem(describeError(result.error, 'The room could not be added.'));
      return;
    }
    setNumber('');
    onOutcome({ tone: 'success', text: `Room ${result.data.number} added: one more ${type.title} for sale from now on.` });
  }

  return (
    <form className="rooms-page__add" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={inputId}>Add a {type.title}: its number</label>
        <input
          id={inputId}
          className="input"
          required
          maxLength={20}
          placeholder={`e.g. ${nextNumber(type)}`}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        Add room
      </button>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

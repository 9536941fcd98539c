import { useEffect, useMemo } from 'react';
import { isUnreachable, serverMessage } from '../../api/requestErrors';
import { useGetAvailabilityQuery } from '../../api/bookingsApi';
import type { RoomsLeft, Stay } from './roomsLeft';

interface AvailabilityFeedProps extends Stay {
  /** Called with the rooms left for these dates, and with null while they are not known. */
  onRoomsLeft: (left: RoomsLeft | null) => void;
}

/**
 * Where the source offers it (the hotel): asks how many rooms of each type are free for the chosen dates, reports
 * them to the booking screen, and says what is going on. It is its own chunk, loaded after the
 * page is hydrated, so that the prerendered booking screen and its budget carry no RTK Query code.
 */
export function AvailabilityFeed({ checkIn, checkOut, onRoomsLeft }: AvailabilityFeedProps) {
  // currentData belongs to these dates only: counts for other dates must never limit this stay.
  const { currentData, error, isFetching, refetch } = useGetAvailabilityQuery({ checkIn, checkOut });
  const roomsLeft = useMemo<RoomsLeft | null>(
    () => (currentData ? Object.fromEntries(currentData.rooms.map((room) => [room.roomId, room.left])) : null),
    [currentData],
  );

  useEffect(() => {
    onRoomsLeft(roomsLeft);
  }, [roomsLeft, onRoomsLeft]);
  useEffect(() => () => onRoomsLeft(null), [onRoomsLeft]);

  let message: string;
  if (currentData) message = 'Rooms left for these dates are shown with each room.';
  else if (isFetching) message = 'Checking which rooms are free for these dates…';
  else if (isUnreachable(error))
    message =
      'We could not reach the hotel to check which rooms are free. You can still choose a room; the hotel checks again when you confirm.';
  else message = serverMessage(error) ?? 'The hotel could not check these dates.';

  return (
    <div className="booking__availability">
      <p role="status">{message}</p>
      {error && !isFetching && (
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Check again
        </button>
      )}
    </div>
  );
}

import { describeError } from '../../api/requestErrors';
import { addDays, formatDisplayDate } from '../../domain/dates';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { useGetOccupancyQuery } from './adminApi';
import type { OccupancyReply as Occupancy } from '../../domain/wire';
import { countOf } from '../../domain/words';
import { shortDate, weekdayOf } from '../../domain/dateWords';

/** Nights ahead that the panel shows, today first. */
export const occupancyNights = 60;

/** How full a night is, for the cell's shade: none, some, most (half or more), full. */
function level(booked: number, capacity: number): 'none' | 'some' | 'most' | 'full' {
  if (booked <= 0) return 'none';
  if (booked >= capacity) return 'full';
  return booked * 2 >= capacity ? 'most' : 'some';
}

/** "2026-11-27" as its parts and weekday. */
function nightParts(night: string) {
  return { month: shortDate(night, false).split(' ')[1]!, day: Number(night.slice(8, 10)), weekday: weekdayOf(night) };
}

/** One room type's booked rooms on one night, shaded by how full it is. */
function Cell({ booked, capacity }: { booked: number; capacity: number }) {
  const shade = level(booked, capacity);
  return (
    <td className={`occupancy__cell occupancy__cell--${shade}`}>
      {booked}
      {shade === 'full' && <span className="visually-hidden"> (full)</span>}
    </td>
  );
}

/**
 * The phone's layout of the same table: a row per night, a column per room type, in a box that
 * shows about a week and scrolls down. Sixty nights across are 1,700 px of tiny figures in a
 * 286 px box; two or three room types across fit, at the page's own text size.
 */
function NightsDown({ occupancy, nights, caption }: { occupancy: Occupancy; nights: string[]; caption: string }) {
  return (
    <div className="occupancy__scroll occupancy__scroll--down" role="region" aria-labelledby="occupancy-caption" tabIndex={0}>
      <table className="occupancy__table occupancy__table--down">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="occupancy__corner">
              Night
            </th>
            {occupancy.rooms.map((room) => (
              <th key={room.roomId} scope="col" className="occupancy__room-head">
                {room.title} <span className="occupancy__capacity">of {room.capacity}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {nights.map((night, i) => {
            const { month, day, weekday } = nightParts(night);
            return (
              <tr key={night}>
                <th scope="row" className="occupancy__night-row">
                  <span aria-hidden="true">
                    {weekday} {day} {month}
                  </span>
                  <span className="visually-hidden">
                    {weekday} {formatDisplayDate(night)}
                  </span>
                </th>
                {occupancy.rooms.map((room) => (
                  <Cell key={room.roomId} booked={room.booked[i] ?? 0} capacity={room.capacity} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One line per room type naming its full nights, so that they stand out before the chart is read. */
function FullNights({ occupancy, nights }: { occupancy: Occupancy; nights: string[] }) {
  return (
    <ul className="occupancy__full">
      {occupancy.rooms.map((room) => {
        const full = nights.filter((_, i) => (room.booked[i] ?? 0) >= room.capacity);
        const listed = full.slice(0, 5).map((night) => formatDisplayDate(night));
        const more = full.length > listed.length ? `, and ${full.length - listed.length} more` : '';
        return (
          <li key={room.roomId}>
            <strong>{room.title}:</strong>{' '}
            {full.length === 0 ? 'no full nights' : `${countOf(full.length, 'full night', 'full nights')} (${listed.join(', ')}${more})`}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Hotel mode: rooms booked per room type on each of the next 60 nights, as a heat map that is
 * also the accessible table behind it (a row per room type, a column per night). On a phone the
 * table turns: a row per night (NightsDown), scrolling down inside its own box, never the page.
 */
export function OccupancyPanel() {
  const { data, error, isLoading } = useGetOccupancyQuery({ days: occupancyNights });
  const phone = useMediaQuery('(max-width: 640px)');
  const nights = data ? Array.from({ length: data.days }, (_, i) => addDays(data.from, i)) : [];
  const caption = data ? `Rooms booked each night for the next ${data.days} nights, from ${formatDisplayDate(data.from)}` : '';
  return (
    <section className="card occupancy" aria-labelledby="occupancy-title">
      <h2 id="occupancy-title">Occupancy</h2>
      {isLoading && <p role="status">Loading occupancy…</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {describeError(error, 'The hotel could not show its occupancy.')}
        </p>
      )}
      {data && (
        <>
          <FullNights occupancy={data} nights={nights} />
          {/* Shown above the box, where it wraps to the screen's width; inside the box it would scroll away with the nights. */}
          <p className="occupancy__caption" id="occupancy-caption" aria-hidden="true">
            {caption}
          </p>
          {phone ? (
            <NightsDown occupancy={data} nights={nights} caption={caption} />
          ) : (
            <div className="occupancy__scroll" role="region" aria-labelledby="occupancy-caption" tabIndex={0}>
              <table className="occupancy__table">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="occupancy__corner">
                      Room
                    </th>
                    {nights.map((night, i) => {
                      const { month, day, weekday } = nightParts(night);
                      return (
                        <th key={night} scope="col" className="occupancy__night">
                          <span aria-hidden="true">
                            {(i === 0 || day === 1) && <span className="occupancy__month">{month}</span>}
                            {day}
                          </span>
                          <span className="visually-hidden">
                            {weekday} {formatDisplayDate(night)}
                          </span>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {data.rooms.map((room) => (
                    <tr key={room.roomId}>
                      <th scope="row" className="occupancy__room">
                        {room.title} <span className="occupancy__capacity">of {room.capacity}</span>
                      </th>
                      {nights.map((night, i) => (
                        <Cell key={night} booked={room.booked[i] ?? 0} capacity={room.capacity} />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* The table says all of this in words; the legend is for the eye only. */}
          <ul className="occupancy__legend" aria-hidden="true">
            {(['none', 'some', 'most', 'full'] as const).map((shade) => (
              <li key={shade}>
                <span className={`occupancy__swatch occupancy__cell--${shade}`} />
                {{ none: 'free', some: 'some rooms booked', most: 'half or more booked', full: 'full' }[shade]}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

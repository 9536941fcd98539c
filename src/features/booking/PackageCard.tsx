import { useId, useLayoutEffect, useRef } from 'react';
import type { RoomPackage, RoomType } from '../../domain/rooms';
import { maxRoomCount, roomCountOptions } from '../../domain/rooms';
import { formatInr } from '../../shared/money';
import { pressAgain } from '../../shared/earlyForm';
import type { HotelPrice } from './roomsLeft';
import { pricedMark } from '../../domain/pageMarks';
import { marked } from '../../shared/ui/marked';

interface PackageCardProps {
  room: RoomType;
  pack: RoomPackage;
  packageIndex: number;
  count: number;
  locked: boolean;
  /** Nights of the searched stay, or null before a search with dates. */
  nights: number | null;
  /** Hotel mode: rooms of this type free for the chosen dates; undefined when not known (browser-only, no dates, not yet answered). */
  left?: number;
  /** Hotel mode: the hotel's own prices, once it has said them (the catalogue's are the spec's, browser-only). */
  price?: HotelPrice;
  onCountChange: (count: number) => void;
  onBook: () => void;
}

export const roomCountSelectId = (roomId: string, packageIndex: number) => `rooms-${roomId}-${packageIndex}`;

/** One package of a room: Room(s) dropdown, prices, the room's details and Book. */
export function PackageCard({ room, pack, packageIndex, count, locked, nights, left, price, onCountChange, onBook }: PackageCardProps) {
  const selectId = roomCountSelectId(room.id, packageIndex);
  const lockNoteId = useId();
  const leftNoteId = useId();
  const soldOut = left === 0;
  const refusal = price?.refusal;
  const options = left === undefined ? roomCountOptions : roomCountOptions.filter((option) => option <= Math.min(maxRoomCount, left));
  const describedBy = [locked ? lockNoteId : null, left !== undefined ? leftNoteId : null].filter(Boolean).join(' ') || undefined;

  const countRef = useRef<HTMLSelectElement>(null);
  const bookRef = useRef<HTMLButtonElement>(null);
  // Adopting the prerendered page (src/shared/earlyForm.ts): the count the guest chose before
  // React ran, and their press of Book, are taken once, as the card first shows.
  useLayoutEffect(() => {
    const chosen = Number(countRef.current!.value);
    if (chosen !== count) onCountChange(chosen);
    pressAgain(bookRef.current);
    // Only as the card first shows: later, React itself answers the count and Book.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    // In hotel mode the catalogue's figures are kept unseen (booking.css) until the hotel's own replace them.
    <div className="package-card" aria-labelledby={`${selectId}-name`} role="group" {...(price ? marked(pricedMark) : {})}>
      <h3 className="package-card__name" id={`${selectId}-name`}>
        {pack.name}
      </h3>
      <p className="package-card__prices">
        <span className="package-card__price">
          {price?.from && <span className="package-card__from">from </span>}
          {price?.night ?? formatInr(pack.discountPrice)}
          {price?.from && <span className="visually-hidden"> ({price.from})</span>}
        </span>
        {!price && (
          <span className="package-card__original">
            <span className="visually-hidden">Original price </span>
            <s>{formatInr(pack.price)}</s>
          </span>
        )}
        <span className="package-card__tax">Tax Exclusive</span>
        <span className="package-card__unit">per room per night</span>
      </p>
      {nights !== null && nights > 0 && (
        <p className="package-card__stay">
          {nights} {nights === 1 ? 'night' : 'nights'}: {price?.stay ?? formatInr(pack.discountPrice * nights)} per room
        </p>
      )}
      <div className="package-card__count field">
        <label htmlFor={selectId}>Room(s)</label>
        <select
          id={selectId}
          ref={countRef}
          value={count}
          disabled={locked || soldOut}
          aria-describedby={describedBy}
          onChange={(event) => onCountChange(Number(event.target.value))}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {/* Always in the page, empty until the hotel answers: in hotel mode its line is kept from the
          first paint (booking.css), so that the answer moves nothing under the guest's finger. */}
      <p className={soldOut ? 'package-card__left package-card__left--none' : 'package-card__left'} id={leftNoteId}>
        {refusal ??
          (left === undefined
            ? ''
            : soldOut
              ? 'Sold out for these dates'
              : `${left} ${left === 1 ? 'room' : 'rooms'} left for these dates`)}
      </p>
      {/* Always in the page, so that the prerendered screen can show it before React (earlyForm.ts). */}
      <p className="package-card__lock" id={lockNoteId} hidden={!locked}>
        Another room is chosen. Use Reset Selection to choose this one instead.
      </p>
      <details className="package-card__info">
        <summary>More Info</summary>
        <ul aria-label={`${room.title} details`}>
          {room.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
          {price?.stayOptions?.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <button
        type="button"
        className="button button--accent package-card__book"
        ref={bookRef}
        disabled={locked || soldOut}
        onClick={onBook}
      >
        Book
      </button>
    </div>
  );
}

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSaveRoomTypeMutation } from './pricesApi';
import { formatPaise } from '../../domain/tax';
import type { PricesReply } from '../../domain/pricesWire';
import { Field } from './Field';
import { OutcomeNotice } from './OutcomeNotice';
import { useOutcome } from './outcome';
import { rupees, toPaise } from './pricesWords';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';

/** A room type's number of rooms and its two prices (the one shown struck out, and the discounted one charged on nights without a rule). */
export function RoomTypeForm({ type }: { type: PricesReply['roomTypes'][number] }) {
  const [rooms, setRooms] = useState(String(type.rooms));
  const [price, setPrice] = useState(rupees(type.pricePaise));
  const [discount, setDiscount] = useState(rupees(type.discountPricePaise));
  // Saved here or on another device: the fields show the type as the hotel now holds it, and a
  // save's outcome stays (InvoiceDetails.tsx says why this is not a new key).
  const saved = `${type.rooms} ${type.pricePaise} ${type.discountPricePaise}`;
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setRooms(String(type.rooms));
    setPrice(rupees(type.pricePaise));
    setDiscount(rupees(type.discountPricePaise));
  }
  const [saveRoomType, { isLoading }] = useSaveRoomTypeMutation();
  const { outcome, run, refuse } = useOutcome();
  const invalid = (field: string) => (outcome?.tone === 'error' && outcome.field === field) || undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    const count = Number(rooms);
    const pricePaise = toPaise(price);
    const discountPricePaise = toPaise(discount);
    if (!Number.isInteger(count) || count < 0 || rooms.trim() === '') return refuse('Enter the number of rooms.', 'rooms');
    if (pricePaise === null || discountPricePaise === null) return refuse('Enter both prices in rupees.', 'prices');
    await run(
      saveRoomType({ roomId: type.roomId, body: { rooms: count, pricePaise, discountPricePaise } }),
      `${type.title}: ${count} rooms, ${formatPaise(discountPricePaise)} a night (shown as ${formatPaise(pricePaise)}).`,
      'The rooms could not be saved.',
    );
  }

  return (
    <form className="card prices__editor" onSubmit={(event) => void save(event)} aria-labelledby="room-type-form">
      <h2 id="room-type-form">{type.title}: rooms and prices</h2>
      <p className="prices__hint">
        The price charged is the discounted price on nights without a rule; the price is shown struck out. A higher number of rooms adds
        rooms numbered on from the highest, a lower one retires the highest; name them on the <Link to={paths.adminRooms}>Rooms</Link>{' '}
        screen.
      </p>
      <div className="prices__row">
        <Field label="Rooms of this type">
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="numeric"
              value={rooms}
              aria-invalid={invalid('rooms')}
              onChange={(e) => setRooms(e.target.value)}
            />
          )}
        </Field>
        <Field label="Price (₹)">
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="decimal"
              value={price}
              aria-invalid={invalid('prices')}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </Field>
        <Field label="Discounted price (₹)">
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="decimal"
              value={discount}
              aria-invalid={invalid('prices')}
              onChange={(e) => setDiscount(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--accent" disabled={isLoading}>
          Save rooms and prices
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}

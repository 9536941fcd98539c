-- Issue 22: the owner sets rooms, prices, closures and minimum stays; GST and invoices.
-- (Numbered 009: 008 belongs to another change; migrate.ts applies whatever is missing, in order.)

-- The hotel's room types as the owner sets them: how many rooms (read by every confirm, so a
-- change holds on every instance at once, without a restart), the price shown struck out and
-- the price charged (the spec's "discounted price"), per room per night, tax exclusive, in paise.
-- Seeded with src/domain/rooms.ts as it was when this migration was written.
CREATE TABLE room_types (
  room_id        text PRIMARY KEY,
  rooms          integer NOT NULL CHECK (rooms BETWEEN 0 AND 1000),
  price_paise    integer NOT NULL CHECK (price_paise BETWEEN 0 AND 100000000),
  discount_paise integer NOT NULL CHECK (discount_paise BETWEEN 0 AND 100000000)
);
INSERT INTO room_types (room_id, rooms, price_paise, discount_paise) VALUES
  ('deluxe', 8, 350000, 300000),
  ('executive', 4, 450000, 400000);

-- Rooms out of service (maintenance) per type per night: they count as taken.
ALTER TABLE room_nights ADD COLUMN out_of_service integer NOT NULL DEFAULT 0 CHECK (out_of_service >= 0);

-- Price of one room for a night, on top of the type's price: the NEWEST rule covering the night
-- wins (a season, then weekends inside it, then a single date: each added after the one it refines).
-- weekdays: ISO days of the week of the NIGHT (1 Monday .. 7 Sunday; a weekend is {5,6}: the
-- nights of Friday and Saturday); null: every night.
CREATE TABLE price_rules (
  id          bigserial PRIMARY KEY,
  room_id     text NOT NULL REFERENCES room_types,
  first_night date NOT NULL,
  last_night  date NOT NULL CHECK (last_night >= first_night),
  weekdays    smallint[] CHECK (weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[] AND cardinality(weekdays) >= 1),
  price_paise integer NOT NULL CHECK (price_paise BETWEEN 0 AND 100000000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_rules_room_nights ON price_rules (room_id, first_night, last_night);

-- No sales of a type (room_id) or of the whole hotel (null) on these nights.
CREATE TABLE closures (
  id          bigserial PRIMARY KEY,
  room_id     text REFERENCES room_types,
  first_night date NOT NULL,
  last_night  date NOT NULL CHECK (last_night >= first_night),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A stay ARRIVING on a date in the range must be at least `nights` long (the largest rule wins).
CREATE TABLE min_stays (
  id          bigserial PRIMARY KEY,
  room_id     text REFERENCES room_types,
  first_night date NOT NULL,
  last_night  date NOT NULL CHECK (last_night >= first_night),
  nights      integer NOT NULL CHECK (nights BETWEEN 1 AND 90),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The hotel's legal details for the invoice, and the GST slabs (the README's "GST"):
-- data, so that a new rate needs no release. One row.
CREATE TABLE hotel_settings (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  legal_name text NOT NULL DEFAULT '',
  address    text NOT NULL DEFAULT '',
  gstin      text NOT NULL DEFAULT '',
  gst_slabs  jsonb NOT NULL
);
INSERT INTO hotel_settings (gst_slabs) VALUES (
  '[{"upToPaise": 750000, "cgstBasisPoints": 250, "sgstBasisPoints": 250},
    {"upToPaise": null, "cgstBasisPoints": 900, "sgstBasisPoints": 900}]');

-- The last invoice number given in each financial year ('2026-27'). Taken in the confirm's own
-- transaction: a confirm that rolls back gives its number back, so numbers have no gaps, and
-- concurrent confirms queue on this row for the moment between taking it and committing.
CREATE TABLE invoice_counters (
  fy   text PRIMARY KEY,
  last integer NOT NULL CHECK (last BETWEEN 1 AND 999999)
);

-- Every change the owner makes to rooms, prices, closures, minimum stays and settings, with the
-- value before and after.
CREATE TABLE settings_audit (
  id        bigserial PRIMARY KEY,
  at        timestamptz NOT NULL DEFAULT now(),
  username  text NOT NULL,
  address   text,
  subject   text NOT NULL,
  old_value jsonb,
  new_value jsonb
);

-- The price fixed when the guest confirmed: one line per night (src/domain/wire.ts InvoiceLineSchema),
-- the sums, and the invoice. Null for bookings made before this migration and for imports.
ALTER TABLE bookings
  ADD COLUMN lines          jsonb,
  ADD COLUMN taxable_paise  integer,
  ADD COLUMN cgst_paise     integer,
  ADD COLUMN sgst_paise     integer,
  ADD COLUMN invoice_number text UNIQUE CHECK (length(invoice_number) <= 16),
  ADD COLUMN invoice_date   date;

-- take_nights reads the number of rooms from room_types and counts rooms out of service as
-- taken; the price of a night and its GST (gst_rates, price_nights, first named stay_nights here)
-- and the confirm that fixes them on the booking: server/db/functions/ (inventory.sql,
-- prices.sql, bookings.sql).

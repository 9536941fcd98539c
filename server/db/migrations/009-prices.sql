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

-- The hotel's legal details for the invoice, and the GST slabs (src/domain/tax.ts, defaultGstSlabs):
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

-- The price fixed when the guest confirmed: one line per night (src/domain/tax.ts InvoiceLine),
-- the sums, and the invoice. Null for bookings made before this migration and for imports.
ALTER TABLE bookings
  ADD COLUMN lines          jsonb,
  ADD COLUMN taxable_paise  integer,
  ADD COLUMN cgst_paise     integer,
  ADD COLUMN sgst_paise     integer,
  ADD COLUMN invoice_number text UNIQUE CHECK (length(invoice_number) <= 16),
  ADD COLUMN invoice_date   date;

-- take_nights as in migration 001, with the number of rooms from room_types (p_capacity only for
-- a type the table does not know) and the rooms out of service counted as taken. FOR SHARE: a
-- change of the number of rooms waits for the confirms in flight, and they for it.
CREATE OR REPLACE FUNCTION take_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer, p_capacity integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
  v_capacity integer;
BEGIN
  IF p_rooms <= 0 OR p_check_in IS NULL OR p_check_out IS NULL OR p_room_id IS NULL THEN
    RETURN;
  END IF;
  SELECT t.rooms INTO v_capacity FROM room_types t WHERE t.room_id = p_room_id FOR SHARE;
  IF NOT FOUND THEN
    v_capacity := p_capacity;
  END IF;
  WITH taken AS (
    INSERT INTO room_nights AS rn (room_id, night, booked)
    SELECT p_room_id, night::date, p_rooms
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS night
    WHERE p_rooms <= v_capacity
    ORDER BY night
    ON CONFLICT (room_id, night) DO UPDATE SET booked = rn.booked + excluded.booked
      WHERE rn.booked + rn.out_of_service + excluded.booked <= v_capacity
    RETURNING 1
  )
  SELECT count(*) INTO v_taken FROM taken;
  IF v_taken < p_check_out - p_check_in THEN
    RAISE EXCEPTION 'rooms_unavailable' USING ERRCODE = 'P0001';
  END IF;
END $$;

-- The GST rates of one room-night at this price: the first slab whose upToPaise is at least the price.
CREATE FUNCTION gst_rates(p_price integer, OUT cgst_bp integer, OUT sgst_bp integer)
LANGUAGE sql STABLE AS $$
  SELECT (s.slab->>'cgstBasisPoints')::integer, (s.slab->>'sgstBasisPoints')::integer
    FROM hotel_settings h
   CROSS JOIN LATERAL jsonb_array_elements(h.gst_slabs) WITH ORDINALITY AS s(slab, position)
   WHERE s.slab->>'upToPaise' IS NULL OR p_price <= (s.slab->>'upToPaise')::integer
   ORDER BY s.position
   LIMIT 1;
$$;

-- Each night of a stay of one room of a type: its price (newest rule, else the type's price
-- charged) and its GST per room, each part rounded half up to the paisa (src/domain/tax.ts).
CREATE FUNCTION stay_nights(p_room_id text, p_check_in date, p_check_out date)
RETURNS TABLE (night date, price_paise integer, cgst_bp integer, sgst_bp integer, cgst_paise integer, sgst_paise integer)
LANGUAGE sql STABLE AS $$
  SELECT n.night, p.price, g.cgst_bp, g.sgst_bp,
         ((p.price::bigint * g.cgst_bp + 5000) / 10000)::integer,
         ((p.price::bigint * g.sgst_bp + 5000) / 10000)::integer
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS s(ts)
   CROSS JOIN LATERAL (SELECT s.ts::date AS night) AS n
   CROSS JOIN LATERAL (
     SELECT coalesce(
       (SELECT r.price_paise FROM price_rules r
         WHERE r.room_id = p_room_id AND n.night BETWEEN r.first_night AND r.last_night
           AND (r.weekdays IS NULL OR extract(isodow FROM n.night)::smallint = ANY (r.weekdays))
         ORDER BY r.id DESC LIMIT 1),
       (SELECT t.discount_paise FROM room_types t WHERE t.room_id = p_room_id)) AS price
   ) AS p
   CROSS JOIN LATERAL gst_rates(p.price) AS g
   ORDER BY n.night;
$$;

-- confirm_booking as in migration 007, priced from the owner's rules instead of the caller's total:
-- refuses a closed night or a stay shorter than the minimum (answering why, taking nothing), takes
-- the nights, fixes each night's price and tax on the booking, and gives it the next invoice
-- number of the financial year of p_today (the hotel's date). All in the caller's one statement.
DROP FUNCTION confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, integer, text, integer, text);
CREATE FUNCTION confirm_booking(
  p_draft_id uuid, p_booking_id text, p_guest_key_hash bytea, p_room_id text, p_room_name text,
  p_package_index integer, p_rooms integer, p_check_in date, p_check_out date,
  p_email text, p_created_from text, p_today date)
RETURNS TABLE (replayed boolean, booking_id text, refusal text, refused_nights date[], min_nights integer,
               lines jsonb, taxable_paise integer, cgst_paise integer, sgst_paise integer, invoice_number text)
LANGUAGE plpgsql AS $$
DECLARE
  v_id text := p_booking_id;
  v_stored text;
  v_closed date[];
  v_min integer;
  v_lines jsonb;
  v_taxable integer;
  v_cgst integer;
  v_sgst integer;
  v_start integer := CASE WHEN extract(month FROM p_today) >= 4 THEN extract(year FROM p_today)::integer
                          ELSE extract(year FROM p_today)::integer - 1 END;
  v_fy text := v_start || '-' || lpad(((v_start + 1) % 100)::text, 2, '0');
  v_sequence integer;
  v_invoice text;
BEGIN
  SELECT b.booking_id INTO v_stored FROM bookings b WHERE b.draft_id = p_draft_id;
  IF FOUND THEN
    RETURN QUERY SELECT true, v_stored, NULL::text, NULL::date[], NULL::integer, NULL::jsonb, NULL::integer, NULL::integer, NULL::integer, NULL::text;
    RETURN;
  END IF;
  SELECT array_agg(DISTINCT s.ts::date ORDER BY s.ts::date) INTO v_closed
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS s(ts)
    JOIN closures c ON s.ts::date BETWEEN c.first_night AND c.last_night AND (c.room_id IS NULL OR c.room_id = p_room_id);
  IF v_closed IS NOT NULL THEN
    RETURN QUERY SELECT false, NULL::text, 'closed'::text, v_closed, NULL::integer, NULL::jsonb, NULL::integer, NULL::integer, NULL::integer, NULL::text;
    RETURN;
  END IF;
  SELECT max(m.nights) INTO v_min FROM min_stays m
   WHERE p_check_in BETWEEN m.first_night AND m.last_night AND (m.room_id IS NULL OR m.room_id = p_room_id);
  IF v_min IS NOT NULL AND p_check_out - p_check_in < v_min THEN
    RETURN QUERY SELECT false, NULL::text, 'min_stay'::text, NULL::date[], v_min, NULL::jsonb, NULL::integer, NULL::integer, NULL::integer, NULL::text;
    RETURN;
  END IF;
  PERFORM take_nights(p_room_id, p_check_in, p_check_out, p_rooms, 0);
  SELECT jsonb_agg(jsonb_build_object(
           'night', q.night, 'rooms', p_rooms, 'pricePaise', q.price_paise,
           'cgstBasisPoints', q.cgst_bp, 'sgstBasisPoints', q.sgst_bp,
           'taxablePaise', q.price_paise * p_rooms, 'cgstPaise', q.cgst_paise * p_rooms, 'sgstPaise', q.sgst_paise * p_rooms)
         ORDER BY q.night),
         sum(q.price_paise * p_rooms), sum(q.cgst_paise * p_rooms), sum(q.sgst_paise * p_rooms)
    INTO v_lines, v_taxable, v_cgst, v_sgst
    FROM stay_nights(p_room_id, p_check_in, p_check_out) AS q;
  -- Last, so the counter row is held only from here to the commit.
  INSERT INTO invoice_counters AS c (fy, last) VALUES (v_fy, 1)
    ON CONFLICT (fy) DO UPDATE SET last = c.last + 1
    RETURNING c.last INTO v_sequence;
  v_invoice := 'INV-' || substr(v_fy, 3, 2) || substr(v_fy, 6, 2) || '-' || lpad(v_sequence::text, 6, '0');
  LOOP
    INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, package_index, rooms, check_in, check_out,
                          total_price, email, created_from, lines, taxable_paise, cgst_paise, sgst_paise, invoice_number, invoice_date)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out,
            (v_taxable + 50) / 100, p_email, p_created_from, v_lines, v_taxable, v_cgst, v_sgst, v_invoice, p_today)
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  RETURN QUERY SELECT false, v_stored, NULL::text, NULL::date[], NULL::integer, v_lines, v_taxable, v_cgst, v_sgst, v_invoice;
END $$;

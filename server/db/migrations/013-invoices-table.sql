-- Invoice numbers in a table of their own, so that numbering never writes a booking again.
-- In migration 010 numbering set bookings.invoice_number just after each confirm: an UPDATE that
-- could not be HOT (the column is indexed), so every index of bookings, the search index's
-- trigrams included, took a second entry for every confirm. Measured with bench:api, that and the
-- row-by-row loop were about a quarter of PostgreSQL's CPU per confirm. Now the confirm adds its
-- booking's invoice (its date, no number yet) to this narrow table, and number_invoices() numbers
-- all that wait in one statement that writes only these rows.

CREATE TABLE invoices (
  booking_id     text PRIMARY KEY REFERENCES bookings ON DELETE CASCADE,
  -- The hotel's date at the confirm: the invoice's date, and so its financial year.
  invoice_date   date NOT NULL,
  invoice_number text UNIQUE CHECK (length(invoice_number) <= 16)
);
-- The invoices waiting for a number: the few confirmed since the last numbering run.
CREATE INDEX invoices_unnumbered ON invoices (booking_id) WHERE invoice_number IS NULL;

INSERT INTO invoices (booking_id, invoice_date, invoice_number)
  SELECT booking_id, invoice_date, invoice_number FROM bookings WHERE lines IS NOT NULL;

DROP INDEX bookings_unnumbered;
ALTER TABLE bookings DROP COLUMN invoice_number, DROP COLUMN invoice_date;

-- A booking's invoice number (null until numbered, and for bookings made before prices or imported).
-- What every query that reads a booking selects as its invoice_number.
CREATE FUNCTION invoice_number_of(p_booking_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT i.invoice_number FROM invoices i WHERE i.booking_id = p_booking_id;
$$;

-- Numbers every invoice without a number: the next numbers of its financial year, in the order
-- their bookings were confirmed. One run at a time on the whole database (instances included), so a run that starts after
-- a booking committed always sees it; the counters and the numbers change in this one transaction,
-- so the numbers stay gapless.
CREATE OR REPLACE FUNCTION number_invoices()
RETURNS TABLE (booking_id text, invoice_number text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311010);
  RETURN QUERY
  WITH waiting AS (
    SELECT i.booking_id, financial_year(i.invoice_date) AS fy,
           row_number() OVER (PARTITION BY financial_year(i.invoice_date) ORDER BY b.created_at, i.booking_id) AS n
      FROM invoices i JOIN bookings b ON b.booking_id = i.booking_id
     WHERE i.invoice_number IS NULL
  ), per_year AS (
    SELECT w.fy, count(*)::integer AS given FROM waiting w GROUP BY w.fy
  ), counted AS (
    -- After this, each year's counter is its last number given; the first waiting invoice of the
    -- year gets (last - given + 1).
    INSERT INTO invoice_counters AS c (fy, last)
    SELECT p.fy, p.given FROM per_year p
    ON CONFLICT (fy) DO UPDATE SET last = c.last + excluded.last
    RETURNING c.fy, c.last
  )
  UPDATE invoices i
     SET invoice_number = 'INV-' || substr(w.fy, 3, 2) || substr(w.fy, 6, 2) || '-' || lpad((c.last - p.given + w.n)::text, 6, '0')
    FROM waiting w JOIN per_year p ON p.fy = w.fy JOIN counted c ON c.fy = w.fy
   WHERE i.booking_id = w.booking_id
  RETURNING i.booking_id, i.invoice_number;
END $$;

-- confirm_booking as in migration 010, adding the booking's invoice (numbered after the commit).
CREATE OR REPLACE FUNCTION confirm_booking(
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
  LOOP
    INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, package_index, rooms, check_in, check_out,
                          total_price, email, created_from, lines, taxable_paise, cgst_paise, sgst_paise)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out,
            (v_taxable + 50) / 100, p_email, p_created_from, v_lines, v_taxable, v_cgst, v_sgst)
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  INSERT INTO invoices (booking_id, invoice_date) VALUES (v_stored, p_today);
  PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  RETURN QUERY SELECT false, v_stored, NULL::text, NULL::date[], NULL::integer, v_lines, v_taxable, v_cgst, v_sgst, NULL::text;
END $$;

-- A confirm's invoice waits in a queue with no index, and enters invoices only with its number.
--
-- In migration 013 the confirm added its invoice to invoices without a number, and the run after
-- the commit numbered it: the confirm paid for the row's foreign key check and two index entries
-- (the key and the partial index of invoices waiting), then the run wrote the row again. Measured
-- one confirm at a time, that insert was about 100 µs of a confirm's 800 µs of database CPU.
-- Now the confirm appends (booking, invoice date) to invoices_waiting, a heap with no index and no
-- key: nothing to check or sort, and it is only ever read whole, by the numbering run, while it
-- holds the few rows confirmed since the last run. The run takes them all out and writes each
-- invoice once, numbered; its foreign key is checked then, for the batch.
--
-- What stays as it was: the queue row commits with its booking, so a kill between the commit and
-- the run leaves it for the next run (any instance's, at start-up or the next confirm's), which
-- numbers it before the bookings confirmed after it; and the numbers stay gapless, the counters
-- and the invoices changing in one transaction.

CREATE TABLE invoices_waiting (
  booking_id   text NOT NULL,
  -- The hotel's date at the confirm: the invoice's date, and so its financial year.
  invoice_date date NOT NULL
);

INSERT INTO invoices_waiting (booking_id, invoice_date)
  SELECT booking_id, invoice_date FROM invoices WHERE invoice_number IS NULL;
DELETE FROM invoices WHERE invoice_number IS NULL;
DROP INDEX invoices_unnumbered;
ALTER TABLE invoices ALTER COLUMN invoice_number SET NOT NULL;

-- Numbers every invoice waiting: the next numbers of its financial year, in the order its
-- bookings were confirmed. One run at a time on the whole database (instances included): the
-- queue is read after the lock, so a run that starts after a booking committed always sees it.
-- A booking deleted before its number was given is dropped from the queue without a number.
CREATE OR REPLACE FUNCTION number_invoices()
RETURNS TABLE (booking_id text, invoice_number text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311010);
  RETURN QUERY
  WITH taken AS (
    DELETE FROM invoices_waiting RETURNING invoices_waiting.booking_id, invoices_waiting.invoice_date
  ), confirmed AS (
    -- A subquery per row, not a join: the plan is made once, when the queue may have looked large
    -- enough to join by reading all of bookings; this is one lookup by key per invoice, always.
    SELECT t.booking_id, t.invoice_date,
           (SELECT b.created_at FROM bookings b WHERE b.booking_id = t.booking_id) AS created_at
      FROM taken t
  ), waiting AS (
    SELECT c.booking_id, c.invoice_date, financial_year(c.invoice_date) AS fy,
           row_number() OVER (PARTITION BY financial_year(c.invoice_date) ORDER BY c.created_at, c.booking_id) AS n
      FROM confirmed c
     WHERE c.created_at IS NOT NULL
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
  INSERT INTO invoices AS i (booking_id, invoice_date, invoice_number)
  SELECT w.booking_id, w.invoice_date,
         'INV-' || substr(w.fy, 3, 2) || substr(w.fy, 6, 2) || '-' || lpad((c.last - p.given + w.n)::text, 6, '0')
    FROM waiting w JOIN per_year p ON p.fy = w.fy JOIN counted c ON c.fy = w.fy
  RETURNING i.booking_id, i.invoice_number;
END $$;

-- confirm_booking as in migration 013, its invoice queued in invoices_waiting.
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
  INSERT INTO invoices_waiting (booking_id, invoice_date) VALUES (v_stored, p_today);
  PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  RETURN QUERY SELECT false, v_stored, NULL::text, NULL::date[], NULL::integer, v_lines, v_taxable, v_cgst, v_sgst, NULL::text;
END $$;

-- Invoice numbers are given just after the confirm commits, in batches, instead of inside it.
-- Taken inside the confirm, the invoice counter row stayed locked through each confirm's commit, so
-- confirms committed one at a time: at most one confirm per disk flush (a flush takes 0.25 ms on
-- the machine this was measured on, several ms on many servers' disks).
-- Now a confirm stores its priced booking without a number and commits alongside the others; then
-- number_invoices() numbers every priced booking still without one, in the order they were
-- confirmed, in one short transaction. The numbers stay gapless (the counter and the bookings
-- change in that one transaction) and unique; the server waits for the run that follows its
-- confirm's commit before answering (server/db/invoiceNumbers.ts), so a guest never sees a
-- booking without its number, and a run after a crash numbers what the crash left.

CREATE INDEX bookings_unnumbered ON bookings (created_at, booking_id)
  WHERE invoice_number IS NULL AND lines IS NOT NULL;

-- The financial year (April to March) of a date, as '2026-27'.
CREATE FUNCTION financial_year(p_day date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT y || '-' || lpad(((y + 1) % 100)::text, 2, '0')
    FROM (SELECT CASE WHEN extract(month FROM p_day) >= 4 THEN extract(year FROM p_day)::integer
                      ELSE extract(year FROM p_day)::integer - 1 END AS y) AS fy;
$$;

-- Numbers every priced booking without an invoice number: the next numbers of the financial year
-- of its invoice date (the hotel's date at confirm), oldest confirm first. One run at a time on
-- the whole database (instances included), so a run that starts after a booking committed always
-- sees it.
CREATE FUNCTION number_invoices()
RETURNS TABLE (booking_id text, invoice_number text)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_fy text;
  v_sequence integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7311010);
  FOR r IN SELECT b.booking_id, b.invoice_date FROM bookings b
            WHERE b.invoice_number IS NULL AND b.lines IS NOT NULL
            ORDER BY b.created_at, b.booking_id LOOP
    v_fy := financial_year(r.invoice_date);
    INSERT INTO invoice_counters AS c (fy, last) VALUES (v_fy, 1)
      ON CONFLICT (fy) DO UPDATE SET last = c.last + 1
      RETURNING c.last INTO v_sequence;
    booking_id := r.booking_id;
    invoice_number := 'INV-' || substr(v_fy, 3, 2) || substr(v_fy, 6, 2) || '-' || lpad(v_sequence::text, 6, '0');
    UPDATE bookings b SET invoice_number = number_invoices.invoice_number WHERE b.booking_id = r.booking_id;
    RETURN NEXT;
  END LOOP;
END $$;

-- confirm_booking as in migration 009, storing the priced booking with its invoice date and no
-- number yet (number_invoices gives it after the commit).
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
                          total_price, email, created_from, lines, taxable_paise, cgst_paise, sgst_paise, invoice_date)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out,
            (v_taxable + 50) / 100, p_email, p_created_from, v_lines, v_taxable, v_cgst, v_sgst, p_today)
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  RETURN QUERY SELECT false, v_stored, NULL::text, NULL::date[], NULL::integer, v_lines, v_taxable, v_cgst, v_sgst, NULL::text;
END $$;

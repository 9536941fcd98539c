-- A booking's confirm, in one statement (server/db/bookingQueries.ts confirmBooking).

-- Confirm in one round trip: a replayed draft answers its booking; otherwise it takes the nights
-- (take_nights, which raises, taking nothing, for a closed night, a stay shorter than the minimum
-- or a night without rooms left), fixes each night's price and tax on the booking from the owner's
-- rules (stay_price: its plan and guests too, or stay_guests raised), stores it under the requested ID or, if another booking has that ID, a free
-- one, queues its invoice for a number (given just after the commit: invoiceNumbers.ts) and queues
-- the confirmation and the hotel's copy in the same transaction: a booking is never stored without
-- its messages, nor the reverse. A concurrent confirm of the same draft fails on draft_id's unique
-- index (23505) and the caller reads the winner's booking. p_today is the hotel's date: the
-- invoice's date, and so its financial year.
-- When the owner's policy asks for a payment (payment_hold_minutes, payments.sql), the booking
-- holds its nights as `awaiting_payment` until held_until instead, with no invoice and no message
-- yet: both come with the payment (confirm_paid_booking, payments.sql).
CREATE OR REPLACE FUNCTION confirm_booking(
  p_draft_id uuid, p_booking_id text, p_guest_key_hash bytea, p_room_id text, p_room_name text,
  p_package_index integer, p_rooms integer, p_check_in date, p_check_out date,
  p_email text, p_created_from text, p_today date,
  -- Issue 34 item 5: checked and normalised by src/domain/guestContact.ts before they come here.
  p_guest_name text, p_guest_mobile text,
  -- Issue 40: who sleeps in each room (NULL: not said), priced with the plan by stay_lines.
  p_guests jsonb)
RETURNS TABLE (replayed boolean, booking_id text, taxable_paise bigint, cgst_paise bigint, sgst_paise bigint, held_until timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_id text := p_booking_id;
  v_stored text;
  v_lines jsonb;
  -- Sums of paise: bigint (a long stay at the top price passes 2^31; migration 019).
  v_taxable bigint;
  v_cgst bigint;
  v_sgst bigint;
  v_hold integer;
BEGIN
  SELECT b.booking_id INTO v_stored FROM bookings b WHERE b.draft_id = p_draft_id;
  IF FOUND THEN
    RETURN QUERY SELECT true, v_stored, NULL::bigint, NULL::bigint, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  PERFORM take_nights(p_room_id, p_check_in, p_check_out, p_rooms, 0);
  SELECT l.lines, l.taxable, l.cgst, l.sgst INTO v_lines, v_taxable, v_cgst, v_sgst
    FROM stay_price(p_room_id, p_check_in, p_check_out, p_rooms, p_package_index, p_guests) AS l;
  v_hold := payment_hold_minutes(v_taxable);
  LOOP
    INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, package_index, rooms, check_in, check_out,
                          total_price, email, guest_name, guest_mobile, guests, created_from, lines, taxable_paise, cgst_paise, sgst_paise, status, hold_expires_at)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out,
            (v_taxable + 50) / 100, p_email, p_guest_name, p_guest_mobile, p_guests, p_created_from, v_lines, v_taxable, v_cgst, v_sgst,
            CASE WHEN v_hold IS NULL THEN 'confirmed' ELSE 'awaiting_payment' END, now() + make_interval(mins => v_hold))
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  IF v_hold IS NULL THEN
    INSERT INTO invoices_waiting (booking_id, invoice_date) VALUES (v_stored, p_today);
    PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  END IF;
  RETURN QUERY SELECT false, v_stored, v_taxable, v_cgst, v_sgst, now() + make_interval(mins => v_hold);
END $$;

-- Cancels a confirmed booking: status cancelled, its nights given back, its calendar SEQUENCE one
-- higher (so calendars drop the event), and the guest's and the hotel's messages queued, in the
-- caller's transaction. The one cancel of every path: the guest's manage link
-- (server/db/manageQueries.ts) and the desk (server/db/deskQueries.ts), which each decide who may
-- cancel when, and write their own audit entry. A booking that is not confirmed is left as it is.
CREATE OR REPLACE FUNCTION cancel_booking(p_booking_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_booking bookings;
BEGIN
  UPDATE bookings SET status = 'cancelled', cancelled_at = now(), sequence = sequence + 1, updated_at = now()
   WHERE booking_id = p_booking_id AND status = 'confirmed'
  RETURNING * INTO v_booking;
  IF FOUND THEN
    PERFORM free_nights(v_booking.room_id, v_booking.check_in, v_booking.check_out, v_booking.rooms);
    PERFORM queue_booking_mail(p_booking_id, 'cancelled', 'hotel-cancelled');
  END IF;
END $$;

-- Removes for good the bookings deleted p_after ago or more (30 days: server/db/bookingQueries.ts
-- purgeDeleted), and with them every copy of their guests' particulars kept elsewhere. The tables
-- that hang on a booking go with it (ON DELETE CASCADE: its nights on rooms, its bill, its Form C);
-- the rest is done here, in the same transaction:
-- - the outbox: its messages (the guest's email address, and a JSON copy of the booking in each);
-- - the audit log: the address a guest's request came from (the entries stay, saying which staff
--   member did what and when);
-- - Razorpay's events about its payments: what Razorpay said of the payer (email, phone, the card
--   or UPI details) goes, the event stays as {"erased": true} under its ID (so a repeat is still
--   known as one).
-- Payments, refunds and vouchers stay: they are the hotel's accounts, and name no guest. Copies
-- left by versions that purged less go too, the next time a booking is purged. Answers how many
-- bookings were removed.
CREATE OR REPLACE FUNCTION purge_deleted_bookings(p_after interval) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_purged integer;
  v_keys text[];
BEGIN
  DELETE FROM bookings WHERE deleted_at < now() - p_after;
  GET DIAGNOSTICS v_purged = ROW_COUNT;
  IF v_purged = 0 THEN
    RETURN 0;
  END IF;
  -- '' is the booking of an overbooking message that names none (channels.sql).
  DELETE FROM outbox o WHERE o.booking_id <> '' AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = o.booking_id);
  UPDATE audit_log a SET address = NULL
   WHERE a.address IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = a.booking_id);
  SELECT array_agg(k) INTO v_keys
    FROM payments p CROSS JOIN LATERAL unnest(ARRAY[p.reference_id, p.link_id, p.razorpay_payment_id]) AS k
   WHERE k IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = p.booking_id);
  IF v_keys IS NOT NULL THEN
    UPDATE payment_events e SET payload = jsonb_build_object('erased', true)
     WHERE e.processed_at IS NOT NULL AND NOT e.payload ? 'erased'
       AND (e.payload #>> '{payload,payment_link,entity,reference_id}' = ANY (v_keys)
            OR e.payload #>> '{payload,payment_link,entity,id}' = ANY (v_keys)
            OR e.payload #>> '{payload,payment,entity,notes,reference_id}' = ANY (v_keys)
            OR e.payload #>> '{payload,payment,entity,id}' = ANY (v_keys)
            OR e.payload #>> '{payload,refund,entity,payment_id}' = ANY (v_keys)
            OR e.payload #>> '{return,referenceId}' = ANY (v_keys));
  END IF;
  RETURN v_purged;
END $$;

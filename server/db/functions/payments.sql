-- Payments (issue 37, tables in migration 030): the hold a confirm starts when the owner's policy
-- asks for a payment, what a payment or an expired hold does to the booking, the cancel's hook for
-- refunds, and voucher numbers. The amounts themselves are worked out in src/domain/payments.ts
-- (server/payments/ calls these with them).

-- The minutes a new booking holds its rooms waiting for a payment, or null when the guest pays at
-- the hotel (the policy, or no Razorpay keys on this hotel's servers, or a free stay): then the
-- confirm confirms at once, as it always did. Read by confirm_booking (bookings.sql).
CREATE OR REPLACE FUNCTION payment_hold_minutes(p_taxable_paise bigint) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT s.hold_minutes FROM payment_settings s
   WHERE s.gateway_ready AND coalesce(s.policy, 'first_night') <> 'pay_at_hotel' AND p_taxable_paise > 0;
$$;

-- The next number of a voucher series (RCV receipts, RFV refunds) in the financial year of
-- p_day: gapless, as the counter row stays locked until the caller's transaction commits (with
-- the voucher), and rolls back with it. Vouchers come one per payment or refund, never in the
-- confirm's hot path, so numbering inside the transaction costs nothing that matters.
CREATE OR REPLACE FUNCTION next_voucher_number(p_kind text, p_day date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_series text := CASE p_kind WHEN 'receipt' THEN 'RCV' WHEN 'refund' THEN 'RFV' END;
  v_fy text := financial_year(p_day);
  v_last integer;
BEGIN
  INSERT INTO voucher_counters AS c (series, fy, last) VALUES (v_series, v_fy, 1)
  ON CONFLICT (series, fy) DO UPDATE SET last = c.last + 1
  RETURNING c.last INTO v_last;
  RETURN v_series || '-' || substr(v_fy, 3, 2) || substr(v_fy, 6, 2) || '-' || lpad(v_last::text, 6, '0');
END $$;

-- What the hotel holds for a booking: the payments received, less the refunds not failed (paise).
CREATE OR REPLACE FUNCTION held_paise_of(p_booking_id text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(p.amount_paise) FROM payments p WHERE p.booking_id = p_booking_id AND p.state = 'paid'), 0)
       - coalesce((SELECT sum(r.amount_paise) FROM refunds r WHERE r.booking_id = p_booking_id AND r.state <> 'failed'), 0);
$$;

-- A message about a booking's money: queued by the bookings' own queue_booking_mail (mail.sql), so
-- that it goes wherever and however every message goes, then given what it tells of (p_extra: the
-- receipt voucher, the link to pay, the refund), added to the rows this transaction just wrote:
-- those stamped with its own now() (created_at and next_attempt_at default to it), found through
-- the outbox's index of messages to send (outbox_due), not by reading the whole outbox.
CREATE OR REPLACE FUNCTION queue_payment_mail(p_booking_id text, p_kind text, p_hotel_kind text, p_extra jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_booking_mail(p_booking_id, p_kind, p_hotel_kind);
  UPDATE outbox o SET booking = o.booking || p_extra
   WHERE o.state IN ('pending', 'held', 'retrying') AND o.next_attempt_at = now() AND o.created_at = now()
     AND o.booking_id = p_booking_id AND o.kind IN (p_kind, p_hotel_kind);
END $$;

-- A booking's hold is paid: it is confirmed, its invoice waits for its number (as a confirm's
-- does: invoiceNumbers.ts) and its confirmation and the hotel's copy are queued, showing the
-- receipt voucher (p_receipt). p_today is the hotel's date: the invoice's date.
CREATE OR REPLACE FUNCTION confirm_paid_booking(p_booking_id text, p_today date, p_receipt jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL, updated_at = now() WHERE booking_id = p_booking_id;
  INSERT INTO invoices_waiting (booking_id, invoice_date) VALUES (p_booking_id, p_today);
  PERFORM queue_payment_mail(p_booking_id, 'confirmed', 'hotel-new', jsonb_build_object('receipt', p_receipt));
END $$;

-- A hold that ran out unpaid: the booking is `expired`, its nights are free again, and the guest
-- is told. False when the booking was not waiting for a payment (paid meanwhile, say).
CREATE OR REPLACE FUNCTION expire_hold(p_booking_id text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v bookings;
BEGIN
  SELECT * INTO v FROM bookings WHERE booking_id = p_booking_id AND status = 'awaiting_payment' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM free_nights(v.room_id, v.check_in, v.check_out, v.rooms);
  UPDATE bookings SET status = 'expired', hold_expires_at = NULL, updated_at = now() WHERE booking_id = p_booking_id;
  PERFORM queue_booking_mail(p_booking_id, 'hold-expired', NULL);
  RETURN true;
END $$;

-- An expired hold paid for late, or paid again: takes its nights again and waits for a payment
-- for p_minutes more (p_minutes null: confirmed by the caller at once). Raises rooms_unavailable
-- (P0001, take_nights) when they are gone.
CREATE OR REPLACE FUNCTION hold_again(p_booking_id text, p_minutes integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bookings;
BEGIN
  SELECT * INTO v FROM bookings WHERE booking_id = p_booking_id AND status = 'expired' AND deleted_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM take_nights(v.room_id, v.check_in, v.check_out, v.rooms, 0);
  UPDATE bookings SET status = 'awaiting_payment', hold_expires_at = now() + make_interval(mins => coalesce(p_minutes, 0)),
         updated_at = now()
   WHERE booking_id = p_booking_id;
END $$;

-- The cancel's hook (the guest's manage cancel and the desk's cancel call it in their own
-- transaction): a booking paid for is refunded by the owner's policy, within the free period all
-- of it (p_free), after it the owner's share. The refunds are made by server/payments/ after the
-- commit, at least once (this row stays until they are).
CREATE OR REPLACE FUNCTION payments_cancelled(p_booking_id text, p_free boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cancel_refunds (booking_id, free)
  SELECT p_booking_id, p_free WHERE EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = p_booking_id AND p.state = 'paid')
  ON CONFLICT (booking_id) DO NOTHING;
$$;

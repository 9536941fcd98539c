-- The running bill of a stay (issue 40, tables in migration 070): charges and payments the desk
-- posts from check-in, reversals, the balance, and the rule that a guest with a balance due is not
-- checked out unless the owner allows it. Refusals are raised with SQLSTATE FO409 and a sentence
-- for staff (server/db/folioQueries.ts answers them as 409); a check-out refused for a balance
-- with FO402 and the balance in paise as its DETAIL.

-- A charge's figures by the README's GST rule, the one the room-nights follow: CGST and SGST of
-- ONE unit each rounded half up to the paisa (half the line's rate each), the line that times the
-- quantity, so a bill's totals are plain sums of its lines and add up to the paisa.
-- The rounding is gst_paise's (prices.sql, applied after this file: PL/pgSQL, resolved when run).
CREATE OR REPLACE FUNCTION folio_charge_figures(p_unit_paise integer, p_quantity integer, p_gst_basis_points integer,
  OUT taxable_paise bigint, OUT cgst_paise bigint, OUT sgst_paise bigint) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  taxable_paise := p_unit_paise::bigint * p_quantity;
  cgst_paise := gst_paise(p_unit_paise, p_gst_basis_points / 2) * p_quantity;
  sgst_paise := cgst_paise;
END $$;

-- A bill's sums: the room-nights as invoiced (the booking's lines with their GST; after an early
-- check-out only the nights stayed), the services posted net of reversals with their GST, the
-- payments posted net of reversals, the advance paid online (held_paise_of: Razorpay's payments
-- less refunds), and the balance still due (negative: the hotel owes the guest).
CREATE OR REPLACE FUNCTION folio_sums(p_booking_id text,
  OUT room_paise bigint, OUT charges_paise bigint, OUT payments_paise bigint, OUT advance_paise bigint, OUT balance_paise bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT coalesce(b.taxable_paise + b.cgst_paise + b.sgst_paise, 0) INTO room_paise FROM bookings b WHERE b.booking_id = p_booking_id;
  SELECT coalesce(sum(l.taxable_paise + l.cgst_paise + l.sgst_paise), 0)::bigint, coalesce(sum(l.amount_paise), 0)::bigint
    INTO charges_paise, payments_paise
    FROM folio_lines l WHERE l.booking_id = p_booking_id;
  advance_paise := held_paise_of(p_booking_id);
  balance_paise := coalesce(room_paise, 0) + charges_paise - payments_paise - advance_paise;
END $$;

-- The booking, locked against a check-out (and other posts) until this transaction ends, when it
-- takes lines now: only a guest checked in, from check-in until check-out.
CREATE OR REPLACE FUNCTION folio_open_for_posting(p_booking_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  SELECT b.status INTO v_status FROM bookings b WHERE b.booking_id = p_booking_id AND b.deleted_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FO404', MESSAGE = format('No booking found with ID: %s', p_booking_id);
  END IF;
  IF v_status = 'checked_out' THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'This guest has checked out: the bill is closed.';
  ELSIF v_status <> 'checked_in' THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'Charges and payments are posted from check-in: this guest is not checked in.';
  END IF;
END $$;

-- Posts p_quantity of a catalogue service at its price and GST rate now.
CREATE OR REPLACE FUNCTION post_folio_charge(p_booking_id text, p_service_id integer, p_quantity integer, p_note text, p_staff text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_service folio_services;
  v_id bigint;
BEGIN
  PERFORM folio_open_for_posting(p_booking_id);
  SELECT * INTO v_service FROM folio_services s WHERE s.id = p_service_id AND s.active;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'That service is not in the catalogue (or no longer offered).';
  END IF;
  INSERT INTO folio_lines (booking_id, kind, description, service_id, sac, quantity, unit_paise, gst_basis_points,
                           taxable_paise, cgst_paise, sgst_paise, note, staff)
  SELECT p_booking_id, 'charge', v_service.name, v_service.id, v_service.sac, p_quantity, v_service.price_paise, v_service.gst_basis_points,
         f.taxable_paise, f.cgst_paise, f.sgst_paise, nullif(p_note, ''), p_staff
    FROM folio_charge_figures(v_service.price_paise, p_quantity, v_service.gst_basis_points) AS f
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;

-- Posts a payment received at the desk.
CREATE OR REPLACE FUNCTION post_folio_payment(p_booking_id text, p_method text, p_amount_paise bigint, p_note text, p_staff text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM folio_open_for_posting(p_booking_id);
  INSERT INTO folio_lines (booking_id, kind, description, method, amount_paise, note, staff)
  VALUES (p_booking_id, 'payment', CASE p_method WHEN 'cash' THEN 'Cash' WHEN 'upi' THEN 'UPI' ELSE 'Card' END,
          p_method, p_amount_paise, nullif(p_note, ''), p_staff)
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;

-- A correction: a new line with the figures of p_line_id negated, naming it. Once per line, and
-- never of a reversal itself (post the line again instead).
CREATE OR REPLACE FUNCTION reverse_folio_line(p_booking_id text, p_line_id bigint, p_note text, p_staff text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_line folio_lines;
  v_id bigint;
BEGIN
  PERFORM folio_open_for_posting(p_booking_id);
  SELECT * INTO v_line FROM folio_lines l WHERE l.id = p_line_id AND l.booking_id = p_booking_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FO404', MESSAGE = format('No line %s on the bill of %s.', p_line_id, p_booking_id);
  END IF;
  IF v_line.reverses IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'This line is itself a correction: post the charge or payment again instead.';
  END IF;
  IF EXISTS (SELECT 1 FROM folio_lines l WHERE l.reverses = p_line_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'This line has already been reversed.';
  END IF;
  INSERT INTO folio_lines (booking_id, kind, description, service_id, sac, quantity, unit_paise, gst_basis_points,
                           taxable_paise, cgst_paise, sgst_paise, method, amount_paise, note, reverses, staff)
  VALUES (p_booking_id, v_line.kind, v_line.description, v_line.service_id, v_line.sac, -v_line.quantity, v_line.unit_paise,
          v_line.gst_basis_points, -v_line.taxable_paise, -v_line.cgst_paise, -v_line.sgst_paise, v_line.method, -v_line.amount_paise,
          nullif(p_note, ''), p_line_id, p_staff)
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;

-- A bill is a record: a line is never changed or removed (a correction is a reversing line). Only
-- its booking's own removal (the purge of bookings deleted 30 days ago) takes its lines with it.
CREATE OR REPLACE FUNCTION folio_lines_are_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = OLD.booking_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'A line of a bill is never changed or removed: post a reversing line.';
END $$;
CREATE OR REPLACE TRIGGER folio_lines_are_kept BEFORE UPDATE OR DELETE ON folio_lines
  FOR EACH ROW EXECUTE FUNCTION folio_lines_are_kept();

-- A reversal, however it is inserted, negates exactly the line it names, on the same bill.
CREATE OR REPLACE FUNCTION folio_reversal_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reverses IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM folio_lines l
     WHERE l.id = NEW.reverses AND l.reverses IS NULL AND l.booking_id = NEW.booking_id AND l.kind = NEW.kind
       AND l.taxable_paise = -NEW.taxable_paise AND l.cgst_paise = -NEW.cgst_paise AND l.sgst_paise = -NEW.sgst_paise
       AND l.amount_paise = -NEW.amount_paise) THEN
    RAISE EXCEPTION USING ERRCODE = 'FO409', MESSAGE = 'A reversal must negate a line of the same bill that is not itself a reversal.';
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER folio_reversal_matches BEFORE INSERT ON folio_lines
  FOR EACH ROW EXECUTE FUNCTION folio_reversal_matches();

-- THE check-out rule, on the booking itself so that every path that checks a guest out goes
-- through it: refused while a balance is due, unless the owner allowed it in this transaction
-- (folio_allow_check_out, which the server calls for an owner only); the allowance is recorded.
CREATE OR REPLACE FUNCTION folio_allow_check_out(p_staff text) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('folio.check_out_allowed_by', p_staff, true);
$$;

CREATE OR REPLACE FUNCTION folio_settled_at_check_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_due bigint := (folio_sums(NEW.booking_id)).balance_paise;
  v_allowed_by text := nullif(current_setting('folio.check_out_allowed_by', true), '');
BEGIN
  IF v_due > 0 THEN
    IF v_allowed_by IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'FO402', MESSAGE = 'A balance is still due on this bill.', DETAIL = v_due::text;
    END IF;
    INSERT INTO folio_overrides (booking_id, due_paise, staff) VALUES (NEW.booking_id, v_due, v_allowed_by);
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER folio_settled_at_check_out BEFORE UPDATE OF status ON bookings
  FOR EACH ROW WHEN (NEW.status = 'checked_out' AND OLD.status IS DISTINCT FROM 'checked_out')
  EXECUTE FUNCTION folio_settled_at_check_out();

-- Issue 24: emails through an outbox, the guest's manage link, change and cancel.

-- A booking is confirmed or cancelled. A cancelled booking holds no nights (room_nights), stays
-- readable by its manage link and in the admin list, and is never counted in the inventory.
ALTER TABLE bookings
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  ADD COLUMN cancelled_at timestamptz,
  -- The calendar file's SEQUENCE: raised by every change of the stay and by a cancel.
  ADD COLUMN sequence integer NOT NULL DEFAULT 0,
  -- Part of what the manage link signs: raised when the email address changes, so that a link
  -- mailed to the old address stops working.
  ADD COLUMN manage_version integer NOT NULL DEFAULT 1;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('delete', 'restore', 'email', 'import', 'change', 'cancel'));

-- Secrets the server keeps in the database, so that every instance signs alike (the manage link's
-- HMAC key: 32 random bytes the first instance to start writes).
CREATE TABLE server_secrets (
  name  text PRIMARY KEY,
  value bytea NOT NULL
);

-- How this hotel's mail goes, set by the server at start (server/mail/settings.ts): the hotel's
-- own address for its copies (HOTEL_EMAIL), and whether SMTP is set up (SMTP_URL). Read by the
-- statements that queue messages, so that a confirm needs no parameter for them. One row.
CREATE TABLE mail_settings (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  hotel_email text,
  deliver     boolean NOT NULL DEFAULT false
);
INSERT INTO mail_settings (id, hotel_email, deliver) VALUES (true, NULL, false);

-- One row per message to send. Written in the same transaction as the booking change it tells
-- of; the sender (server/mail/sender.ts) claims rows with FOR UPDATE SKIP LOCKED, so that any
-- number of instances send each message once. `booking` is the booking as it was when the row
-- was written: the message is rendered from it, so a later change never rewrites an earlier mail.
--   state: pending (to send), held (no SMTP_URL: waits here), retrying (failed, next_attempt_at
--   says when), sent, failed (gave up after the last try; the admin can resend).
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  created_at      timestamptz NOT NULL DEFAULT now(),
  booking_id      text NOT NULL,
  -- confirmed, changed, cancelled, email-old, email-new, link (to the guest);
  -- hotel-new, hotel-changed, hotel-cancelled (to the hotel).
  kind            text NOT NULL,
  recipient       text NOT NULL,
  booking         jsonb NOT NULL,
  -- Stable across retries and resends: a receiving server or client can drop a duplicate.
  -- A random UUID (no index: nothing looks a message up by it, and the confirm pays for every index).
  message_id      text NOT NULL DEFAULT (gen_random_uuid()::text),
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'held', 'retrying', 'sent', 'failed')),
  tries           integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state IN ('pending', 'held', 'retrying');

-- The booking as messages show it: no guest key hash, no search text.
CREATE FUNCTION booking_snapshot(b bookings) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'bookingId', b.booking_id, 'roomId', b.room_id, 'roomName', b.room_name, 'packageIndex', b.package_index,
    'rooms', b.rooms, 'checkIn', b.check_in, 'checkOut', b.check_out, 'totalPrice', b.total_price,
    'email', b.email, 'status', b.status, 'sequence', b.sequence, 'manageVersion', b.manage_version,
    'createdAt', b.created_at);
$$;

-- Queues the guest's message and, when HOTEL_EMAIL is set and p_hotel_kind is given, the hotel's
-- copy: one INSERT. Without SMTP the rows wait as 'held'. PL/pgSQL, not SQL: its statement is
-- planned once per connection (a SQL function's is planned on every call, which cost a confirm
-- about half again its database time).
CREATE FUNCTION queue_booking_mail(p_booking_id text, p_kind text, p_hotel_kind text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (booking_id, kind, recipient, booking, state)
  SELECT b.booking_id, m.kind, m.recipient, booking_snapshot(b), CASE WHEN s.deliver THEN 'pending' ELSE 'held' END
    FROM bookings b
   CROSS JOIN mail_settings s
   CROSS JOIN LATERAL (
     SELECT p_kind, b.email
     UNION ALL
     SELECT p_hotel_kind, s.hotel_email WHERE p_hotel_kind IS NOT NULL AND s.hotel_email IS NOT NULL
   ) AS m(kind, recipient)
   WHERE b.booking_id = p_booking_id;
END $$;

-- confirm_booking as in migration 006, also queueing the confirmation (and the hotel's copy) in
-- the same transaction: a booking is never stored without its messages, nor the reverse.
DROP FUNCTION confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, integer, text, integer, text);
CREATE FUNCTION confirm_booking(
  p_draft_id uuid, p_booking_id text, p_guest_key_hash bytea, p_room_id text, p_room_name text,
  p_package_index integer, p_rooms integer, p_check_in date, p_check_out date, p_total_price integer,
  p_email text, p_capacity integer, p_created_from text)
RETURNS TABLE (replayed boolean, booking_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_id text := p_booking_id;
  v_stored text;
BEGIN
  SELECT b.booking_id INTO v_stored FROM bookings b WHERE b.draft_id = p_draft_id;
  IF FOUND THEN
    RETURN QUERY SELECT true, v_stored;
    RETURN;
  END IF;
  PERFORM take_nights(p_room_id, p_check_in, p_check_out, p_rooms, p_capacity);
  LOOP
    INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, package_index, rooms, check_in, check_out,
                          total_price, email, created_from)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out,
            p_total_price, p_email, p_created_from)
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  PERFORM queue_booking_mail(v_stored, 'confirmed', 'hotel-new');
  RETURN QUERY SELECT false, v_stored;
END $$;

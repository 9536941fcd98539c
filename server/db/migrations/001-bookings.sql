-- Bookings, the nights they hold, and the audit trail.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE bookings (
  booking_id     text PRIMARY KEY CHECK (length(booking_id) BETWEEN 1 AND 64),
  -- The client's draft ID: a retried confirm with the same draft finds its booking here.
  -- Null for bookings imported from a browser backup.
  draft_id       uuid UNIQUE,
  -- SHA-256 of the secret the guest's device keeps; null for imported bookings.
  guest_key_hash bytea,
  -- Null only for imported records that never named a room type or dates; such a booking holds no nights.
  room_id        text,
  room_name      text NOT NULL,
  package_index  integer NOT NULL DEFAULT 0,
  rooms          integer NOT NULL CHECK (rooms BETWEEN 0 AND 3),
  check_in       date,
  check_out      date,
  total_price    integer NOT NULL CHECK (total_price >= 0),
  email          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- Soft delete: the admin can restore it for 30 days, then it is purged.
  deleted_at     timestamptz,
  CHECK (check_out > check_in)
);

-- Admin list: newest first.
CREATE INDEX bookings_newest ON bookings (created_at DESC, booking_id DESC) WHERE deleted_at IS NULL;
-- Admin search: case-insensitive "contains" on ID, email and room name through trigrams. The
-- expression must match bookingQueries.ts exactly for the planner to use it.
CREATE INDEX bookings_search ON bookings USING gin ((lower(booking_id || chr(31) || email || chr(31) || room_name)) gin_trgm_ops)
  WHERE deleted_at IS NULL;
CREATE INDEX bookings_deleted ON bookings (deleted_at) WHERE deleted_at IS NOT NULL;

-- Rooms taken per room type per night. The invariant the whole design protects:
-- booked never exceeds the hotel's rooms of that type (enforced by the guarded upsert below).
CREATE TABLE room_nights (
  room_id text NOT NULL,
  night   date NOT NULL,
  booked  integer NOT NULL CHECK (booked >= 0),
  PRIMARY KEY (room_id, night)
);

CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  booking_id text NOT NULL,
  action     text NOT NULL CHECK (action IN ('delete', 'restore', 'email', 'import')),
  actor      text NOT NULL CHECK (actor IN ('admin', 'guest')),
  address    text
);

-- Takes p_rooms rooms on every night from p_check_in to the night before p_check_out, or raises
-- 'rooms_unavailable' (SQLSTATE P0001) and takes nothing, as the caller's statement rolls back.
-- One upsert for all nights, in date order, so that two confirms lock the same rows in the same
-- order (no deadlock). ON CONFLICT DO UPDATE re-reads the latest committed row after waiting for
-- its lock, so the WHERE guard sees every booking committed before it: no check-then-insert gap.
CREATE FUNCTION take_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer, p_capacity integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
BEGIN
  IF p_rooms <= 0 OR p_check_in IS NULL OR p_check_out IS NULL OR p_room_id IS NULL THEN
    RETURN;
  END IF;
  WITH taken AS (
    INSERT INTO room_nights AS rn (room_id, night, booked)
    SELECT p_room_id, night::date, p_rooms
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS night
    WHERE p_rooms <= p_capacity
    ORDER BY night
    ON CONFLICT (room_id, night) DO UPDATE SET booked = rn.booked + excluded.booked
      WHERE rn.booked + excluded.booked <= p_capacity
    RETURNING 1
  )
  SELECT count(*) INTO v_taken FROM taken;
  IF v_taken < p_check_out - p_check_in THEN
    RAISE EXCEPTION 'rooms_unavailable' USING ERRCODE = 'P0001';
  END IF;
END $$;

-- Gives the nights back (delete).
CREATE FUNCTION free_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer)
RETURNS void LANGUAGE sql AS $$
  UPDATE room_nights SET booked = booked - p_rooms
  WHERE room_id = p_room_id AND night >= p_check_in AND night < p_check_out AND p_rooms > 0;
$$;

-- Confirm in one round trip: a replayed draft answers its booking; otherwise take the nights,
-- then store the booking under the requested ID or, if another booking has that ID, a free one.
-- A concurrent confirm of the same draft fails on draft_id's unique index (23505) and the
-- caller reads the winner's booking.
CREATE FUNCTION confirm_booking(
  p_draft_id uuid, p_booking_id text, p_guest_key_hash bytea, p_room_id text, p_room_name text,
  p_package_index integer, p_rooms integer, p_check_in date, p_check_out date, p_total_price integer,
  p_email text, p_capacity integer)
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
    INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, package_index, rooms, check_in, check_out, total_price, email)
    VALUES (v_id, p_draft_id, p_guest_key_hash, p_room_id, p_room_name, p_package_index, p_rooms, p_check_in, p_check_out, p_total_price, p_email)
    ON CONFLICT ON CONSTRAINT bookings_pkey DO NOTHING
    RETURNING bookings.booking_id INTO v_stored;
    EXIT WHEN v_stored IS NOT NULL;
    v_id := 'BK' || (100000 + floor(random() * 900000))::integer;
  END LOOP;
  RETURN QUERY SELECT false, v_stored;
END $$;

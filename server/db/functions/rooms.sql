-- Rooms by number (issue 38, migration 040): which room holds each night of a booking.
--
-- room_nights counts the rooms taken per type per night and take_nights guards that count
-- (inventory.sql); room_placements says which rooms. The count stays the rule a confirm is
-- refused by; the placements follow it: whenever the count lets a booking in, a room is free for
-- it (the type's rooms in use are room_types.rooms, and each placement or block occupies one).
--
-- Lock order, everywhere: the type's advisory lock (when taken), then a room's row (channel
-- imports), then room_nights rows in date order. Every statement that adds a placement or a block
-- on a night holds that night's room_nights row, so two of them never choose the same room.

-- Whether a booking in this status holds rooms (src/domain/bookingStatus.ts holdsRooms says the
-- same for the server's code and the screens): a booking awaiting its payment holds its rooms, and
-- is placed on them, until its hold runs out (issue 37).
CREATE OR REPLACE FUNCTION holds_rooms(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status IN ('awaiting_payment', 'confirmed', 'checked_in', 'checked_out');
$$;

-- Locks the type's room_nights rows from p_from to the night before p_to, in date order, making
-- the missing ones (booked 0): the rows every change of placements or blocks on those nights waits
-- on. A no-op update rather than SELECT FOR UPDATE, so that a row another transaction is inserting
-- is waited for and then locked, as take_nights does.
CREATE OR REPLACE FUNCTION lock_room_nights(p_type text, p_from date, p_to date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO room_nights AS rn (room_id, night, booked)
  SELECT p_type, d::date, 0 FROM generate_series(p_from, p_to - 1, interval '1 day') AS d ORDER BY d
  ON CONFLICT (room_id, night) DO UPDATE SET booked = rn.booked;
$$;

-- A room is free on a night when no booking is placed on it and no channel's block takes it.
CREATE OR REPLACE FUNCTION room_is_free(p_room bigint, p_night date) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM room_placements p WHERE p.room = p_room AND p.night = p_night)
     AND NOT EXISTS (SELECT 1 FROM channel_block_nights k WHERE k.room = p_room AND k.night = p_night AND NOT k.echo);
$$;

-- Makes the booking's placements match its row: none when it holds no rooms (cancelled, no-show,
-- deleted); otherwise `rooms` rooms on each night from check-in to the night before check-out.
-- Nights it keeps stay on their rooms; nights it no longer has are given up (from the rooms it
-- uses least, when it has fewer rooms now); nights it lacks are placed, preferring a room it
-- already uses (the same room every night), then the room free for the most of those nights in
-- a row, then a room no channel sends blocks back for, then the lowest number. Raises
-- 'rooms_unavailable' (P0001, as take_nights) when no room of its type is free on a night.
-- Called by the trigger below on every change of a booking's stay, so every path keeps in step.
CREATE OR REPLACE FUNCTION place_booking(p_booking_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_type text;
  v_rooms integer;
  v_in date;
  v_out date;
  v_holds boolean;
  v_short date[];
  v_room bigint;
  v_run integer;
  v_locked boolean := false;
BEGIN
  SELECT b.room_id, b.rooms, b.check_in, b.check_out,
         b.deleted_at IS NULL AND holds_rooms(b.status) AND b.room_id IS NOT NULL AND b.rooms > 0
           AND b.check_in IS NOT NULL AND b.check_out IS NOT NULL
    INTO v_type, v_rooms, v_in, v_out, v_holds
    FROM bookings b WHERE b.booking_id = p_booking_id;
  IF NOT coalesce(v_holds, false) OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.type_id = v_type) THEN
    DELETE FROM room_placements WHERE booking_id = p_booking_id;
    RETURN;
  END IF;
  DELETE FROM room_placements WHERE booking_id = p_booking_id AND (night < v_in OR night >= v_out);
  DELETE FROM room_placements p
   USING (SELECT q.room, q.night, row_number() OVER (PARTITION BY q.night ORDER BY q.uses DESC, q.room) AS k
            FROM (SELECT room, night, count(*) OVER (PARTITION BY room) AS uses
                    FROM room_placements WHERE booking_id = p_booking_id) AS q) AS x
   WHERE p.room = x.room AND p.night = x.night AND x.k > v_rooms;
  LOOP
    SELECT array_agg(s::date ORDER BY s) INTO v_short
      FROM generate_series(v_in, v_out - 1, interval '1 day') AS s
     WHERE (SELECT count(*) FROM room_placements p WHERE p.booking_id = p_booking_id AND p.night = s::date) < v_rooms;
    EXIT WHEN v_short IS NULL;
    IF NOT v_locked THEN
      PERFORM lock_room_nights(v_type, v_short[1], v_short[cardinality(v_short)] + 1);
      v_locked := true;
    END IF;
    v_room := NULL;
    SELECT r.id, f.run INTO v_room, v_run
      FROM rooms r
     CROSS JOIN LATERAL (
       SELECT coalesce(min(m.i) - 1, cardinality(v_short))::integer AS run
         FROM unnest(v_short) WITH ORDINALITY AS m(night, i)
        WHERE NOT room_is_free(r.id, m.night)
     ) AS f
     WHERE r.type_id = v_type AND r.retired_at IS NULL AND f.run > 0
     ORDER BY EXISTS (SELECT 1 FROM room_placements u WHERE u.room = r.id AND u.booking_id = p_booking_id) DESC,
              f.run DESC,
              EXISTS (SELECT 1 FROM channel_block_nights k WHERE k.room = r.id AND k.night >= v_in AND k.night < v_out),
              length(r.number), r.number
     LIMIT 1;
    IF v_room IS NULL THEN
      RAISE EXCEPTION 'rooms_unavailable' USING ERRCODE = 'P0001';
    END IF;
    INSERT INTO room_placements (room, night, booking_id)
    SELECT v_room, d, p_booking_id FROM unnest(v_short[1:v_run]) AS d;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION bookings_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM place_booking(NEW.booking_id);
  RETURN NULL;
END $$;

-- The placements follow the booking row: a confirm, a phone booking, a change of stay, a cancel,
-- a move at the desk (check-out early, no-show, undo), a delete and its restore, an import of a
-- backup, a burst deleted at once: each writes the row, and this puts its rooms in step in the
-- same transaction, after whatever took or freed its nights.
CREATE OR REPLACE TRIGGER bookings_placed_new AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_placed();
CREATE OR REPLACE TRIGGER bookings_placed_changed AFTER UPDATE OF room_id, rooms, check_in, check_out, status, deleted_at ON bookings
  FOR EACH ROW
  WHEN (OLD.room_id IS DISTINCT FROM NEW.room_id OR OLD.rooms IS DISTINCT FROM NEW.rooms OR OLD.check_in IS DISTINCT FROM NEW.check_in
        OR OLD.check_out IS DISTINCT FROM NEW.check_out OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION bookings_placed();

-- The desk's "Move to": the booking's nights on one room, from p_from_night on, go to another room
-- of its type, all of them or none. Answers how many nights moved and, when the other room is not
-- free on one of them (a booking placed there, or a channel's block), the first such night.
CREATE OR REPLACE FUNCTION move_booking_room(p_booking_id text, p_from_room bigint, p_to_room bigint, p_from_night date)
RETURNS TABLE (moved integer, taken date) LANGUAGE plpgsql AS $$
DECLARE
  v_nights date[];
  v_type text;
  v_taken date;
BEGIN
  SELECT r.type_id INTO v_type FROM rooms r WHERE r.id = p_from_room;
  SELECT array_agg(p.night ORDER BY p.night) INTO v_nights
    FROM room_placements p WHERE p.booking_id = p_booking_id AND p.room = p_from_room AND p.night >= p_from_night;
  IF v_nights IS NULL OR v_type IS NULL THEN
    RETURN QUERY SELECT 0, NULL::date;
    RETURN;
  END IF;
  PERFORM lock_room_nights(v_type, v_nights[1], v_nights[cardinality(v_nights)] + 1);
  -- Read again under the locks: another move of the same booking may have come first.
  SELECT array_agg(p.night ORDER BY p.night) INTO v_nights
    FROM room_placements p WHERE p.booking_id = p_booking_id AND p.room = p_from_room AND p.night >= p_from_night;
  IF v_nights IS NULL THEN
    RETURN QUERY SELECT 0, NULL::date;
    RETURN;
  END IF;
  SELECT min(n) INTO v_taken FROM unnest(v_nights) AS n WHERE NOT room_is_free(p_to_room, n);
  IF v_taken IS NOT NULL THEN
    RETURN QUERY SELECT 0, v_taken;
    RETURN;
  END IF;
  UPDATE room_placements SET room = p_to_room, placed_at = now()
   WHERE booking_id = p_booking_id AND room = p_from_room AND night = ANY (v_nights);
  RETURN QUERY SELECT cardinality(v_nights), NULL::date;
END $$;

-- Issue 38: the hotel's rooms by number (101-108 Classic, 201-204 Suit), and every booking's
-- nights placed on them.
--
-- Inventory stays by type for the guest: room_nights.booked is still the rooms taken per type per
-- night, and take_nights still guards it. What this adds is WHICH room: every night a booking
-- holds, each of its rooms is placed on one room of its type (room_placements), the same room
-- every night where possible. The number of rooms placed per type per night equals booked: the
-- placements follow the booking row (a trigger on bookings, server/db/functions/rooms.sql), so
-- every path that takes or frees nights keeps them in step without knowing of them.

-- The rooms of each type. room_types.rooms stays the number the confirm reads (take_nights); it
-- always equals the rooms of the type not retired, as adding and retiring change both in one
-- transaction under the type's lock (server/db/roomQueries.ts).
CREATE TABLE rooms (
  id             bigserial PRIMARY KEY,
  type_id        text NOT NULL REFERENCES room_types (room_id),
  -- As the owner writes it on the door: 101, G2, Tree House 1.
  number         text NOT NULL CHECK (length(number) BETWEEN 1 AND 20 AND number = btrim(number)),
  -- A retired room keeps its past (the nights it held) and takes no new nights.
  retired_at     timestamptz,
  -- The room's calendar address (/api/calendars/<token>.ics): unguessable (two random UUIDs,
  -- 244 random bits) and replaceable, since a calendar address that leaked shows every stay.
  calendar_token text NOT NULL UNIQUE DEFAULT translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- Two rooms in use never share a number, in any letter case.
CREATE UNIQUE INDEX rooms_number_in_use ON rooms (lower(number)) WHERE retired_at IS NULL;
CREATE INDEX rooms_of_type ON rooms (type_id);

-- One row per room per night a booking holds it. The primary key is the guard: no room is ever
-- placed twice on one night, whatever races (confirms, moves, imports of channel blocks).
CREATE TABLE room_placements (
  room       bigint NOT NULL REFERENCES rooms,
  night      date NOT NULL,
  booking_id text NOT NULL REFERENCES bookings ON DELETE CASCADE,
  -- When this night was put on this room: a channel that read our calendar after it knows of it
  -- (an event it sends back for it is our own booking echoed, not a sale: functions/channels.sql).
  placed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room, night)
);
CREATE INDEX room_placements_booking ON room_placements (booking_id, night);

-- Rooms that other channels sold or closed (imported calendars, migration 041), per type per
-- night: rooms with a block on that night. Taken like booked, so the guest sees one room fewer.
ALTER TABLE room_nights ADD COLUMN blocked integer NOT NULL DEFAULT 0 CHECK (blocked >= 0);

-- The calendar of a room type (a night is blocked when no room of the type is left), for channels
-- that sell by type.
ALTER TABLE room_types ADD COLUMN calendar_token text NOT NULL UNIQUE
  DEFAULT translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');

-- Rooms for the hotel's types: the first type (in name order: deluxe, the Classic Rooms) gets
-- 101, 102, …, the second 201, …. A type that once had more rooms booked on a night than it has
-- now (the owner lowered the number after those nights) gets the extra rooms too, retired, so
-- that its past bookings have rooms to stand on.
INSERT INTO rooms (type_id, number, retired_at)
SELECT t.room_id,
       CASE WHEN k < 100 THEN (t.floor * 100 + k)::text ELSE (t.floor * 1000 + k)::text END,
       CASE WHEN k > t.rooms THEN now() END
  FROM (SELECT room_id, rooms, row_number() OVER (ORDER BY room_id) AS floor,
               greatest(rooms, (SELECT coalesce(max(n.booked), 0) FROM room_nights n WHERE n.room_id = room_types.room_id)) AS seeded
          FROM room_types) AS t,
       generate_series(1, t.seeded) AS k
 ORDER BY t.room_id, k;

-- Every booking that holds rooms is placed, type by type, in order of arrival: each of its rooms
-- on the first room free from its arrival (interval colouring, first fit). Taken in order of
-- arrival, first fit never needs more rooms than the most booked on one night, so every booking
-- stays in one room for its whole stay. Rooms in use come before the retired ones.
DO $$
DECLARE
  t record;
  b record;
  v_rooms bigint[];
  -- Per room (same index as v_rooms): the day it is free from, as far as bookings placed so far go.
  v_free date[];
  v_pick integer;
BEGIN
  FOR t IN SELECT room_id FROM room_types ORDER BY room_id LOOP
    SELECT array_agg(id ORDER BY retired_at NULLS FIRST, id) INTO v_rooms FROM rooms WHERE type_id = t.room_id;
    CONTINUE WHEN v_rooms IS NULL;
    v_free := array_fill('-infinity'::date, ARRAY[cardinality(v_rooms)]);
    FOR b IN
      SELECT g.booking_id, g.check_in, g.check_out, u
        FROM bookings g, generate_series(1, g.rooms) AS u
       WHERE g.room_id = t.room_id AND g.deleted_at IS NULL AND g.status IN ('confirmed', 'checked_in', 'checked_out')
         AND g.rooms > 0 AND g.check_in IS NOT NULL AND g.check_out IS NOT NULL
       ORDER BY g.check_in, g.booking_id, u
    LOOP
      SELECT min(i) INTO v_pick FROM generate_subscripts(v_free, 1) AS i WHERE v_free[i] <= b.check_in;
      IF v_pick IS NOT NULL THEN
        v_free[v_pick] := b.check_out;
        INSERT INTO room_placements (room, night, booking_id)
        SELECT v_rooms[v_pick], d::date, b.booking_id FROM generate_series(b.check_in, b.check_out - 1, interval '1 day') AS d
        ON CONFLICT DO NOTHING;
      ELSE
        -- Only where room_nights disagreed with the bookings before (more stays than it counted):
        -- night by night on any room still free, so that the upgrade never stops here.
        INSERT INTO room_placements (room, night, booking_id)
        SELECT (SELECT r FROM unnest(v_rooms) AS r
                 WHERE NOT EXISTS (SELECT 1 FROM room_placements p WHERE p.room = r AND p.night = d::date) LIMIT 1),
               d::date, b.booking_id
          FROM generate_series(b.check_in, b.check_out - 1, interval '1 day') AS d
         WHERE EXISTS (SELECT 1 FROM unnest(v_rooms) AS r
                        WHERE NOT EXISTS (SELECT 1 FROM room_placements p WHERE p.room = r AND p.night = d::date))
        ON CONFLICT DO NOTHING;
      END IF;
    END LOOP;
  END LOOP;
END $$;

-- A booking moved to another room at the desk is audited as 'room'. The list of actions is
-- extended, not written out again: a migration of another change may have added actions of its
-- own, which a list written here would drop.
DO $$
DECLARE
  v_check text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO v_check FROM pg_constraint
   WHERE conrelid = 'audit_log'::regclass AND conname = 'audit_log_action_check';
  IF v_check IS NOT NULL AND v_check LIKE '%ARRAY[%' THEN
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
    EXECUTE 'ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check ' || replace(v_check, 'ARRAY[', 'ARRAY[''room''::text, ');
  END IF;
END $$;

-- place_booking (the placements follow the booking row), its trigger, and the moves of the desk:
-- server/db/functions/rooms.sql.

-- Rooms taken per room type per night (table room_nights): taking and giving back a stay's
-- nights, and the rooms left that the booking screen shows. The invariant the whole design
-- protects: booked + out_of_service never exceeds the hotel's rooms of that type. Rooms other
-- channels sold (blocked, from their calendars: functions/channels.sql) are taken too, but a
-- channel's block is accepted even on a full night, so booked + blocked + out_of_service may then
-- exceed the rooms: the night is overbooked, and the desk and the owner are told.

-- The owner's two rules about nights, each written once: every statement that asks whether a
-- night is closed or what the minimum stay is asks these (check_stay_rules below, room_availability,
-- the owner's calendar in server/db/priceQueries.ts). SQL functions of one expression, inlined
-- into the statement that calls them.

-- Whether the owner closed this night for this type (or the whole hotel).
CREATE OR REPLACE FUNCTION night_closed(p_room_id text, p_night date) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM closures c WHERE p_night BETWEEN c.first_night AND c.last_night
                                            AND (c.room_id IS NULL OR c.room_id = p_room_id));
$$;

-- The fewest nights a stay of this type arriving on p_arrival may have (the largest minimum set
-- for that day, for the type or the whole hotel); null when none is set.
CREATE OR REPLACE FUNCTION min_nights(p_room_id text, p_arrival date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT max(m.nights) FROM min_stays m
   WHERE p_arrival BETWEEN m.first_night AND m.last_night AND (m.room_id IS NULL OR m.room_id = p_room_id);
$$;

-- The owner's rules for selling a stay (issue 22): no night taken (p_first_night to the night
-- before p_check_out) may be closed, and the stay (p_check_in to p_check_out) must be at least the
-- minimum set for arriving on p_check_in. Answers the first rule the stay breaks ('stay_closed' or
-- 'stay_min_nights') with what the guest's message needs as JSON, or no row when it breaks none.
-- A quote asks this (server/stayGate.ts); take_nights asks check_stay_rules, which raises it.
CREATE OR REPLACE FUNCTION stay_rule_broken(p_room_id text, p_check_in date, p_check_out date, p_first_night date)
RETURNS TABLE (rule text, detail json) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_closed date[];
  v_min integer;
BEGIN
  SELECT array_agg(s.ts::date ORDER BY s.ts) INTO v_closed
    FROM generate_series(p_first_night, p_check_out - 1, interval '1 day') AS s(ts)
   WHERE night_closed(p_room_id, s.ts::date);
  IF v_closed IS NOT NULL THEN
    RETURN QUERY SELECT 'stay_closed', json_build_object('roomId', p_room_id, 'nights', v_closed);
    RETURN;
  END IF;
  v_min := min_nights(p_room_id, p_check_in);
  IF v_min IS NOT NULL AND p_check_out - p_check_in < v_min THEN
    RETURN QUERY SELECT 'stay_min_nights', json_build_object('checkIn', p_check_in, 'nights', v_min);
  END IF;
END $$;

-- stay_rule_broken as a refusal, in the caller's transaction: take_nights calls it, so every path
-- that makes a booking hold nights obeys the owner's rules alike (a confirm and the desk's phone
-- and walk-in bookings through confirm_booking, a manage change and its quote, Pay again and a
-- late payment through hold_again, an undo, a restore and an import). It raises the rule's name
-- (SQLSTATE P0001, as 'rooms_unavailable') with its facts as JSON in DETAIL
-- (server/db/bookingQueries.ts, stayRefusalOf).
CREATE OR REPLACE FUNCTION check_stay_rules(p_room_id text, p_check_in date, p_check_out date, p_first_night date)
RETURNS void LANGUAGE plpgsql STABLE AS $$
DECLARE
  v record;
BEGIN
  SELECT * INTO v FROM stay_rule_broken(p_room_id, p_check_in, p_check_out, p_first_night);
  IF v.rule IS NOT NULL THEN
    RAISE EXCEPTION USING MESSAGE = v.rule, ERRCODE = 'P0001', DETAIL = v.detail::text;
  END IF;
END $$;

-- Takes p_rooms rooms on every night from p_check_in to the night before p_check_out, or raises
-- and takes nothing, as the caller's statement rolls back: first the owner's rules
-- (check_stay_rules, for the stay arriving on p_arrival, or p_check_in when these nights are the
-- whole stay; p_arrival is earlier when an undone early check-out takes its last nights back),
-- then 'rooms_unavailable' (SQLSTATE P0001) when a night has too few rooms left.
-- The number of rooms is the owner's (room_types), p_capacity only for a type the table does not
-- know; rooms out of service and rooms other channels sold count as taken.
-- One upsert for all nights, in date order, so that two confirms lock the same rows in the same
-- order (no deadlock). ON CONFLICT DO UPDATE re-reads the latest committed row after waiting for
-- its lock, so the WHERE guard sees every booking committed before it: no check-then-insert gap.
-- The type's lock is held shared while the nights are taken; a change of the type's number of
-- rooms or of its rooms out of service takes it alone (server/db/priceQueries.ts, lockRoomType),
-- so neither slips in between the other's check and its write. An advisory lock, not FOR SHARE on
-- the room_types row: a row locked by many transactions at once is written again by each new one
-- (a MultiXact, logged), which cost about a quarter of a confirm's database time under load.
CREATE OR REPLACE FUNCTION take_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer, p_capacity integer,
                                       p_arrival date DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
  v_capacity integer;
BEGIN
  IF p_rooms <= 0 OR p_check_in IS NULL OR p_check_out IS NULL OR p_room_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM check_stay_rules(p_room_id, coalesce(p_arrival, p_check_in), p_check_out, p_check_in);
  PERFORM pg_advisory_xact_lock_shared(7311012, hashtext(p_room_id));
  SELECT t.rooms INTO v_capacity FROM room_types t WHERE t.room_id = p_room_id;
  IF NOT FOUND THEN
    v_capacity := p_capacity;
  END IF;
  WITH taken AS (
    INSERT INTO room_nights AS rn (room_id, night, booked)
    SELECT p_room_id, night::date, p_rooms
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS night
    WHERE p_rooms <= v_capacity
    ORDER BY night
    ON CONFLICT (room_id, night) DO UPDATE SET booked = rn.booked + excluded.booked
      WHERE rn.booked + rn.out_of_service + rn.blocked + excluded.booked <= v_capacity
    RETURNING 1
  )
  SELECT count(*) INTO v_taken FROM taken;
  IF v_taken < p_check_out - p_check_in THEN
    RAISE EXCEPTION 'rooms_unavailable' USING ERRCODE = 'P0001';
  END IF;
END $$;

-- Gives the nights back (delete, cancel, no-show, the nights an early check-out did not stay).
CREATE OR REPLACE FUNCTION free_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer)
RETURNS void LANGUAGE sql AS $$
  UPDATE room_nights SET booked = booked - p_rooms
  WHERE room_id = p_room_id AND night >= p_check_in AND night < p_check_out AND p_rooms > 0;
$$;

-- For each room type asked about (in the order asked): its number of rooms, its meal plans and guest rules, the minimum stay for
-- arriving on p_check_in, and each night's price of one room, its CGST and SGST (stay_nights'
-- own, which confirm_booking stores: the confirmation screen's figures before Confirm are the
-- confirm's, issue 34), rooms left and closure, as JSON (server/db/bookingQueries.ts availability()). In a function for its generic plan: the
-- statements are a few index lookups, and planning them afresh for each call's dates cost more
-- than running them. Without JIT: a generic plan's costs are guesses, and a guess past
-- jit_above_cost spent 15 ms compiling a plan that runs in 0.5 ms.
CREATE OR REPLACE FUNCTION room_availability(p_room_ids text[], p_capacities integer[], p_check_in date, p_check_out date)
RETURNS TABLE (room_id text, capacity integer, min_nights integer, nights json, plans json, guest_rules json)
LANGUAGE plpgsql STABLE ROWS 2 SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT r.room_id, coalesce(t.rooms, r.capacity),
         min_nights(r.room_id, p_check_in),
         (SELECT json_agg(json_build_object(
                   'night', to_char(s.night, 'YYYY-MM-DD'), 'pricePaise', s.price_paise,
                   'cgstPaise', s.cgst_paise, 'sgstPaise', s.sgst_paise,
                   'left', greatest(0, coalesce(t.rooms, r.capacity) - coalesce(
                     (SELECT n.booked + n.out_of_service + n.blocked FROM room_nights n WHERE n.room_id = r.room_id AND n.night = s.night), 0)),
                   'closed', night_closed(r.room_id, s.night))
                 ORDER BY s.night)
            FROM stay_nights(r.room_id, p_check_in, p_check_out) AS s),
         -- Issue 40: the plans turned on (CP alone for a type without plans set) and the guest rules.
         coalesce((SELECT json_agg(json_build_object('packageIndex', m.package_index, 'pricePaise', m.price_paise, 'per', m.per)
                                   ORDER BY m.package_index)
                     FROM meal_plans m WHERE m.room_id = r.room_id AND m.enabled),
                  CASE WHEN NOT EXISTS (SELECT 1 FROM meal_plans m WHERE m.room_id = r.room_id)
                       THEN json_build_array(json_build_object('packageIndex', 0, 'pricePaise', 0, 'per', 'room')) END,
                  '[]'::json),
         json_build_object('includedAdults', coalesce(t.included_adults, 2), 'maxAdults', coalesce(t.max_adults, 2),
                           'maxChildren', coalesce(t.max_children, 0), 'extraAdultPaise', coalesce(t.extra_adult_paise, 0),
                           'extraChildPaise', coalesce(t.extra_child_paise, 0), 'childFreeBelowAge', coalesce(t.child_free_below, 0))
    FROM unnest(p_room_ids, p_capacities) WITH ORDINALITY AS r(room_id, capacity, position)
    LEFT JOIN room_types t ON t.room_id = r.room_id
   ORDER BY r.position;
END $$;

-- The price and GST of each coming night, worked out ahead (issue 22's budgets).
--
-- Priced night by night on every request (the newest price rule covering the night, then the GST
-- slab parsed from hotel_settings' JSON), availability cost PostgreSQL about five times what it did
-- before prices came from the database (bench:api: 830 against 150 µs of CPU an answer), and a
-- confirm about twice. night_prices holds the answer of price_nights() (the rule, below,
-- unchanged from migration 009's stay_nights) for every room type and every night from yesterday
-- to three years ahead (as far as a price rule may reach): a row read by primary key per night.
--
-- It is a cache, and the rule stays the truth: the triggers at the end work it out again in the
-- same transaction as any change to what a night's price depends on (price rules, a type's
-- price, the GST slabs), so no instance ever reads a price the owner has replaced; the server
-- works it out again hourly, so that its window moves with the days; and a stay with
-- any night the cache does not hold is priced by the rule itself (stay_nights, below).

CREATE TABLE night_prices (
  room_id     text NOT NULL,
  night       date NOT NULL,
  price_paise integer NOT NULL,
  cgst_bp     integer NOT NULL,
  sgst_bp     integer NOT NULL,
  cgst_paise  integer NOT NULL,
  sgst_paise  integer NOT NULL,
  PRIMARY KEY (room_id, night)
);

-- Migration 009's stay_nights under the name of what it is: the pricing rule itself.
ALTER FUNCTION stay_nights(text, date, date) RENAME TO price_nights;

-- Works night_prices out again from the rule. One run at a time; each statement after the lock
-- sees every change committed before it.
CREATE FUNCTION refresh_night_prices() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311011);
  DELETE FROM night_prices;
  INSERT INTO night_prices (room_id, night, price_paise, cgst_bp, sgst_bp, cgst_paise, sgst_paise)
  SELECT t.room_id, q.night, q.price_paise, q.cgst_bp, q.sgst_bp, q.cgst_paise, q.sgst_paise
    FROM room_types t
   CROSS JOIN LATERAL price_nights(t.room_id, current_date - 1, current_date + 1100) AS q
   WHERE q.price_paise IS NOT NULL AND q.cgst_bp IS NOT NULL AND q.sgst_bp IS NOT NULL;
END $$;

-- Each night of a stay of one room of a type, as migration 009's stay_nights answered it (every
-- caller keeps calling it): from the cache when it holds every night of the stay, else from the
-- rule. A generic plan from the first call: the statements are a few index lookups, and planning
-- them afresh for each call's dates cost more than running them. ROWS: a stay is days, not the
-- thousand rows the planner guesses for a function.
CREATE FUNCTION stay_nights(p_room_id text, p_check_in date, p_check_out date)
RETURNS TABLE (night date, price_paise integer, cgst_bp integer, sgst_bp integer, cgst_paise integer, sgst_paise integer)
LANGUAGE plpgsql STABLE ROWS 7 SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF (SELECT count(*) FROM night_prices c
       WHERE c.room_id = p_room_id AND c.night >= p_check_in AND c.night < p_check_out) = p_check_out - p_check_in THEN
    RETURN QUERY SELECT c.night, c.price_paise, c.cgst_bp, c.sgst_bp, c.cgst_paise, c.sgst_paise FROM night_prices c
                  WHERE c.room_id = p_room_id AND c.night >= p_check_in AND c.night < p_check_out ORDER BY c.night;
  ELSE
    RETURN QUERY SELECT * FROM price_nights(p_room_id, p_check_in, p_check_out);
  END IF;
END $$;

-- For each room type asked about (in the order asked): its number of rooms, the minimum stay for
-- arriving on p_check_in, and each night's price of one room, rooms left and closure, as JSON.
-- The statement server/db/bookingQueries.ts availability() sent itself before; in a function for
-- its generic plan, for the reason stay_nights gives. Without JIT: a generic plan's costs are
-- guesses, and a guess past jit_above_cost spent 15 ms compiling a plan that runs in 0.5 ms.
CREATE FUNCTION room_availability(p_room_ids text[], p_capacities integer[], p_check_in date, p_check_out date)
RETURNS TABLE (room_id text, capacity integer, min_nights integer, nights json)
LANGUAGE plpgsql STABLE ROWS 2 SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT r.room_id, coalesce(t.rooms, r.capacity),
         (SELECT max(m.nights) FROM min_stays m
           WHERE p_check_in BETWEEN m.first_night AND m.last_night AND (m.room_id IS NULL OR m.room_id = r.room_id)),
         (SELECT json_agg(json_build_object(
                   'night', to_char(s.night, 'YYYY-MM-DD'), 'pricePaise', s.price_paise,
                   'left', greatest(0, coalesce(t.rooms, r.capacity) - coalesce(
                     (SELECT n.booked + n.out_of_service FROM room_nights n WHERE n.room_id = r.room_id AND n.night = s.night), 0)),
                   'closed', EXISTS (SELECT 1 FROM closures c WHERE s.night BETWEEN c.first_night AND c.last_night
                                                              AND (c.room_id IS NULL OR c.room_id = r.room_id)))
                 ORDER BY s.night)
            FROM stay_nights(r.room_id, p_check_in, p_check_out) AS s)
    FROM unnest(p_room_ids, p_capacities) WITH ORDINALITY AS r(room_id, capacity, position)
    LEFT JOIN room_types t ON t.room_id = r.room_id
   ORDER BY r.position;
END $$;

CREATE FUNCTION night_prices_depend_on_this() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_night_prices();
  RETURN NULL;
END $$;
CREATE TRIGGER refresh_night_prices AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE TRIGGER refresh_night_prices AFTER INSERT OR DELETE OR UPDATE OF discount_paise ON room_types
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE TRIGGER refresh_night_prices AFTER UPDATE OF gst_slabs ON hotel_settings
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();

SELECT refresh_night_prices();

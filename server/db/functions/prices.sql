-- The price of a night and its GST (issue 22): the owner's rule, and the cache of its answers.
-- Rounding as the README's "GST" paragraph states it: CGST and SGST of one room-night each rounded
-- half up to the paisa; every total is the plain sum of the lines.

-- The GST at one rate on an amount: basis points of it, rounded half up to the paisa. The one
-- rounding of every tax figure (a night's CGST and SGST here, a bill's service in folio.sql). One
-- expression, inlined into the statement that calls it.
CREATE OR REPLACE FUNCTION gst_paise(p_amount_paise bigint, p_basis_points integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_amount_paise * p_basis_points + 5000) / 10000;
$$;

-- The GST rates of one room-night at this price: the first slab (hotel_settings.gst_slabs) whose
-- upToPaise is at least the price. PL/pgSQL, not SQL, so that its statement is planned once per
-- connection: as a SQL function it could not be inlined (it returns a row, not a set), so
-- PostgreSQL planned its query afresh on every call, once per night priced by the rule
-- (measured under bench:api, 160 µs of database CPU a call); planned once, the rule prices a
-- night as cheaply as night_prices answers it.
CREATE OR REPLACE FUNCTION gst_rates(p_price integer, OUT cgst_bp integer, OUT sgst_bp integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT (s.slab->>'cgstBasisPoints')::integer, (s.slab->>'sgstBasisPoints')::integer INTO cgst_bp, sgst_bp
    FROM hotel_settings h
   CROSS JOIN LATERAL jsonb_array_elements(h.gst_slabs) WITH ORDINALITY AS s(slab, position)
   WHERE s.slab->>'upToPaise' IS NULL OR p_price <= (s.slab->>'upToPaise')::integer
   ORDER BY s.position
   LIMIT 1;
END $$;

-- The pricing rule itself: each night of a stay of one room of a type, its price (the NEWEST
-- price rule covering the night, else the type's price charged) and its GST per room.
CREATE OR REPLACE FUNCTION price_nights(p_room_id text, p_check_in date, p_check_out date)
RETURNS TABLE (night date, price_paise integer, cgst_bp integer, sgst_bp integer, cgst_paise integer, sgst_paise integer)
LANGUAGE sql STABLE AS $$
  SELECT n.night, p.price, g.cgst_bp, g.sgst_bp,
         gst_paise(p.price, g.cgst_bp)::integer, gst_paise(p.price, g.sgst_bp)::integer
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS s(ts)
   CROSS JOIN LATERAL (SELECT s.ts::date AS night) AS n
   CROSS JOIN LATERAL (
     SELECT coalesce(
       (SELECT r.price_paise FROM price_rules r
         WHERE r.room_id = p_room_id AND n.night BETWEEN r.first_night AND r.last_night
           AND (r.weekdays IS NULL OR extract(isodow FROM n.night)::smallint = ANY (r.weekdays))
         ORDER BY r.id DESC LIMIT 1),
       (SELECT t.discount_paise FROM room_types t WHERE t.room_id = p_room_id)) AS price
   ) AS p
   CROSS JOIN LATERAL gst_rates(p.price) AS g
   ORDER BY n.night;
$$;

-- night_prices (migration 011) holds price_nights' answer for every room type and every night
-- from the hotel's yesterday to three years ahead (as far as a price rule may reach): a row read
-- by primary key per night, where pricing each night by the rule cost availability five times its
-- database time. It is a cache, and the rule stays the truth: the triggers below work it out again
-- in the same transaction as any change to what a night's price depends on (price rules, a type's
-- price, the GST slabs), for the days it held, so no instance ever reads a price the owner has
-- replaced; the server works it out again hourly for the hotel's today, so that its window moves
-- with the days, and at a start that changes the rule or finds the cache empty
-- (server/db/migrate.ts); and a stay with any night the cache does not hold is priced by the rule
-- itself (stay_nights). The hotel's today is the server's to say (its time zone: HOTEL_TIME_ZONE),
-- never the database's current_date.

-- Works night_prices out again from the rule, from the night before p_today; p_today null: for
-- the days the cache holds now (nothing, when it is empty). One run at a time; each statement
-- after the lock sees every change committed before it.
CREATE OR REPLACE FUNCTION refresh_night_prices(p_today date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_today date;
BEGIN
  PERFORM pg_advisory_xact_lock(7311011);
  v_today := coalesce(p_today, (SELECT min(c.night) + 1 FROM night_prices c));
  IF v_today IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM night_prices;
  INSERT INTO night_prices (room_id, night, price_paise, cgst_bp, sgst_bp, cgst_paise, sgst_paise)
  SELECT t.room_id, q.night, q.price_paise, q.cgst_bp, q.sgst_bp, q.cgst_paise, q.sgst_paise
    FROM room_types t
   CROSS JOIN LATERAL price_nights(t.room_id, v_today - 1, v_today + 1100) AS q
   WHERE q.price_paise IS NOT NULL AND q.cgst_bp IS NOT NULL AND q.sgst_bp IS NOT NULL;
END $$;

-- Each night of a stay of one room of a type, as price_nights answers it: from the cache when it
-- holds every night of the stay, else from the rule. A generic plan from the first call: the
-- statements are a few index lookups, and planning them afresh for each call's dates cost more
-- than running them. ROWS: a stay is days, not the thousand rows the planner guesses for a function.
CREATE OR REPLACE FUNCTION stay_nights(p_room_id text, p_check_in date, p_check_out date)
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

CREATE OR REPLACE FUNCTION night_prices_depend_on_this() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_night_prices(NULL);
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER INSERT OR DELETE OR UPDATE OF discount_paise ON room_types
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER UPDATE OF gst_slabs ON hotel_settings
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();

-- A stay as it is charged (issue 40): each night's price of a room of the type (stay_nights) plus,
-- for each room, its meal plan (meal_plans, per room or per person) and its extra persons
-- (room_types: adults past those the price includes, children at or above the free age), taxed
-- per room-night at the slab of the room's whole night (meals and an extra bed sold with the room
-- are one supply with it). Rooms alike in price share a line: one row per night and price, with
-- how many rooms. The one pricing rule of every path that fixes a price: the confirm, a manage
-- change and its quote, the quote before Confirm, the payment policy's figures.
-- p_guests: the booking's guests room by room (src/domain/roomGuests.ts), or NULL: each room the
-- adults its price includes; rooms it does not name have those too. A plan that is off, or guests
-- past the type's limits, raise stay_guests (P0001) with the facts for the message
-- (server/bookingRules.ts guestsMessage), taking nothing.
CREATE OR REPLACE FUNCTION stay_lines(p_room_id text, p_check_in date, p_check_out date, p_rooms integer,
                                      p_package_index integer, p_guests jsonb)
RETURNS TABLE (night date, rooms integer, price_paise integer, cgst_bp integer, sgst_bp integer, cgst_paise integer, sgst_paise integer)
LANGUAGE plpgsql STABLE ROWS 7 SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_type room_types;
  v_plan meal_plans;
  v_extras integer[] := '{}';
  v_room jsonb;
  v_adults integer;
  v_ages integer[];
  v_paying_children integer;
BEGIN
  SELECT * INTO v_type FROM room_types t WHERE t.room_id = p_room_id;
  SELECT * INTO v_plan FROM meal_plans m WHERE m.room_id = p_room_id AND m.package_index = p_package_index;
  -- A type without plans set (none before migration 100 made them) sells its price, the CP plan.
  IF NOT coalesce(v_plan.enabled, p_package_index = 0) THEN
    RAISE EXCEPTION 'stay_guests' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('reason', 'plan', 'roomId', p_room_id, 'packageIndex', p_package_index)::text;
  END IF;
  IF jsonb_array_length(coalesce(p_guests, '[]')) > p_rooms THEN
    RAISE EXCEPTION 'stay_guests' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('reason', 'rooms', 'roomId', p_room_id, 'rooms', p_rooms)::text;
  END IF;
  FOR i IN 0 .. p_rooms - 1 LOOP
    v_room := p_guests -> i;
    v_adults := coalesce((v_room ->> 'adults')::integer, v_type.included_adults, 2);
    v_ages := coalesce(ARRAY(SELECT jsonb_array_elements_text(v_room -> 'childAges')::integer), '{}');
    IF v_adults < 1 OR v_adults > coalesce(v_type.max_adults, v_adults) THEN
      RAISE EXCEPTION 'stay_guests' USING ERRCODE = 'P0001',
        DETAIL = json_build_object('reason', 'adults', 'roomId', p_room_id, 'most', v_type.max_adults)::text;
    END IF;
    IF cardinality(v_ages) > coalesce(v_type.max_children, 0) THEN
      RAISE EXCEPTION 'stay_guests' USING ERRCODE = 'P0001',
        DETAIL = json_build_object('reason', 'children', 'roomId', p_room_id, 'most', coalesce(v_type.max_children, 0))::text;
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(v_ages) AS a WHERE a < 0 OR a > 17) THEN
      RAISE EXCEPTION 'stay_guests' USING ERRCODE = 'P0001', DETAIL = json_build_object('reason', 'age', 'roomId', p_room_id)::text;
    END IF;
    v_paying_children := (SELECT count(*) FROM unnest(v_ages) AS a WHERE a >= coalesce(v_type.child_free_below, 0));
    v_extras := v_extras || (
      CASE coalesce(v_plan.per, 'room') WHEN 'person' THEN coalesce(v_plan.price_paise, 0) * (v_adults + v_paying_children)
                                        ELSE coalesce(v_plan.price_paise, 0) END
      + greatest(0, v_adults - coalesce(v_type.included_adults, v_adults)) * coalesce(v_type.extra_adult_paise, 0)
      + v_paying_children * coalesce(v_type.extra_child_paise, 0));
  END LOOP;
  RETURN QUERY
  SELECT s.night, x.rooms, s.price_paise + x.extra, g.cgst_bp, g.sgst_bp,
         gst_paise(s.price_paise + x.extra, g.cgst_bp)::integer, gst_paise(s.price_paise + x.extra, g.sgst_bp)::integer
    FROM stay_nights(p_room_id, p_check_in, p_check_out) AS s
   CROSS JOIN (SELECT e.extra, count(*)::integer AS rooms FROM unnest(v_extras) AS e(extra) GROUP BY e.extra) AS x
   -- A room with nothing extra is the cached night as it is (its rates are the night's).
   CROSS JOIN LATERAL (SELECT s.cgst_bp, s.sgst_bp WHERE x.extra = 0
                       UNION ALL SELECT r.cgst_bp, r.sgst_bp FROM gst_rates(s.price_paise + x.extra) AS r WHERE x.extra <> 0) AS g
   ORDER BY s.night, x.extra;
END $$;

-- stay_lines as a booking keeps them: its lines (night, rooms, one room's price and rates, and the
-- line's taxable value and tax: the rooms times one room's, as the invoice prints them) and their
-- plain sums. What the confirm stores, a manage change stores, and a quote answers.
CREATE OR REPLACE FUNCTION stay_price(p_room_id text, p_check_in date, p_check_out date, p_rooms integer,
                                      p_package_index integer, p_guests jsonb)
RETURNS TABLE (lines jsonb, taxable bigint, cgst bigint, sgst bigint)
LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object(
           'night', q.night, 'rooms', q.rooms, 'pricePaise', q.price_paise,
           'cgstBasisPoints', q.cgst_bp, 'sgstBasisPoints', q.sgst_bp,
           'taxablePaise', q.price_paise::bigint * q.rooms, 'cgstPaise', q.cgst_paise::bigint * q.rooms,
           'sgstPaise', q.sgst_paise::bigint * q.rooms)
         ORDER BY q.night, q.price_paise),
         sum(q.price_paise::bigint * q.rooms), sum(q.cgst_paise::bigint * q.rooms), sum(q.sgst_paise::bigint * q.rooms)
    FROM stay_lines(p_room_id, p_check_in, p_check_out, p_rooms, p_package_index, p_guests) AS q;
$$;

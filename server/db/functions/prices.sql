-- The price of a night and its GST (issue 22): the owner's rule, and the cache of its answers.
-- Rounding as the README's "GST" paragraph states it: CGST and SGST of one room-night each rounded
-- half up to the paisa; every total is the plain sum of the lines.

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
         ((p.price::bigint * g.cgst_bp + 5000) / 10000)::integer,
         ((p.price::bigint * g.sgst_bp + 5000) / 10000)::integer
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
-- from yesterday to three years ahead (as far as a price rule may reach): a row read by primary
-- key per night, where pricing each night by the rule cost availability five times its database
-- time. It is a cache, and the rule stays the truth: the triggers below work it out again in the
-- same transaction as any change to what a night's price depends on (price rules, a type's
-- price, the GST slabs), so no instance ever reads a price the owner has replaced; the server
-- works it out again hourly, so that its window moves with the days, and at a start that changes
-- the rule or finds the cache empty (server/db/migrate.ts); and a stay with any night the cache
-- does not hold is priced by the rule itself (stay_nights).

-- Works night_prices out again from the rule. One run at a time; each statement after the lock
-- sees every change committed before it.
CREATE OR REPLACE FUNCTION refresh_night_prices() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311011);
  DELETE FROM night_prices;
  INSERT INTO night_prices (room_id, night, price_paise, cgst_bp, sgst_bp, cgst_paise, sgst_paise)
  SELECT t.room_id, q.night, q.price_paise, q.cgst_bp, q.sgst_bp, q.cgst_paise, q.sgst_paise
    FROM room_types t
   CROSS JOIN LATERAL price_nights(t.room_id, current_date - 1, current_date + 1100) AS q
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
  PERFORM refresh_night_prices();
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER INSERT OR DELETE OR UPDATE OF discount_paise ON room_types
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();
CREATE OR REPLACE TRIGGER refresh_night_prices AFTER UPDATE OF gst_slabs ON hotel_settings
  FOR EACH STATEMENT EXECUTE FUNCTION night_prices_depend_on_this();

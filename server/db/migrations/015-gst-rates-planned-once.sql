-- gst_rates as in migration 009, in PL/pgSQL so that its statement is planned once per connection.
-- As a SQL function it could not be inlined (it returns a row, not a set), so PostgreSQL planned
-- its query afresh on every call: once per night priced by the rule, that is for every night past
-- the three years night_prices holds. Measured under bench:api (whose confirms book up to eleven
-- years ahead), 160 µs of database CPU a call and the largest part of a confirm priced by the rule;
-- planned once, the rule prices a night as cheaply as night_prices answers it (about 120 µs
-- for a one-night stay_nights, either way).
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

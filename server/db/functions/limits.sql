-- Limits every server instance shares (issue 25, table rate_limits, migration 006): bookings per
-- address and per email, and lookups per address (server/requestLimits.ts).

-- Takes one hit on every key (p_limits[i] hits per p_windows[i] seconds for p_keys[i]), or, when
-- any key is at its limit, takes none and answers the seconds until that key's window ends, and
-- which key it is. A fixed window that starts with its key's first hit. Rows are locked in key
-- order, so that two callers never wait for each other in a cycle. clock_timestamp, not now():
-- now() is when the caller's transaction began. With p_unless_draft, a confirm whose draft is
-- already stored (a retry, answered with its booking) takes nothing and is never refused.
-- Each counter is written once: the upsert adds the request at once, and a request that finds a
-- counter full takes itself off all of them again in the same transaction (refused requests are
-- the rare case, so they pay for the second write; reading first and adding after cost two row
-- versions per counter, six for a confirm's three, in the statement every confirm runs first).
CREATE OR REPLACE FUNCTION take_rate_limits(p_keys text[], p_limits integer[], p_windows integer[], p_unless_draft uuid DEFAULT NULL)
RETURNS TABLE (wait_seconds integer, limited_key text)
LANGUAGE plpgsql AS $$
DECLARE
  v_key text;
  v_limit integer;
  v_window integer;
  v_hits integer;
  v_end timestamptz;
  v_wait integer := 0;
  v_limited text := NULL;
  v_left integer;
BEGIN
  IF p_unless_draft IS NOT NULL AND EXISTS (SELECT 1 FROM bookings b WHERE b.draft_id = p_unless_draft) THEN
    RETURN QUERY SELECT 0, NULL::text;
    RETURN;
  END IF;
  -- In key order, so that two requests sharing counters always lock them in the same order.
  FOR v_key, v_limit, v_window IN
    SELECT k, l, w FROM unnest(p_keys, p_limits, p_windows) AS t(k, l, w) ORDER BY k
  LOOP
    INSERT INTO rate_limits AS r (key, window_end, hits)
    VALUES (v_key, clock_timestamp() + make_interval(secs => v_window), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_end <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      window_end = CASE WHEN r.window_end <= clock_timestamp() THEN excluded.window_end ELSE r.window_end END
    RETURNING r.hits, r.window_end INTO v_hits, v_end;
    v_left := greatest(1, ceil(extract(epoch FROM v_end - clock_timestamp()))::integer);
    -- This request is counted in v_hits: the counter was full before it if v_hits > v_limit.
    IF v_hits > v_limit AND v_left > v_wait THEN
      v_wait := v_left;
      v_limited := v_key;
    END IF;
  END LOOP;
  IF v_wait > 0 THEN
    -- Refused: it counts on none of its counters.
    UPDATE rate_limits SET hits = hits - 1 WHERE key = ANY (p_keys);
  END IF;
  RETURN QUERY SELECT v_wait, v_limited;
END $$;

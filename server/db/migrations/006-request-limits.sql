-- Limits every server instance shares (issue 25): bookings made per address and per email, and
-- booking lookups per address, counted here rather than in one process's memory. Each bookings
-- row also keeps where it was made from, so that the admin can find and undo a burst.

-- One counter per key ("book-addr:203.0.113.7", "book-email:guest@example.com", "lookup:…"): hits
-- in the window that ends at window_end. A fixed window that starts with its key's first hit.
CREATE TABLE rate_limits (
  key        text PRIMARY KEY,
  window_end timestamptz NOT NULL,
  hits       integer NOT NULL
);
CREATE INDEX rate_limits_window_end ON rate_limits (window_end);

-- Takes one hit on every key (p_limits[i] hits per p_windows[i] seconds for p_keys[i]), or, when
-- any key is at its limit, takes none and answers the seconds until that key's window ends, and
-- which key it is. Rows are locked in key order, so that two callers never wait for each other
-- in a cycle. clock_timestamp, not now(): now() is when the caller's transaction began. With
-- p_unless_draft, a confirm whose draft is already stored (a retry, answered with its booking)
-- takes nothing and is never refused.
CREATE FUNCTION take_rate_limits(p_keys text[], p_limits integer[], p_windows integer[], p_unless_draft uuid DEFAULT NULL)
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
  FOR v_key, v_limit, v_window IN
    SELECT k, l, w FROM unnest(p_keys, p_limits, p_windows) AS t(k, l, w) ORDER BY k
  LOOP
    INSERT INTO rate_limits AS r (key, window_end, hits)
    VALUES (v_key, clock_timestamp() + make_interval(secs => v_window), 0)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_end <= clock_timestamp() THEN 0 ELSE r.hits END,
      window_end = CASE WHEN r.window_end <= clock_timestamp() THEN excluded.window_end ELSE r.window_end END
    RETURNING r.hits, r.window_end INTO v_hits, v_end;
    v_left := greatest(1, ceil(extract(epoch FROM v_end - clock_timestamp()))::integer);
    IF v_hits >= v_limit AND v_left > v_wait THEN
      v_wait := v_left;
      v_limited := v_key;
    END IF;
  END LOOP;
  IF v_wait = 0 THEN
    UPDATE rate_limits SET hits = hits + 1 WHERE key = ANY (p_keys);
  END IF;
  RETURN QUERY SELECT v_wait, v_limited;
END $$;

-- Where a booking was made from: the address (an IPv6 address as its /64 network, what one
-- connection can choose from) that sent the confirm. Null for imports and older bookings.
ALTER TABLE bookings ADD COLUMN created_from text;
CREATE INDEX bookings_created_from ON bookings (created_from, created_at) WHERE deleted_at IS NULL AND created_from IS NOT NULL;
CREATE INDEX bookings_email_created ON bookings (lower(email), created_at) WHERE deleted_at IS NULL;

-- confirm_booking as in migration 001, also storing where the booking came from.
DROP FUNCTION confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, integer, text, integer);
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
  RETURN QUERY SELECT false, v_stored;
END $$;

-- Other channels' calendars (issue 38, migration 041): each event of a room's feed blocks that room.
--
-- A block is accepted, never refused: the channel has sold the room (or closed it), whatever this
-- site thought. Its nights are taken on room_nights.blocked, so that the guest here sees one room
-- fewer. A block on a room that holds a booking from here moves that booking to a free room of its
-- type first; when none is free, both stay on the room, the night is overbooked, and the owner is
-- emailed at once (outbox kind 'hotel-overbooked', to HOTEL_EMAIL).
--
-- Echoes. A channel that reads our calendar of a room shows our bookings as unavailable in its own
-- calendar, and sends them back to us. Taken as sales, each would move our booking to another room,
-- whose channel would send it back in turn: the booking would wander for ever. So a night of an
-- event is an echo when, before the channel last read its address of our calendar (less a minute,
-- for transactions in flight while it read), we had put that night of that room in it: a booking
-- placed there, or another channel's block. An echo night takes nothing and is never sent on; it
-- keeps that status while the event keeps its dates, so that when our booking goes, its echo does
-- not turn into a block that would keep the channel closed. Airbnb marks its own sales "Reserved":
-- those are never echoes. (README, "Channels", tells what this leaves open.)

-- Applies one fetch of a feed: its events (UID, first night, check-out, summary) replace the
-- feed's blocks. New UIDs add, changed dates move, UIDs gone release. p_started is when the fetch
-- began (the database's clock): a fetch that began before the one applied last changes nothing.
-- Answers what it did, as JSON: { applied, added, changed, removed, moved: [{ bookingId, nights, to }],
-- overbooked: [{ bookingId or null, nights }] }, which the caller writes to channel_log in the same
-- transaction (server/db/channelQueries.ts).
CREATE OR REPLACE FUNCTION apply_channel_feed(
  p_feed_id bigint, p_started timestamptz, p_uids text[], p_firsts date[], p_ends date[], p_summaries text[], p_today date)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  f record;
  e record;
  v_block record;
  v_applied_from timestamptz;
  v_echo_before timestamptz;
  v_added integer := 0;
  v_changed integer := 0;
  v_removed integer := 0;
  v_before date[];
  v_after date[];
  v_gained date[];
  v_lost date[];
  v_lo date;
  v_hi date;
  c record;
  v_nights date[];
  v_to bigint;
  v_prev bigint;
  v_n date;
  v_moved jsonb := '[]'::jsonb;
  v_over jsonb := '[]'::jsonb;
  v_left date[];
  v_to_numbers text[];
BEGIN
  SELECT cf.id, cf.room, cf.label, cf.export_read_at, r.type_id, r.number INTO f
    FROM channel_feeds cf JOIN rooms r ON r.id = cf.room WHERE cf.id = p_feed_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'gone');
  END IF;
  -- Held shared as a confirm holds it: a change of the type's number of rooms waits for this.
  PERFORM pg_advisory_xact_lock_shared(7311012, hashtext(f.type_id));
  -- One feed of a room at a time (Airbnb's and Booking.com's of one room never interleave). NO KEY:
  -- a confirm placing a booking on the room checks its foreign key with FOR KEY SHARE on this row,
  -- while it holds the nights this import waits for; FOR UPDATE would make that a deadlock.
  PERFORM 1 FROM rooms WHERE id = f.room FOR NO KEY UPDATE;
  SELECT cf.applied_from INTO v_applied_from FROM channel_feeds cf WHERE cf.id = p_feed_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'gone');
  END IF;
  IF v_applied_from IS NOT NULL AND v_applied_from >= p_started THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'stale');
  END IF;
  v_echo_before := f.export_read_at - interval '1 minute';

  SELECT array_agg(DISTINCT k.night ORDER BY k.night) INTO v_before
    FROM channel_block_nights k WHERE k.room = f.room AND NOT k.echo;

  -- Gone from the feed: released (their nights go with them).
  WITH gone AS (
    DELETE FROM channel_blocks b WHERE b.feed_id = p_feed_id AND NOT (b.uid = ANY (p_uids)) RETURNING b.id
  )
  SELECT count(*) INTO v_removed FROM gone;

  FOR e IN SELECT * FROM unnest(p_uids, p_firsts, p_ends, p_summaries) AS x(uid, first_night, end_night, summary) LOOP
    SELECT b.id, b.first_night, b.end_night, b.summary INTO v_block FROM channel_blocks b WHERE b.feed_id = p_feed_id AND b.uid = e.uid;
    IF NOT FOUND THEN
      INSERT INTO channel_blocks (feed_id, uid, first_night, end_night, summary)
      VALUES (p_feed_id, e.uid, e.first_night, e.end_night, e.summary) RETURNING id, first_night, end_night, summary INTO v_block;
      v_added := v_added + 1;
    ELSIF (v_block.first_night, v_block.end_night) IS DISTINCT FROM (e.first_night, e.end_night) THEN
      UPDATE channel_blocks SET first_night = e.first_night, end_night = e.end_night, summary = e.summary, updated_at = now()
       WHERE id = v_block.id;
      DELETE FROM channel_block_nights WHERE block_id = v_block.id AND (night < e.first_night OR night >= e.end_night);
      v_changed := v_changed + 1;
    ELSE
      IF v_block.summary IS DISTINCT FROM e.summary THEN
        UPDATE channel_blocks SET summary = e.summary, updated_at = now() WHERE id = v_block.id;
      END IF;
      CONTINUE;
    END IF;
    -- The nights new to this event, each an echo or a block (the nights it had keep what they were).
    INSERT INTO channel_block_nights (block_id, room, night, echo)
    SELECT v_block.id, f.room, d::date,
           lower(btrim(e.summary)) <> 'reserved' AND v_echo_before IS NOT NULL AND (
             EXISTS (SELECT 1 FROM room_placements p WHERE p.room = f.room AND p.night = d::date AND p.placed_at < v_echo_before)
             OR EXISTS (SELECT 1 FROM channel_block_nights k JOIN channel_blocks kb ON kb.id = k.block_id
                         WHERE k.room = f.room AND k.night = d::date AND NOT k.echo AND kb.feed_id <> p_feed_id
                           AND k.since < v_echo_before))
      FROM generate_series(e.first_night, e.end_night - 1, interval '1 day') AS d
    ON CONFLICT (block_id, night) DO NOTHING;
  END LOOP;

  SELECT array_agg(DISTINCT k.night ORDER BY k.night) INTO v_after
    FROM channel_block_nights k WHERE k.room = f.room AND NOT k.echo;
  SELECT array_agg(n ORDER BY n) INTO v_gained FROM unnest(v_after) AS n WHERE NOT (n = ANY (coalesce(v_before, '{}')));
  SELECT array_agg(n ORDER BY n) INTO v_lost FROM unnest(v_before) AS n WHERE NOT (n = ANY (coalesce(v_after, '{}')));

  IF v_gained IS NOT NULL OR v_lost IS NOT NULL THEN
    -- Every night whose count changes, and every night of the bookings the new blocks land on
    -- (they may move whole), locked at once in date order: the order confirms take them in.
    SELECT min(n), max(n) INTO v_lo, v_hi FROM (
      SELECT unnest(coalesce(v_gained, '{}') || coalesce(v_lost, '{}')) AS n
      UNION ALL
      SELECT p2.night FROM room_placements p1 JOIN room_placements p2 ON p2.booking_id = p1.booking_id
       WHERE p1.room = f.room AND p1.night = ANY (coalesce(v_gained, '{}')) AND p1.night >= p_today AND p2.night >= p_today
    ) AS x;
    PERFORM lock_room_nights(f.type_id, v_lo, v_hi + 1);
    UPDATE room_nights rn SET blocked = rn.blocked + d.delta
      FROM (SELECT n, 1 AS delta FROM unnest(coalesce(v_gained, '{}')) AS n
            UNION ALL SELECT n, -1 FROM unnest(coalesce(v_lost, '{}')) AS n) AS d
     WHERE rn.room_id = f.type_id AND rn.night = d.n;
  END IF;

  -- Bookings from here on the nights this room is newly blocked (from today on): each moves, its
  -- remaining nights on this room to one free room if there is one, or else night by night; a
  -- night no room is free on stays here, overbooked.
  FOR c IN
    SELECT p.booking_id, array_agg(p.night ORDER BY p.night) AS nights
      FROM room_placements p
     WHERE p.room = f.room AND p.night = ANY (coalesce(v_gained, '{}')) AND p.night >= p_today
     GROUP BY p.booking_id ORDER BY min(p.night), p.booking_id
  LOOP
    SELECT array_agg(p.night ORDER BY p.night) INTO v_nights
      FROM room_placements p WHERE p.booking_id = c.booking_id AND p.room = f.room AND p.night >= p_today
       AND p.night BETWEEN v_lo AND v_hi;
    v_to := NULL;
    SELECT r.id INTO v_to FROM rooms r
     WHERE r.type_id = f.type_id AND r.retired_at IS NULL AND r.id <> f.room
       AND NOT EXISTS (SELECT 1 FROM unnest(v_nights) AS n WHERE NOT room_is_free(r.id, n))
     ORDER BY EXISTS (SELECT 1 FROM channel_block_nights k WHERE k.room = r.id AND k.night = ANY (v_nights)), length(r.number), r.number
     LIMIT 1;
    IF v_to IS NOT NULL THEN
      UPDATE room_placements SET room = v_to, placed_at = now()
       WHERE booking_id = c.booking_id AND room = f.room AND night = ANY (v_nights);
      v_moved := v_moved || jsonb_build_object('bookingId', c.booking_id, 'nights', to_jsonb(v_nights),
                                               'to', (SELECT number FROM rooms WHERE id = v_to));
      CONTINUE;
    END IF;
    v_prev := NULL;
    v_left := '{}';
    v_nights := '{}';
    v_to_numbers := '{}';
    FOREACH v_n IN ARRAY c.nights LOOP
      v_to := NULL;
      SELECT r.id INTO v_to FROM rooms r
       WHERE r.type_id = f.type_id AND r.retired_at IS NULL AND r.id <> f.room AND room_is_free(r.id, v_n)
       ORDER BY r.id = v_prev DESC NULLS LAST, length(r.number), r.number
       LIMIT 1;
      IF v_to IS NULL THEN
        v_left := v_left || v_n;
      ELSE
        UPDATE room_placements SET room = v_to, placed_at = now() WHERE booking_id = c.booking_id AND room = f.room AND night = v_n;
        v_prev := v_to;
        v_nights := v_nights || v_n;
        v_to_numbers := v_to_numbers || (SELECT number FROM rooms WHERE id = v_to);
      END IF;
    END LOOP;
    IF cardinality(v_nights) > 0 THEN
      v_moved := v_moved || jsonb_build_object('bookingId', c.booking_id, 'nights', to_jsonb(v_nights),
                                               'to', array_to_string(ARRAY(SELECT DISTINCT x FROM unnest(v_to_numbers) AS x ORDER BY 1), ', '));
    END IF;
    IF cardinality(v_left) > 0 THEN
      v_over := v_over || jsonb_build_object('bookingId', c.booking_id, 'nights', to_jsonb(v_left));
    END IF;
  END LOOP;

  -- Nights newly blocked from today on where the type now has more rooms taken than it has, with
  -- no booking left on this room (a room counted out of service, say): overbooked as well.
  SELECT array_agg(n.night ORDER BY n.night) INTO v_left
    FROM room_nights n JOIN room_types t ON t.room_id = n.room_id
   WHERE n.room_id = f.type_id AND n.night = ANY (coalesce(v_gained, '{}')) AND n.night >= p_today
     AND n.booked + n.blocked + n.out_of_service > t.rooms
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v_over) AS o, jsonb_array_elements_text(o -> 'nights') AS x
                      WHERE x::date = n.night);
  IF v_left IS NOT NULL THEN
    v_over := v_over || jsonb_build_object('bookingId', NULL, 'nights', to_jsonb(v_left));
  END IF;

  -- The owner is told at once, through the outbox (HOTEL_EMAIL), of each overbooking.
  INSERT INTO outbox (booking_id, kind, recipient, booking, state)
  SELECT coalesce(o ->> 'bookingId', ''), 'hotel-overbooked', s.hotel_email,
         coalesce((SELECT booking_snapshot(b) FROM bookings b WHERE b.booking_id = o ->> 'bookingId'), '{}'::jsonb)
           || jsonb_build_object('conflict', jsonb_build_object('roomNumber', f.number, 'typeId', f.type_id, 'channel', f.label,
                                                                'nights', o -> 'nights')),
         CASE WHEN s.deliver THEN 'pending' ELSE 'held' END
    FROM jsonb_array_elements(v_over) AS o CROSS JOIN mail_settings s
   WHERE s.hotel_email IS NOT NULL;

  UPDATE channel_feeds SET applied_from = p_started, last_success_at = now(), last_error = NULL, event_count = cardinality(p_uids)
   WHERE id = p_feed_id;
  RETURN jsonb_build_object('applied', true, 'added', v_added, 'changed', v_changed, 'removed', v_removed,
                            'moved', v_moved, 'overbooked', v_over);
END $$;

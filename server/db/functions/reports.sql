-- The owner's reports and the accountant's GST exports (issue 39). README "Reports" defines every
-- figure; migration 050 says why the figures are kept summed (report_nights, report_arrivals) and
-- how: a booking's facts, appended as they change, folded into the sums.

-- A booking in this status is a sale: its nights count as sold, its room revenue as earned, and
-- its invoice as a supply in the GST returns. These are the statuses that hold rooms
-- (src/domain/bookingStatus.ts holdsRooms) but one: a booking awaiting its payment (issue 37) holds
-- its rooms and is no sale yet (no invoice). A no-show or a cancelled booking is none of them.
CREATE OR REPLACE FUNCTION stay_sold(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status IN ('confirmed', 'checked_in', 'checked_out');
$$;

-- Where a booking came from: the front desk's phone or walk-in booking (p_desk, its audit entry),
-- an import of a browser backup (the only bookings without a draft), or else the website.
CREATE OR REPLACE FUNCTION booking_source(p_draft_id uuid, p_desk text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_desk IS NOT NULL THEN p_desk WHEN p_draft_id IS NULL THEN 'import' ELSE 'website' END;
$$;

-- A desk booking's channel: the audit entry the desk writes just after its confirm
-- (server/db/deskQueries.ts auditDeskBooking); no row for any other booking. A set-returning SQL
-- function, so that `LEFT JOIN LATERAL desk_channel(b.booking_id)` is inlined into the caller's
-- plan (called as a scalar function it was planned afresh on every call: 0.4 ms a confirm).
CREATE OR REPLACE FUNCTION desk_channel(p_booking_id text) RETURNS TABLE (channel text) LANGUAGE sql STABLE AS $$
  SELECT a.action FROM audit_log a WHERE a.booking_id = p_booking_id AND a.action IN ('phone', 'walk-in') ORDER BY a.id LIMIT 1;
$$;

-- What a booking adds to report_nights, times p_sign (1 to add it, -1 to take it away): one row
-- per night of its price lines (the nights it holds or, cancelled or a no-show, held), with that
-- night's rooms, price and tax as fixed at confirm. A booking without prices kept (made before
-- prices, or imported) adds its nights with no money. A deleted booking adds nothing.
CREATE OR REPLACE FUNCTION report_night_facts(
  p_room_id text, p_status text, p_source text, p_rooms integer, p_check_in date, p_check_out date, p_lines jsonb,
  p_deleted_at timestamptz, p_sign integer)
RETURNS TABLE (night date, room_id text, status text, source text, cgst_bp integer, sgst_bp integer,
               room_nights bigint, taxable_paise bigint, cgst_paise bigint, sgst_paise bigint)
LANGUAGE sql IMMUTABLE AS $$
  -- Lines written before migration 013 carry one room's price and the rates only: their money is
  -- worked out as the confirm of the time did (the tax of one room-night, rounded, times the rooms).
  SELECT (l->>'night')::date, p_room_id, p_status, p_source, (l->>'cgstBasisPoints')::integer, (l->>'sgstBasisPoints')::integer,
         p_sign * coalesce((l->>'rooms')::bigint, p_rooms),
         p_sign * coalesce((l->>'taxablePaise')::bigint, (l->>'pricePaise')::bigint * coalesce((l->>'rooms')::bigint, p_rooms), 0),
         p_sign * coalesce((l->>'cgstPaise')::bigint,
                           round((l->>'pricePaise')::bigint * (l->>'cgstBasisPoints')::numeric / 10000)::bigint * coalesce((l->>'rooms')::bigint, p_rooms), 0),
         p_sign * coalesce((l->>'sgstPaise')::bigint,
                           round((l->>'pricePaise')::bigint * (l->>'sgstBasisPoints')::numeric / 10000)::bigint * coalesce((l->>'rooms')::bigint, p_rooms), 0)
    FROM jsonb_array_elements(CASE WHEN p_deleted_at IS NULL AND p_room_id IS NOT NULL THEN p_lines END) AS l
  UNION ALL
  SELECT d::date, p_room_id, p_status, p_source, 0, 0, p_sign * p_rooms::bigint, 0, 0, 0
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d
   WHERE p_lines IS NULL AND p_deleted_at IS NULL AND p_room_id IS NOT NULL AND p_rooms > 0;
$$;

-- What a booking adds to report_arrivals, times p_sign: one booking arriving on its check-in, its
-- nights (those stayed, after an early check-out) and room-nights, the days from the hotel's date
-- it was made on (in p_time_zone) to its arrival, and its price before tax.
CREATE OR REPLACE FUNCTION report_arrival_facts(
  p_room_id text, p_status text, p_source text, p_rooms integer, p_check_in date, p_check_out date, p_taxable bigint,
  p_created_at timestamptz, p_deleted_at timestamptz, p_time_zone text, p_sign integer)
RETURNS TABLE (check_in date, room_id text, status text, source text, bookings bigint, nights bigint, room_nights bigint,
               lead_days bigint, taxable_paise bigint)
LANGUAGE sql STABLE AS $$
  SELECT p_check_in, p_room_id, p_status, p_source, p_sign::bigint, p_sign * (p_check_out - p_check_in)::bigint,
         p_sign * p_rooms * (p_check_out - p_check_in)::bigint,
         p_sign * (p_check_in - (p_created_at AT TIME ZONE p_time_zone)::date)::bigint, p_sign * coalesce(p_taxable, 0)
   WHERE p_deleted_at IS NULL AND p_room_id IS NOT NULL AND p_check_in IS NOT NULL AND p_check_out IS NOT NULL;
$$;

-- After every statement that writes bookings: the facts of the rows it changed, the old taken away
-- and the new added, appended to the waiting tables (no index, no key: a confirm waits on no
-- other transaction here). An UPDATE that changed nothing a report reads (an email, the manage
-- link's version) appends nothing. Each branch is one statement (a confirm's costs about 0.1 ms
-- of database CPU; measured as the README's "Reports" says).
CREATE OR REPLACE FUNCTION report_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new booking has no desk entry yet (the desk writes it after the confirm; a backup's
    -- restore loads the tables without triggers): its source is the website's or an import's.
    WITH nights AS (
      INSERT INTO report_nights_waiting
      SELECT f.* FROM new_rows b
       CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, booking_source(b.draft_id, NULL), b.rooms, b.check_in, b.check_out,
                                             b.lines, b.deleted_at, 1) AS f
    )
    INSERT INTO report_arrivals_waiting
    SELECT f.* FROM new_rows b CROSS JOIN report_settings s
     CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, booking_source(b.draft_id, NULL), b.rooms, b.check_in, b.check_out,
                                             b.taxable_paise, b.created_at, b.deleted_at, s.time_zone, 1) AS f;
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (
      SELECT b.*, booking_source(b.draft_id, d.channel) AS source FROM old_rows b LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
    ), nights AS (
      INSERT INTO report_nights_waiting
      SELECT f.* FROM gone b
       CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.lines, b.deleted_at, -1) AS f
    )
    INSERT INTO report_arrivals_waiting
    SELECT f.* FROM gone b CROSS JOIN report_settings s
     CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.taxable_paise,
                                             b.created_at, b.deleted_at, s.time_zone, -1) AS f;
  ELSE
    WITH pairs AS (
      SELECT o.booking_id FROM old_rows o JOIN new_rows n USING (booking_id)
       WHERE (o.room_id, o.status, o.rooms, o.check_in, o.check_out, o.lines, o.taxable_paise, o.created_at, o.deleted_at, o.draft_id)
             IS DISTINCT FROM (n.room_id, n.status, n.rooms, n.check_in, n.check_out, n.lines, n.taxable_paise, n.created_at, n.deleted_at, n.draft_id)
    ), changed AS (
      SELECT -1 AS sign, o.* FROM old_rows o WHERE o.booking_id IN (SELECT booking_id FROM pairs)
      UNION ALL
      SELECT 1, n.* FROM new_rows n WHERE n.booking_id IN (SELECT booking_id FROM pairs)
    ), sourced AS (
      SELECT b.*, booking_source(b.draft_id, d.channel) AS source FROM changed b LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
    ), nights AS (
      INSERT INTO report_nights_waiting
      SELECT f.* FROM sourced b
       CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.lines, b.deleted_at, b.sign) AS f
    )
    INSERT INTO report_arrivals_waiting
    SELECT f.* FROM sourced b CROSS JOIN report_settings s
     CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.taxable_paise,
                                             b.created_at, b.deleted_at, s.time_zone, b.sign) AS f;
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER report_facts AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_bookings_changed();
CREATE OR REPLACE TRIGGER report_facts_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_bookings_changed();
CREATE OR REPLACE TRIGGER report_facts_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_bookings_changed();

-- A phone or walk-in booking is stored by the confirm, as the website's, and its audit entry says
-- which it was a moment later: its facts move from the website to that channel then.
CREATE OR REPLACE FUNCTION report_desk_booking_audited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT s.sign, s.source, b.*
      FROM new_entries a
      JOIN bookings b ON b.booking_id = a.booking_id
     CROSS JOIN LATERAL (VALUES (-1, booking_source(b.draft_id, NULL)), (1, booking_source(b.draft_id, a.action))) AS s(sign, source)
     -- The booking's first desk entry only: that is the one that named its channel.
     WHERE a.action IN ('phone', 'walk-in')
       AND a.id = (SELECT min(e.id) FROM audit_log e WHERE e.booking_id = a.booking_id AND e.action IN ('phone', 'walk-in'))
  ), nights AS (
    INSERT INTO report_nights_waiting
    SELECT f.* FROM moved b
     CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.lines, b.deleted_at, b.sign) AS f
  )
  INSERT INTO report_arrivals_waiting
  SELECT f.* FROM moved b CROSS JOIN report_settings s
   CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, b.source, b.rooms, b.check_in, b.check_out, b.taxable_paise,
                                           b.created_at, b.deleted_at, s.time_zone, b.sign) AS f;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER report_desk_channel AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION report_desk_booking_audited();

-- Moves what waits into the sums, one run at a time (a second caller goes on without waiting: a
-- report reads the sums and what waits together, so it is right either way). Rows a transaction
-- appends while this runs stay for the next run; this takes only those committed before it.
-- A key whose facts all moved away (its booking cancelled, say) stays, summing to zero: the
-- readers leave such rows out, and there are at most as many as keys a booking can have.
CREATE OR REPLACE FUNCTION fold_report_facts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7311050) THEN
    RETURN;
  END IF;
  WITH taken AS (DELETE FROM report_nights_waiting RETURNING *)
  INSERT INTO report_nights AS r
  SELECT t.night, t.room_id, t.status, t.source, t.cgst_bp, t.sgst_bp,
         sum(t.room_nights)::bigint, sum(t.taxable_paise)::bigint, sum(t.cgst_paise)::bigint, sum(t.sgst_paise)::bigint
    FROM taken t GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (night, room_id, status, source, cgst_bp, sgst_bp) DO UPDATE
     SET room_nights = r.room_nights + excluded.room_nights, taxable_paise = r.taxable_paise + excluded.taxable_paise,
         cgst_paise = r.cgst_paise + excluded.cgst_paise, sgst_paise = r.sgst_paise + excluded.sgst_paise;
  WITH taken AS (DELETE FROM report_arrivals_waiting RETURNING *)
  INSERT INTO report_arrivals AS r
  SELECT t.check_in, t.room_id, t.status, t.source, sum(t.bookings)::bigint, sum(t.nights)::bigint, sum(t.room_nights)::bigint,
         sum(t.lead_days)::bigint, sum(t.taxable_paise)::bigint
    FROM taken t GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (check_in, room_id, status, source) DO UPDATE
     SET bookings = r.bookings + excluded.bookings, nights = r.nights + excluded.nights, room_nights = r.room_nights + excluded.room_nights,
         lead_days = r.lead_days + excluded.lead_days, taxable_paise = r.taxable_paise + excluded.taxable_paise;
END $$;

-- The definition the sums were built with: the facts functions, where a booking's source comes
-- from, and the time zone.
CREATE OR REPLACE FUNCTION report_facts_definition() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(string_agg(pg_get_functiondef(p.oid), '' ORDER BY p.oid::regprocedure::text) || (SELECT s.time_zone FROM report_settings s))
    FROM pg_proc p
   WHERE p.pronamespace = 'public'::regnamespace
     AND p.proname IN ('report_night_facts', 'report_arrival_facts', 'booking_source', 'desk_channel');
$$;

-- The sums built afresh from every booking (a new database, an upgrade, a change of the facts'
-- definition or of the time zone). Confirms meanwhile wait for the tables, then append as usual.
CREATE OR REPLACE FUNCTION rebuild_report_facts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311050);
  TRUNCATE report_nights, report_nights_waiting, report_arrivals, report_arrivals_waiting;
  INSERT INTO report_nights
  SELECT f.night, f.room_id, f.status, f.source, f.cgst_bp, f.sgst_bp,
         sum(f.room_nights)::bigint, sum(f.taxable_paise)::bigint, sum(f.cgst_paise)::bigint, sum(f.sgst_paise)::bigint
    FROM bookings b
    LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
   CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, booking_source(b.draft_id, d.channel), b.rooms, b.check_in, b.check_out,
                                         b.lines, b.deleted_at, 1) AS f
   GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_arrivals
  SELECT f.check_in, f.room_id, f.status, f.source, sum(f.bookings)::bigint, sum(f.nights)::bigint, sum(f.room_nights)::bigint,
         sum(f.lead_days)::bigint, sum(f.taxable_paise)::bigint
    FROM bookings b
    LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
   CROSS JOIN report_settings s
   CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, booking_source(b.draft_id, d.channel), b.rooms, b.check_in, b.check_out,
                                           b.taxable_paise, b.created_at, b.deleted_at, s.time_zone, 1) AS f
   GROUP BY 1, 2, 3, 4;
  UPDATE report_settings SET facts_definition = report_facts_definition();
END $$;

-- The hotel's time zone, as the server starts with it (server/main.ts): the sums are built again
-- when it is not the one they were built with.
CREATE OR REPLACE FUNCTION set_report_time_zone(p_time_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_settings SET time_zone = p_time_zone WHERE time_zone IS DISTINCT FROM p_time_zone;
  IF FOUND THEN
    PERFORM rebuild_report_facts();
  END IF;
END $$;

-- ------------------------------------------------------------------ reading the sums

-- The sums and what waits to be folded into them, for stay nights p_from to p_to and one room type
-- (null: all). Inlined into the caller's statement, which reads both in one snapshot.
CREATE OR REPLACE FUNCTION report_nights_now(p_from date, p_to date, p_room_id text)
RETURNS SETOF report_nights LANGUAGE sql STABLE AS $$
  SELECT * FROM report_nights r WHERE r.night BETWEEN p_from AND p_to AND (p_room_id IS NULL OR r.room_id = p_room_id)
  UNION ALL
  SELECT * FROM report_nights_waiting w WHERE w.night BETWEEN p_from AND p_to AND (p_room_id IS NULL OR w.room_id = p_room_id);
$$;

CREATE OR REPLACE FUNCTION report_arrivals_now(p_from date, p_to date, p_room_id text)
RETURNS SETOF report_arrivals LANGUAGE sql STABLE AS $$
  SELECT * FROM report_arrivals r WHERE r.check_in BETWEEN p_from AND p_to AND (p_room_id IS NULL OR r.room_id = p_room_id)
  UNION ALL
  SELECT * FROM report_arrivals_waiting w WHERE w.check_in BETWEEN p_from AND p_to AND (p_room_id IS NULL OR w.room_id = p_room_id);
$$;

-- x / y rounded half up to p_places decimals; null when y is 0 (no rooms to sell, no stays).
CREATE OR REPLACE FUNCTION report_ratio(p_x numeric, p_y numeric, p_places integer) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_y = 0 THEN NULL ELSE round(p_x / p_y, p_places) END;
$$;

-- The rooms there were to sell on each night: the type's rooms (room_types, as the owner sets them
-- now) less those out of service that night. Each type's night is looked up by room_nights' key:
-- a join let the planner, blind to generate_series' rows, read every night the hotel ever had (a
-- sequential scan, 24 ms of a 31-night report over 100,000 bookings: npm run bench:api).
-- Also the rooms other channels' calendars took that night (room_nights.blocked, issue 38): sold
-- there, as far as the hotel can know (a calendar cannot tell a sale from a night the owner closed
-- on that site, nor say its price).
CREATE OR REPLACE FUNCTION report_rooms_by_night(p_from date, p_to date, p_room_id text)
RETURNS TABLE (night date, rooms bigint, out_of_service bigint, channel bigint) LANGUAGE sql STABLE AS $$
  SELECT d::date, sum(t.rooms)::bigint, coalesce(sum(n.out_of_service), 0)::bigint, coalesce(sum(n.blocked), 0)::bigint
    FROM generate_series(p_from, p_to, interval '1 day') AS d
   CROSS JOIN room_types t
    LEFT JOIN LATERAL (SELECT rn.out_of_service, rn.blocked FROM room_nights rn WHERE rn.room_id = t.room_id AND rn.night = d::date) n ON true
   WHERE p_room_id IS NULL OR t.room_id = p_room_id
   GROUP BY 1;
$$;

-- The room-nights other channels took, by the channel's name as the owner calls it (Airbnb,
-- Booking.com), each night: their calendars' events that are not our own bookings sent back
-- (echoes), with the events that begin in the range, for the sources' split.
CREATE OR REPLACE FUNCTION report_channel_nights(p_from date, p_to date, p_room_id text)
RETURNS TABLE (night date, source text, room_nights bigint, arrivals bigint) LANGUAGE sql STABLE AS $$
  SELECT k.night, f.label, count(*)::bigint, count(DISTINCT k.block_id) FILTER (WHERE k.night = b.first_night)::bigint
    FROM channel_block_nights k
    JOIN rooms r ON r.id = k.room
    JOIN channel_blocks b ON b.id = k.block_id
    JOIN channel_feeds f ON f.id = b.feed_id
   WHERE NOT k.echo AND k.night BETWEEN p_from AND p_to AND (p_room_id IS NULL OR r.type_id = p_room_id)
   GROUP BY 1, 2;
$$;

-- The headline figures (README "Reports" defines each).
CREATE OR REPLACE FUNCTION report_summary(p_from date, p_to date, p_room_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH rooms AS (
    SELECT coalesce(sum(r.rooms - r.out_of_service), 0) AS available, coalesce(sum(r.out_of_service), 0) AS out_of_service,
           coalesce(sum(r.channel), 0) AS channel
      FROM report_rooms_by_night(p_from, p_to, p_room_id) r
  ), nights AS (
    SELECT coalesce(sum(n.room_nights) FILTER (WHERE stay_sold(n.status)), 0) AS sold,
           coalesce(sum(n.taxable_paise) FILTER (WHERE stay_sold(n.status)), 0) AS revenue,
           coalesce(sum(n.room_nights) FILTER (WHERE n.status = 'cancelled'), 0) AS cancelled_nights,
           coalesce(sum(n.taxable_paise) FILTER (WHERE n.status = 'cancelled'), 0) AS cancelled_revenue,
           coalesce(sum(n.room_nights) FILTER (WHERE n.status = 'no_show'), 0) AS no_show_nights,
           coalesce(sum(n.taxable_paise) FILTER (WHERE n.status = 'no_show'), 0) AS no_show_revenue
      FROM report_nights_now(p_from, p_to, p_room_id) n
  ), arrivals AS (
    SELECT coalesce(sum(a.bookings), 0) AS arrivals,
           coalesce(sum(a.bookings) FILTER (WHERE stay_sold(a.status)), 0) AS stays,
           coalesce(sum(a.nights) FILTER (WHERE stay_sold(a.status)), 0) AS stay_nights,
           coalesce(sum(a.lead_days) FILTER (WHERE stay_sold(a.status)), 0) AS lead_days,
           coalesce(sum(a.bookings) FILTER (WHERE a.status = 'cancelled'), 0) AS cancelled,
           coalesce(sum(a.bookings) FILTER (WHERE a.status = 'no_show'), 0) AS no_shows
      FROM report_arrivals_now(p_from, p_to, p_room_id) a
  )
  SELECT jsonb_build_object(
           'roomNightsAvailable', rooms.available, 'outOfService', rooms.out_of_service,
           'roomNightsSold', nights.sold + rooms.channel, 'channelRoomNights', rooms.channel,
           'occupancyPercent', report_ratio(100 * (nights.sold + rooms.channel), rooms.available, 1),
           'roomRevenuePaise', nights.revenue,
           -- The price of the nights sold here: a channel's is not in its calendar.
           'adrPaise', report_ratio(nights.revenue, nights.sold, 0),
           'revparPaise', report_ratio(nights.revenue, rooms.available, 0),
           'arrivals', arrivals.arrivals, 'stays', arrivals.stays,
           'averageStayNights', report_ratio(arrivals.stay_nights, arrivals.stays, 1),
           'averageLeadDays', report_ratio(arrivals.lead_days, arrivals.stays, 1),
           'cancellations', arrivals.cancelled, 'cancellationPercent', report_ratio(100 * arrivals.cancelled, arrivals.arrivals, 1),
           'cancelledRoomNights', nights.cancelled_nights, 'cancelledRevenuePaise', nights.cancelled_revenue,
           'noShows', arrivals.no_shows, 'noShowRoomNights', nights.no_show_nights, 'noShowRevenuePaise', nights.no_show_revenue)
    FROM rooms, nights, arrivals;
$$;

-- Each night: rooms to sell, rooms out of service, rooms sold and the occupancy.
CREATE OR REPLACE FUNCTION report_by_night(p_from date, p_to date, p_room_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'night', r.night, 'available', r.rooms - r.out_of_service, 'outOfService', r.out_of_service,
           'sold', coalesce(s.sold, 0) + r.channel, 'channel', r.channel,
           'occupancyPercent', report_ratio(100 * (coalesce(s.sold, 0) + r.channel), r.rooms - r.out_of_service, 1)) ORDER BY r.night), '[]')
    FROM report_rooms_by_night(p_from, p_to, p_room_id) r
    LEFT JOIN (SELECT n.night, sum(n.room_nights) AS sold FROM report_nights_now(p_from, p_to, p_room_id) n
                WHERE stay_sold(n.status) GROUP BY n.night) s ON s.night = r.night;
$$;

-- Sold room-nights by where the bookings came from: in total (with the bookings arriving in the
-- range and the room revenue), and per night or per month (p_by: 'night' or 'month') for the chart.
CREATE OR REPLACE FUNCTION report_sources(p_from date, p_to date, p_room_id text, p_by text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH channels AS (
    SELECT * FROM report_channel_nights(p_from, p_to, p_room_id)
  ), nights AS (
    SELECT n.night, n.source, n.room_nights, n.taxable_paise FROM report_nights_now(p_from, p_to, p_room_id) n WHERE stay_sold(n.status)
    UNION ALL
    SELECT c.night, c.source, c.room_nights, NULL FROM channels c
  ), totals AS (
    SELECT coalesce(n.source, a.source) AS source, coalesce(n.room_nights, 0) AS room_nights, n.revenue, coalesce(a.bookings, 0) AS bookings
      FROM (SELECT source, sum(room_nights) AS room_nights, sum(taxable_paise) AS revenue FROM nights GROUP BY source) n
      FULL JOIN (SELECT a.source, sum(a.bookings) AS bookings FROM report_arrivals_now(p_from, p_to, p_room_id) a
                  WHERE stay_sold(a.status) GROUP BY a.source
                 UNION ALL
                 SELECT c.source, sum(c.arrivals) FROM channels c GROUP BY c.source) a ON a.source = n.source
  ), buckets AS (
    SELECT CASE WHEN p_by = 'month' THEN date_trunc('month', night)::date ELSE night END AS start, source, sum(room_nights) AS room_nights
      FROM nights GROUP BY 1, 2 HAVING sum(room_nights) <> 0
  )
  SELECT jsonb_build_object(
    'totals', (SELECT coalesce(jsonb_agg(jsonb_build_object('source', source, 'bookings', bookings, 'roomNights', room_nights,
                                                             'revenuePaise', revenue) ORDER BY room_nights DESC, source), '[]')
                 FROM totals WHERE room_nights <> 0 OR bookings <> 0),
    'by', p_by,
    'buckets', (SELECT coalesce(jsonb_agg(jsonb_build_object('start', start, 'roomNights', per_source) ORDER BY start), '[]')
                  FROM (SELECT start, jsonb_object_agg(source, room_nights) AS per_source FROM buckets GROUP BY start) b));
$$;

-- Room revenue before tax and its GST, by rate and in all, for the sold nights in the range.
CREATE OR REPLACE FUNCTION report_money(p_from date, p_to date, p_room_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH rates AS (
    SELECT n.cgst_bp, n.sgst_bp, sum(n.room_nights) AS room_nights, sum(n.taxable_paise) AS taxable, sum(n.cgst_paise) AS cgst,
           sum(n.sgst_paise) AS sgst
      FROM report_nights_now(p_from, p_to, p_room_id) n WHERE stay_sold(n.status) GROUP BY 1, 2
    HAVING sum(n.room_nights) <> 0 OR sum(n.taxable_paise) <> 0
  )
  SELECT jsonb_build_object(
           'byRate', coalesce(jsonb_agg(jsonb_build_object('cgstBasisPoints', cgst_bp, 'sgstBasisPoints', sgst_bp, 'roomNights', room_nights,
                                                           'taxablePaise', taxable, 'cgstPaise', cgst, 'sgstPaise', sgst,
                                                           'totalPaise', taxable + cgst + sgst) ORDER BY cgst_bp + sgst_bp, cgst_bp), '[]'),
           'taxablePaise', coalesce(sum(taxable), 0), 'cgstPaise', coalesce(sum(cgst), 0), 'sgstPaise', coalesce(sum(sgst), 0),
           'totalPaise', coalesce(sum(taxable + cgst + sgst), 0))
    FROM rates;
$$;

-- The part of one booking's stay that falls on nights p_from to p_to: its room-nights and price
-- before tax. A stay wholly inside takes the booking's own sums; only a stay across an end of the
-- range reads its nightly lines.
CREATE OR REPLACE FUNCTION stay_part(p_rooms integer, p_check_in date, p_check_out date, p_lines jsonb, p_taxable bigint,
                                     p_from date, p_to date)
RETURNS TABLE (room_nights bigint, taxable_paise bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_rooms * greatest(0, least(p_check_out, p_to + 1) - greatest(p_check_in, p_from)))::bigint,
         CASE WHEN p_lines IS NULL OR p_check_out <= p_from OR p_check_in > p_to THEN 0
              WHEN p_check_in >= p_from AND p_check_out <= p_to + 1 THEN coalesce(p_taxable, 0)
              ELSE (SELECT coalesce(sum((l->>'taxablePaise')::bigint), 0) FROM jsonb_array_elements(p_lines) AS l
                     WHERE (l->>'night')::date BETWEEN p_from AND p_to)::bigint END;
$$;

-- Pickup: for the stay nights p_from to p_to, the room-nights and revenue booked in the last 1, 7
-- and 30 days before p_now, less those cancelled in them; and the same a year before (the same
-- windows ending a year before p_now, for the same nights a year earlier), null when the hotel
-- has no booking made that long ago.
CREATE OR REPLACE FUNCTION report_pickup(p_from date, p_to date, p_room_id text, p_now timestamptz) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH years AS (
    SELECT 0 AS back, p_now AS until, p_from AS first_night, p_to AS last_night
    UNION ALL
    SELECT 1, p_now - interval '1 year', (p_from - interval '1 year')::date, (p_to - interval '1 year')::date
  ), moves AS (
    -- Bookings made in the 30 days up to the end of each window: +1; cancelled in them: -1.
    SELECT y.back, y.until, b.created_at AS at, 1 AS sign, p.room_nights, p.taxable_paise
      FROM years y
      JOIN bookings b ON b.created_at > y.until - interval '30 days' AND b.created_at <= y.until AND b.deleted_at IS NULL
     CROSS JOIN LATERAL stay_part(b.rooms, b.check_in, b.check_out, b.lines, b.taxable_paise, y.first_night, y.last_night) p
     WHERE (p_room_id IS NULL OR b.room_id = p_room_id) AND b.check_in <= y.last_night AND b.check_out > y.first_night
    UNION ALL
    SELECT y.back, y.until, b.cancelled_at, -1, p.room_nights, p.taxable_paise
      FROM years y
      JOIN bookings b ON b.cancelled_at > y.until - interval '30 days' AND b.cancelled_at <= y.until AND b.deleted_at IS NULL
     CROSS JOIN LATERAL stay_part(b.rooms, b.check_in, b.check_out, b.lines, b.taxable_paise, y.first_night, y.last_night) p
     WHERE (p_room_id IS NULL OR b.room_id = p_room_id) AND b.check_in <= y.last_night AND b.check_out > y.first_night
  ), windows AS (
    SELECT w.days, y.back,
           coalesce(sum(m.sign * m.room_nights), 0) AS room_nights, coalesce(sum(m.sign * m.taxable_paise), 0) AS revenue
      FROM (VALUES (1), (7), (30)) AS w(days)
     CROSS JOIN years y
      LEFT JOIN moves m ON m.back = y.back AND m.at > y.until - w.days * interval '1 day'
     GROUP BY 1, 2
  ), history AS (
    SELECT min(b.created_at) AS first_booked FROM bookings b WHERE b.deleted_at IS NULL
  )
  SELECT jsonb_agg(jsonb_build_object(
           'days', t.days, 'roomNights', t.room_nights, 'revenuePaise', t.revenue,
           'lastYear', CASE WHEN h.first_booked <= p_now - interval '1 year' - t.days * interval '1 day'
                            THEN jsonb_build_object('roomNights', l.room_nights, 'revenuePaise', l.revenue) END) ORDER BY t.days)
    FROM windows t JOIN windows l ON l.days = t.days AND l.back = 1 CROSS JOIN history h
   WHERE t.back = 0;
$$;

-- On the books: the sold bookings arriving in each of the 12 months from p_month (the first of
-- the hotel's month), their room-nights and their price before tax.
CREATE OR REPLACE FUNCTION report_on_the_books(p_month date, p_room_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object('month', to_char(m, 'YYYY-MM'), 'bookings', coalesce(a.bookings, 0),
                                      'roomNights', coalesce(a.room_nights, 0), 'revenuePaise', coalesce(a.revenue, 0)) ORDER BY m)
    FROM generate_series(p_month, p_month + interval '11 months', interval '1 month') AS m
    LEFT JOIN (SELECT date_trunc('month', r.check_in) AS month, sum(r.bookings) AS bookings, sum(r.room_nights) AS room_nights,
                      sum(r.taxable_paise) AS revenue
                 FROM report_arrivals_now(p_month, (p_month + interval '12 months - 1 day')::date, p_room_id) r
                WHERE stay_sold(r.status) GROUP BY 1) a ON a.month = m;
$$;

-- ------------------------------------------------------------------ GST (GSTR-1)

-- Every invoice dated p_from to p_to, in number order: its booking's status and whether it is a
-- supply (a sale: stay_sold; an invoice of a cancelled, no-show or deleted booking is cancelled,
-- and carries no value), and its taxable value, CGST and SGST (zero when cancelled).
-- The invoices dated p_from to p_to: each one's figures are its room nights' and, once the desk
-- has posted to the stay's bill (issue 40, functions/folio.sql), its services' net of corrections
-- (a reversing line carries the figures negated), as the printed invoice lists them; `sacs` the
-- SAC of each kind of supply on it. A booking that is no supply (cancelled, a no-show, deleted)
-- is a cancelled invoice of nothing.
CREATE OR REPLACE FUNCTION gst_invoices(p_from date, p_to date)
RETURNS TABLE (invoice_number text, invoice_date date, booking_id text, guest text, booking_status text, supplied boolean,
               taxable_paise bigint, cgst_paise bigint, sgst_paise bigint, sacs text)
LANGUAGE sql STABLE AS $$
  SELECT i.invoice_number, i.invoice_date, i.booking_id, b.email, CASE WHEN b.deleted_at IS NULL THEN b.status ELSE 'deleted' END, s.supplied,
         CASE WHEN s.supplied THEN b.taxable_paise + f.taxable ELSE 0 END, CASE WHEN s.supplied THEN b.cgst_paise + f.cgst ELSE 0 END,
         CASE WHEN s.supplied THEN b.sgst_paise + f.sgst ELSE 0 END,
         concat_ws(', ', '996311', CASE WHEN s.supplied THEN f.sacs END)
    FROM invoices i
    JOIN bookings b ON b.booking_id = i.booking_id
   CROSS JOIN LATERAL (SELECT b.deleted_at IS NULL AND stay_sold(b.status) AS supplied) AS s
   CROSS JOIN LATERAL (SELECT coalesce(sum(x.taxable), 0)::bigint AS taxable, coalesce(sum(x.cgst), 0)::bigint AS cgst,
                              coalesce(sum(x.sgst), 0)::bigint AS sgst,
                              string_agg(x.sac, ', ' ORDER BY x.sac) FILTER (WHERE x.sac <> '996311' AND x.quantity <> 0) AS sacs
                         FROM (SELECT l.sac, sum(l.quantity) AS quantity, sum(l.taxable_paise) AS taxable, sum(l.cgst_paise) AS cgst,
                                      sum(l.sgst_paise) AS sgst
                                 FROM folio_lines l WHERE l.booking_id = b.booking_id AND l.kind = 'charge' GROUP BY l.sac) AS x) AS f
   WHERE i.invoice_date BETWEEN p_from AND p_to
   ORDER BY i.invoice_number;
$$;

-- The supplies of invoices dated p_from to p_to by SAC and GST rate: the room nights (SAC 996311)
-- from their nightly lines (a stay across a change of price may be taxed at two rates), the
-- services posted to the bills by their own SAC and rate, net of corrections (issue 40). What
-- GSTR-1 table 7 (B2C others, summed by rate) and table 12 (HSN/SAC summary) are made of.
CREATE OR REPLACE FUNCTION gst_by_rate(p_from date, p_to date)
RETURNS TABLE (sac text, description text, cgst_bp integer, sgst_bp integer, invoices bigint, quantity bigint,
               taxable_paise bigint, cgst_paise bigint, sgst_paise bigint)
LANGUAGE sql STABLE AS $$
  WITH supplied AS (
    SELECT b.* FROM invoices i
      JOIN bookings b ON b.booking_id = i.booking_id AND b.deleted_at IS NULL AND stay_sold(b.status)
     WHERE i.invoice_date BETWEEN p_from AND p_to
  ), supplies AS (
    SELECT '996311' AS sac, NULL::text AS service, (l->>'cgstBasisPoints')::integer AS cgst_bp, (l->>'sgstBasisPoints')::integer AS sgst_bp,
           b.booking_id, (l->>'rooms')::bigint AS quantity, (l->>'taxablePaise')::bigint AS taxable,
           (l->>'cgstPaise')::bigint AS cgst, (l->>'sgstPaise')::bigint AS sgst
      FROM supplied b CROSS JOIN LATERAL jsonb_array_elements(b.lines) AS l
    UNION ALL
    SELECT f.sac, f.description, f.gst_basis_points / 2, f.gst_basis_points / 2, f.booking_id, f.quantity::bigint,
           f.taxable_paise, f.cgst_paise, f.sgst_paise
      FROM supplied b JOIN folio_lines f ON f.booking_id = b.booking_id AND f.kind = 'charge'
  )
  SELECT sac, string_agg(DISTINCT service, ', ' ORDER BY service), cgst_bp, sgst_bp, count(DISTINCT booking_id),
         sum(quantity)::bigint, sum(taxable)::bigint, sum(cgst)::bigint, sum(sgst)::bigint
    FROM supplies
   GROUP BY sac, cgst_bp, sgst_bp
  HAVING sum(quantity) <> 0 OR sum(taxable) <> 0
   ORDER BY sac = '996311' DESC, sac, cgst_bp + sgst_bp;
$$;

-- GSTR-1 table 13 for invoices: per series (a financial year's INV-YYYY-), the first and last
-- number dated p_from to p_to, how many numbers lie between them (the series has no gaps: a
-- number missing from invoices is a deleted booking purged since, so cancelled), and how many of
-- those are cancelled (not a supply, or missing). Numbers of the span dated outside the range
-- (a confirm at midnight) belong to their own period, and are not counted here.
CREATE OR REPLACE FUNCTION gst_invoice_series(p_from date, p_to date)
RETURNS TABLE (first_number text, last_number text, total bigint, cancelled bigint)
LANGUAGE sql STABLE AS $$
  WITH dated AS (
    SELECT left(i.invoice_number, 9) AS series, right(i.invoice_number, 6)::integer AS n, b.deleted_at IS NULL AND stay_sold(b.status) AS supplied
      FROM invoices i JOIN bookings b ON b.booking_id = i.booking_id
     WHERE i.invoice_date BETWEEN p_from AND p_to
  ), spans AS (
    SELECT series, min(n) AS first, max(n) AS last, count(*) FILTER (WHERE supplied) AS issued FROM dated GROUP BY series
  )
  SELECT s.series || lpad(s.first::text, 6, '0'), s.series || lpad(s.last::text, 6, '0'),
         (s.last - s.first + 1 - o.outside)::bigint, (s.last - s.first + 1 - o.outside - s.issued)::bigint
    FROM spans s
   CROSS JOIN LATERAL (SELECT count(*) AS outside FROM invoices i
                        WHERE i.invoice_number BETWEEN s.series || lpad(s.first::text, 6, '0') AND s.series || lpad(s.last::text, 6, '0')
                          AND i.invoice_date NOT BETWEEN p_from AND p_to) AS o
   ORDER BY s.series;
$$;

-- ------------------------------------------------------------------ built once, and again when the facts change

-- The sums of the bookings already stored (a new database, a hotel upgrading to issue 39), and
-- again whenever the facts functions above or the time zone are not what the sums were built
-- with. Cheap when nothing changed: a hash of four function definitions.
SELECT rebuild_report_facts() FROM report_settings WHERE facts_definition IS DISTINCT FROM report_facts_definition();

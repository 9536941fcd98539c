-- Messages go through the outbox (table outbox, migration 007), written in the same transaction
-- as the booking change they tell of; server/mail/sender.ts delivers them.

-- The booking as messages show it: no guest key hash, no search text.
CREATE OR REPLACE FUNCTION booking_snapshot(b bookings) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'bookingId', b.booking_id, 'roomId', b.room_id, 'roomName', b.room_name, 'packageIndex', b.package_index,
    'rooms', b.rooms, 'checkIn', b.check_in, 'checkOut', b.check_out, 'totalPrice', b.total_price,
    'email', b.email, 'status', b.status, 'sequence', b.sequence, 'manageVersion', b.manage_version,
    'createdAt', b.created_at);
$$;

-- Queues the guest's message and, when HOTEL_EMAIL is set and p_hotel_kind is given, the hotel's
-- copy. Without SMTP the rows wait as 'held'. PL/pgSQL, not SQL: its statements are planned once
-- per connection (a SQL function's is planned on every call, which cost a confirm about half
-- again its database time).
--
-- What one booking's changes make the hotel receive (issue 35: ten changes by a manage link made
-- nine mails to HOTEL_EMAIL): its change copies go out at least ten minutes apart. The first goes
-- at once; a change within ten minutes of the last copy queues one copy for when they are up, and
-- every later change meanwhile gives that waiting copy its own snapshot (the booking as it is
-- now), so a burst of changes costs the hotel one more message, telling the stay as it ended up.
-- A cancel drops a change copy still waiting: the cancel's own copy, sent at once, says all there
-- is. A row the sender holds (being sent) is left alone (SKIP LOCKED): a change then does not
-- wait for the mail server. The guest's own messages are each sent: each carries its calendar.
CREATE OR REPLACE FUNCTION queue_booking_mail(p_booking_id text, p_kind text, p_hotel_kind text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_due timestamptz := now();
BEGIN
  IF p_hotel_kind = 'hotel-changed' THEN
    UPDATE outbox o SET booking = booking_snapshot(b)
      FROM bookings b
     WHERE b.booking_id = p_booking_id
       AND o.id = (SELECT w.id FROM outbox w
                    WHERE w.booking_id = p_booking_id AND w.kind = 'hotel-changed' AND w.state IN ('pending', 'held')
                      AND w.tries = 0 AND w.next_attempt_at > now()
                    ORDER BY w.id DESC LIMIT 1 FOR UPDATE SKIP LOCKED);
    IF FOUND THEN
      p_hotel_kind := NULL;
    ELSE
      -- When the last change copy went, or goes: ten minutes after it at the earliest.
      SELECT greatest(now(), max(coalesce(o.sent_at, o.next_attempt_at)) + interval '10 minutes') INTO v_due
        FROM outbox o WHERE o.booking_id = p_booking_id AND o.kind = 'hotel-changed';
      v_due := coalesce(v_due, now());
    END IF;
  ELSIF p_hotel_kind = 'hotel-cancelled' THEN
    DELETE FROM outbox o
     WHERE o.id IN (SELECT w.id FROM outbox w
                     WHERE w.booking_id = p_booking_id AND w.kind = 'hotel-changed' AND w.state IN ('pending', 'held')
                       AND w.tries = 0 AND w.next_attempt_at > now()
                       FOR UPDATE SKIP LOCKED);
  END IF;
  INSERT INTO outbox (booking_id, kind, recipient, booking, state, next_attempt_at)
  SELECT b.booking_id, m.kind, m.recipient, booking_snapshot(b), CASE WHEN s.deliver THEN 'pending' ELSE 'held' END,
         CASE WHEN m.kind = 'hotel-changed' THEN v_due ELSE now() END
    FROM bookings b
   CROSS JOIN mail_settings s
   CROSS JOIN LATERAL (
     SELECT p_kind, b.email
     UNION ALL
     SELECT p_hotel_kind, s.hotel_email WHERE p_hotel_kind IS NOT NULL AND s.hotel_email IS NOT NULL
   ) AS m(kind, recipient)
   WHERE b.booking_id = p_booking_id;
END $$;

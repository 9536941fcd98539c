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
-- copy: one INSERT. Without SMTP the rows wait as 'held'. PL/pgSQL, not SQL: its statement is
-- planned once per connection (a SQL function's is planned on every call, which cost a confirm
-- about half again its database time).
CREATE OR REPLACE FUNCTION queue_booking_mail(p_booking_id text, p_kind text, p_hotel_kind text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (booking_id, kind, recipient, booking, state)
  SELECT b.booking_id, m.kind, m.recipient, booking_snapshot(b), CASE WHEN s.deliver THEN 'pending' ELSE 'held' END
    FROM bookings b
   CROSS JOIN mail_settings s
   CROSS JOIN LATERAL (
     SELECT p_kind, b.email
     UNION ALL
     SELECT p_hotel_kind, s.hotel_email WHERE p_hotel_kind IS NOT NULL AND s.hotel_email IS NOT NULL
   ) AS m(kind, recipient)
   WHERE b.booking_id = p_booking_id;
END $$;

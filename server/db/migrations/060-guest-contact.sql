-- Issue 34 item 5: the guest's name and mobile number, so that the desk tells guests apart by more
-- than their email. Both are checked by src/domain/guestContact.ts before they are stored (the
-- mobile as E.164, "+919876543210"); bookings made before this have neither (NULL), nor do
-- bookings imported from a browser backup.
ALTER TABLE bookings ADD COLUMN guest_name text, ADD COLUMN guest_mobile text;

-- Admin search finds a booking by its guest's name or mobile number too: the stored search column
-- (migration 004) gains them, joined by chr(31) like the rest so that no query matches across two
-- fields. A generated column cannot be altered: it is made again, with its index and statistics.
ALTER TABLE bookings DROP COLUMN search_text;
ALTER TABLE bookings
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(booking_id || chr(31) || email || chr(31) || room_name || chr(31) || coalesce(guest_name, '') || chr(31) || coalesce(guest_mobile, ''))
  ) STORED;
CREATE INDEX bookings_search ON bookings USING gin (search_text gin_trgm_ops) WITH (gin_pending_list_limit = 64)
  WHERE deleted_at IS NULL;
ALTER TABLE bookings ALTER COLUMN search_text SET STATISTICS 1000;
ANALYZE bookings;

-- confirm_booking takes the two as well (functions/bookings.sql): the version without them goes,
-- so that a database upgraded to this has one confirm, as a new one has.
DROP FUNCTION IF EXISTS confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, text, text, date);

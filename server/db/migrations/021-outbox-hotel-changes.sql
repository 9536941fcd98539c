-- The hotel's copies of a booking's changes go out at least ten minutes apart, a burst merged into
-- one (queue_booking_mail, server/db/functions/mail.sql): a change looks up that booking's change
-- copies. Only change copies are indexed, so a confirm (which queues none) pays nothing for it.
CREATE INDEX outbox_hotel_changes ON outbox (booking_id, id) WHERE kind = 'hotel-changed';

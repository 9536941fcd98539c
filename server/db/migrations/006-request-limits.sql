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

-- The function that takes a hit on these counters, take_rate_limits: server/db/functions/limits.sql.

-- Where a booking was made from: the address (an IPv6 address as its /64 network, what one
-- connection can choose from) that sent the confirm. Null for imports and older bookings.
ALTER TABLE bookings ADD COLUMN created_from text;
CREATE INDEX bookings_created_from ON bookings (created_from, created_at) WHERE deleted_at IS NULL AND created_from IS NOT NULL;
CREATE INDEX bookings_email_created ON bookings (lower(email), created_at) WHERE deleted_at IS NULL;

-- confirm_booking stores created_from: server/db/functions/bookings.sql.

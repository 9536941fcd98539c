-- Admin search at 100,000 bookings.
--
-- Statistics on the searched expression (the one bookings_search indexes), so that the planner
-- knows how many bookings a term matches. Without them it guesses a handful for any term, and a
-- broad one ("gmail", "classic") fetches and sorts tens of thousands of matches for a page of 50
-- instead of walking bookings_newest until the page is full (30-60 ms against under 1 ms).
-- Autovacuum's ANALYZE keeps them current from here on.
CREATE STATISTICS bookings_search_text ON (lower(booking_id || chr(31) || email || chr(31) || room_name)) FROM bookings;
ANALYZE bookings;

-- New bookings wait in the index's pending list until it reaches gin_pending_list_limit (4 MB by
-- default) or a vacuum, and every search reads that whole list. A hotel writes too few bookings
-- for autovacuum to come often, so the list would grow for months; flushing it every 64 kB keeps
-- searches fast and costs a confirm about a millisecond once every few hundred bookings.
ALTER INDEX bookings_search SET (gin_pending_list_limit = 64);

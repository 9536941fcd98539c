-- confirm_booking no longer answers a refusal in its result (refusal, refused_nights, min_nights,
-- and the unused lines and invoice_number): take_nights raises it, for every path alike
-- (server/db/functions/inventory.sql, check_stay_rules). CREATE OR REPLACE cannot change a
-- function's result, so the old one goes here; the functions step defines the new one.
DROP FUNCTION IF EXISTS confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, text, text, date);

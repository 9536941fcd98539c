-- A booking's sums of paise are bigint (issue 35). The owner may price a night at ₹10,00,000
-- (100,000,000 paise, room_types' and price_rules' limit), and a stay of 42 such room-nights (the
-- default cap; 3 rooms for 90 nights at most) is 4,200,000,000 paise before tax: past an integer
-- (2,147,483,647), so the confirm answered 500 "integer out of range". One night's price, its tax
-- and a line (price x at most 3 rooms) stay integer; every sum of them is bigint, here and in the
-- functions (server/db/functions/). total_price is whole rupees and at most 270 nights' worth of
-- 1,000,000: it stays integer.
--
-- Rewrites bookings once (the column type changes size). confirm_booking answers these sums, and
-- CREATE OR REPLACE cannot change a result type: it goes here, and the functions step defines it anew.
DROP FUNCTION IF EXISTS confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, text, text, date);
ALTER TABLE bookings
  ALTER COLUMN taxable_paise TYPE bigint,
  ALTER COLUMN cgst_paise TYPE bigint,
  ALTER COLUMN sgst_paise TYPE bigint;

-- The price and GST of each coming night, worked out ahead (issue 22's budgets).
--
-- Priced night by night on every request (the newest price rule covering the night, then the GST
-- slab parsed from hotel_settings' JSON), availability cost PostgreSQL about five times what it did
-- before prices came from the database (bench:api: 830 against 150 µs of CPU an answer), and a
-- confirm about twice. night_prices holds the answer of the pricing rule (price_nights) for every
-- room type and every night from yesterday to three years ahead (as far as a price rule may
-- reach): a row read by primary key per night.
--
-- It is a cache, and the rule stays the truth. What keeps it so lives with the rule in
-- server/db/functions/prices.sql: refresh_night_prices, stay_nights (the cache, else the rule),
-- and the triggers that work the cache out again in the same transaction as any change to what a
-- night's price depends on. This migration first also renamed 009's stay_nights to price_nights,
-- created those triggers and filled the table; the functions step (server/db/migrate.ts) now
-- creates the triggers with their function and fills the table after the functions, on every start.

CREATE TABLE night_prices (
  room_id     text NOT NULL,
  night       date NOT NULL,
  price_paise integer NOT NULL,
  cgst_bp     integer NOT NULL,
  sgst_bp     integer NOT NULL,
  cgst_paise  integer NOT NULL,
  sgst_paise  integer NOT NULL,
  PRIMARY KEY (room_id, night)
);

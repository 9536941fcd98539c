-- Issue 40: who sleeps in each room, and the meal plans a room type is sold with.

-- Per room type, the guests a room takes and what its price includes (src/domain/roomGuests.ts
-- GuestRules): the adults the nightly price covers, the most adults (an extra bed) and children
-- a room takes, the charge per night of each adult past those included and of each child at or
-- above the age children stay free below. Seeded as the issue describes the hotel: a Classic
-- Room takes 2 adults and a child, a Suit Room 2 and 2 children, each an extra bed (a third adult).
ALTER TABLE room_types
  ADD COLUMN included_adults integer NOT NULL DEFAULT 2 CHECK (included_adults BETWEEN 1 AND 10),
  ADD COLUMN max_adults integer NOT NULL DEFAULT 3 CHECK (max_adults BETWEEN 1 AND 10),
  ADD COLUMN max_children integer NOT NULL DEFAULT 1 CHECK (max_children BETWEEN 0 AND 10),
  ADD COLUMN extra_adult_paise integer NOT NULL DEFAULT 100000 CHECK (extra_adult_paise BETWEEN 0 AND 10000000),
  ADD COLUMN extra_child_paise integer NOT NULL DEFAULT 50000 CHECK (extra_child_paise BETWEEN 0 AND 10000000),
  ADD COLUMN child_free_below integer NOT NULL DEFAULT 6 CHECK (child_free_below BETWEEN 0 AND 18),
  ADD CONSTRAINT room_types_included_adults_fit CHECK (included_adults <= max_adults);
UPDATE room_types SET max_children = 2 WHERE room_id = 'executive';

-- The meal plans of each type (src/domain/mealPlans.ts: package_index is the plan's place there,
-- 0 CP, 1 EP, 2 MAP, 3 AP), each on or off and priced on top of the night's room price, per room
-- or per person (adults, and children at or above the free age). The room's nightly price has
-- always been the CP price (the catalogue's "Room With Breakfast"): CP starts on at no charge, the
-- others off, with prices for the owner to check before turning them on.
CREATE TABLE meal_plans (
  room_id       text NOT NULL REFERENCES room_types ON DELETE CASCADE,
  package_index integer NOT NULL CHECK (package_index BETWEEN 0 AND 3),
  enabled       boolean NOT NULL,
  price_paise   integer NOT NULL CHECK (price_paise BETWEEN 0 AND 10000000),
  per           text NOT NULL CHECK (per IN ('room', 'person')),
  PRIMARY KEY (room_id, package_index)
);
INSERT INTO meal_plans (room_id, package_index, enabled, price_paise, per)
SELECT t.room_id, p.package_index, p.package_index = 0, p.price_paise, p.per
  FROM room_types t
 CROSS JOIN (VALUES (0, 0, 'room'), (1, 0, 'room'), (2, 60000, 'person'), (3, 110000, 'person')) AS p(package_index, price_paise, per);

-- Each booking's guests, room by room: [{"adults": 2, "childAges": [7]}, ...]; NULL when the
-- booking did not say (made before this, on the browser-only site and imported, or by an API client
-- that sent none): every room then has the adults its price includes.
ALTER TABLE bookings ADD COLUMN guests jsonb;

-- confirm_booking takes the guests as well (functions/bookings.sql): the version without them goes.
DROP FUNCTION IF EXISTS confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, text, text, date, text, text);

-- room_availability (functions/inventory.sql) answers each type's plans and guest rules as well: a
-- function's columns cannot change in place, so the old one goes and the functions' file makes it anew.
DROP FUNCTION IF EXISTS room_availability(text[], integer[], date, date);

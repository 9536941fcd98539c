-- Issue 39: the owner's reports (occupancy, ADR, RevPAR, pickup, on the books) and the
-- accountant's GST exports.
--
-- A report adds up years of bookings: a financial year is a third of 100,000 bookings. Read from
-- bookings.lines (each night's price and tax, jsonb) for every report, a year's figures cost about
-- 170 ms of database CPU: ten owners at once could not be answered in 300 ms. So the figures are
-- kept summed, the way room_nights keeps the rooms taken:
--   report_nights    per stay night, room type, status, source and GST rate: room-nights and money;
--   report_arrivals  per arrival day, room type, status and source: bookings, nights, lead days.
-- What a booking adds to them (its "facts") is worked out by one function each, from the booking
-- row (server/db/functions/reports.sql). A change to a booking does not update these sums in
-- place: a trigger appends what changed (the old facts taken away, the new added) to the
-- *_waiting tables, heaps with no index, so that a confirm takes no row lock beyond its own and
-- waits on nobody; fold_report_facts() moves them into the sums (each report first, and hourly).
-- A report reads the sums and what waits, in one statement.

-- The hotel's time zone as the server was started with (HOTEL_TIME_ZONE): a booking's lead time
-- is counted from the hotel's date it was made on. `facts_definition` names the facts functions
-- and the time zone the sums were built with: when either changes, the sums are built again
-- (the end of functions/reports.sql, and set_report_time_zone).
CREATE TABLE report_settings (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  time_zone        text NOT NULL DEFAULT 'Asia/Kolkata',
  facts_definition text
);
INSERT INTO report_settings (id) VALUES (true);

CREATE TABLE report_nights (
  night         date NOT NULL,
  room_id       text NOT NULL,
  status        text NOT NULL,
  -- website, phone, walk-in or import (booking_source)
  source        text NOT NULL,
  -- The night's GST rate as its line has it (0 and 0 for a booking without prices kept).
  cgst_bp       integer NOT NULL,
  sgst_bp       integer NOT NULL,
  room_nights   bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise    bigint NOT NULL,
  sgst_paise    bigint NOT NULL,
  PRIMARY KEY (night, room_id, status, source, cgst_bp, sgst_bp)
);
CREATE TABLE report_nights_waiting (LIKE report_nights);

CREATE TABLE report_arrivals (
  check_in      date NOT NULL,
  room_id       text NOT NULL,
  status        text NOT NULL,
  source        text NOT NULL,
  bookings      bigint NOT NULL,
  nights        bigint NOT NULL,
  room_nights   bigint NOT NULL,
  -- Days from the hotel's date the booking was made to its arrival, summed.
  lead_days     bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  PRIMARY KEY (check_in, room_id, status, source)
);
CREATE TABLE report_arrivals_waiting (LIKE report_arrivals);

-- Phone and walk-in bookings are told apart by their audit entry (the desk writes it just after
-- the confirm): found by booking, for the few bookings that have one.
CREATE INDEX audit_log_desk_bookings ON audit_log (booking_id) WHERE action IN ('phone', 'walk-in');

-- Pickup subtracts what was cancelled in the last days.
CREATE INDEX bookings_cancelled_at ON bookings (cancelled_at) WHERE cancelled_at IS NOT NULL AND deleted_at IS NULL;

-- The GST exports read a month's or a year's invoices by their date.
CREATE INDEX invoices_dated ON invoices (invoice_date);

-- The sums of the bookings already stored are built by the functions step right after this
-- migration (facts_definition is null), as every later rebuild is.

-- Issue 40: Form C for guests from abroad, and keeping their particulars only as long as needed.

-- The desk's answer to "any guests from abroad?" per booking (no row: not answered yet), the day
-- the desk marked it submitted to the FRRO (its guests can no longer be removed), and the day the
-- booking's particulars were erased at the end of the retention period.
CREATE TABLE form_c_bookings (
  booking_id      text PRIMARY KEY REFERENCES bookings ON DELETE CASCADE,
  foreign_guests  boolean,
  submitted_on    date,
  submitted_by    text,
  erased_on       date
);

-- One row per guest with a foreign passport. Passport and visa particulars are personal data
-- (India's DPDP Act): read only by the Form C routes (owner and front desk), in no list, export or
-- log line, and deleted by housekeeping a retention period after check-out (server/db/formCQueries.ts).
CREATE TABLE form_c_guests (
  id                    bigserial PRIMARY KEY,
  booking_id            text NOT NULL REFERENCES bookings ON DELETE CASCADE,
  full_name             text NOT NULL,
  nationality           text NOT NULL,
  passport_number       text NOT NULL DEFAULT '',
  passport_issue_date   date,
  passport_issue_place  text NOT NULL DEFAULT '',
  passport_expiry       date,
  visa_number           text NOT NULL DEFAULT '',
  visa_type             text NOT NULL DEFAULT '',
  visa_issue_date       date,
  visa_expiry           date,
  arrival_in_india      date,
  arrived_from          text NOT NULL DEFAULT '',
  next_destination      text NOT NULL DEFAULT '',
  address_in_india      text NOT NULL DEFAULT '',
  arrival_at_hotel      date,
  updated_by            text NOT NULL,
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_c_guests_booking ON form_c_guests (booking_id, id);

-- How long after check-out the particulars are kept (the owner sets it; one row).
CREATE TABLE form_c_settings (
  one             boolean PRIMARY KEY DEFAULT true CHECK (one),
  retention_days  integer NOT NULL DEFAULT 180 CHECK (retention_days BETWEEN 1 AND 3650)
);
INSERT INTO form_c_settings DEFAULT VALUES;

-- Who did what to a booking's Form C, and when: never the particulars themselves (a guest's name
-- is not kept here either). 'erase' is housekeeping's, staff 'housekeeping'.
CREATE TABLE form_c_audit (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  booking_id  text,
  action      text NOT NULL CHECK (action IN ('answer', 'add', 'change', 'remove', 'submit', 'export', 'erase', 'retention')),
  staff       text NOT NULL,
  detail      text NOT NULL DEFAULT ''
);
CREATE INDEX form_c_audit_booking ON form_c_audit (booking_id, id);

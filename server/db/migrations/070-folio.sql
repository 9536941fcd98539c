-- Issue 40: the running bill (folio) of a stay. The owner's catalogue of services, the lines the
-- desk posts from check-in (charges and payments received), each naming who posted it, and the
-- owner's check-outs with a balance still due. The functions are in functions/folio.sql.

-- What the hotel sells besides rooms, each with its SAC and its GST rate (basis points: 500 = 5%,
-- split evenly into CGST and SGST). A line posted keeps its own copy of these: a later change of
-- the catalogue never changes a bill.
CREATE TABLE folio_services (
  id               serial PRIMARY KEY,
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  sac              text NOT NULL CHECK (sac ~ '^99[0-9]{4}$'),
  price_paise      integer NOT NULL CHECK (price_paise BETWEEN 0 AND 100000000),
  gst_basis_points integer NOT NULL CHECK (gst_basis_points BETWEEN 0 AND 2800 AND gst_basis_points % 2 = 0),
  active           boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX folio_services_name ON folio_services (lower(name));

-- The services the site lists, with the SAC of each (the GST rate schedule's headings) and the
-- rate the issue names: restaurant service 5%, the others 18%. The owner sets their own prices.
INSERT INTO folio_services (name, sac, price_paise, gst_basis_points) VALUES
  ('Restaurant', '996331', 50000, 500),
  ('Minibar', '996331', 20000, 500),
  ('Laundry', '999712', 30000, 1800),
  ('Jeep ride', '996601', 150000, 1800),
  ('Pickup and drop', '996601', 120000, 1800),
  ('Bonfire', '999699', 80000, 1800);

-- One line of a bill. A charge has its figures (taxable value, CGST, SGST); a payment its amount
-- and method. A correction is a new line that reverses another (its figures negated, `reverses`
-- naming it): nothing here is ever updated or deleted (the trigger in functions/folio.sql), and
-- the unique `reverses` lets a line be reversed once.
CREATE TABLE folio_lines (
  id               bigserial PRIMARY KEY,
  booking_id       text NOT NULL REFERENCES bookings ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('charge', 'payment')),
  description      text NOT NULL,
  service_id       integer REFERENCES folio_services,
  sac              text,
  quantity         integer,
  unit_paise       integer,
  gst_basis_points integer,
  taxable_paise    bigint NOT NULL DEFAULT 0,
  cgst_paise       bigint NOT NULL DEFAULT 0,
  sgst_paise       bigint NOT NULL DEFAULT 0,
  method           text CHECK (method IN ('cash', 'upi', 'card')),
  amount_paise     bigint NOT NULL DEFAULT 0,
  note             text CHECK (length(note) <= 200),
  reverses         bigint UNIQUE REFERENCES folio_lines,
  staff            text NOT NULL,
  posted_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'charge' AND sac IS NOT NULL AND quantity IS NOT NULL AND unit_paise IS NOT NULL
           AND gst_basis_points IS NOT NULL AND method IS NULL AND amount_paise = 0
      OR kind = 'payment' AND method IS NOT NULL AND taxable_paise = 0 AND cgst_paise = 0 AND sgst_paise = 0),
  CHECK (reverses IS NOT NULL OR (quantity IS NULL OR quantity > 0) AND amount_paise >= 0 AND taxable_paise >= 0),
  CHECK (reverses IS NULL OR reverses < id)
);
CREATE INDEX folio_lines_booking ON folio_lines (booking_id, id);

-- A check-out the owner allowed with a balance still due: who, when, and how much was due.
CREATE TABLE folio_overrides (
  id         bigserial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings ON DELETE CASCADE,
  due_paise  bigint NOT NULL,
  staff      text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);

-- A bill's posts are in a booking's audit log as 'bill-charge', 'bill-payment', 'bill-reversal',
-- and an owner's check-out with a balance due as 'check-out-allowed'. The list of actions is
-- extended, not written out again (as migration 040 does it).
DO $$
DECLARE
  v_check text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO v_check FROM pg_constraint
   WHERE conrelid = 'audit_log'::regclass AND conname = 'audit_log_action_check';
  IF v_check IS NOT NULL AND v_check LIKE '%ARRAY[%' THEN
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
    EXECUTE 'ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check '
         || replace(v_check, 'ARRAY[', 'ARRAY[''bill-charge''::text, ''bill-payment''::text, ''bill-reversal''::text, ''check-out-allowed''::text, ');
  END IF;
END $$;

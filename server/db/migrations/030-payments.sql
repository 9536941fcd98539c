-- Issue 37: the hotel is paid. Advances and deposits through Razorpay Payment Links, refunds by
-- the owner's policy, GST receipt and refund vouchers. Amounts are integer paise (bigint).
-- The functions that read and write these tables: server/db/functions/payments.sql; the flows:
-- server/payments/.

-- A booking that needs a payment takes its nights at confirm, as every booking does, but waits
-- for the money as `awaiting_payment` until hold_expires_at. Paid in time: `confirmed`. Not
-- paid: `expired`, its nights given back (like a cancelled booking it holds none).
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('awaiting_payment', 'confirmed', 'checked_in', 'checked_out', 'no_show', 'cancelled', 'expired'));
ALTER TABLE bookings ADD COLUMN hold_expires_at timestamptz;
CREATE INDEX bookings_holds ON bookings (hold_expires_at) WHERE status = 'awaiting_payment';

-- The owner's payment policy (one row; every change is in settings_audit). `policy` null: not
-- chosen yet, which with Razorpay's keys set means the first night's advance. `gateway_ready` is
-- written by each server at start (keys set or not), as mail_settings.deliver is: without keys a
-- guest always pays at the hotel, whatever the policy says.
CREATE TABLE payment_settings (
  id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
  policy              text CHECK (policy IN ('pay_at_hotel', 'percent', 'first_night', 'full')),
  percent             integer NOT NULL DEFAULT 30 CHECK (percent BETWEEN 1 AND 100),
  hold_minutes        integer NOT NULL DEFAULT 20 CHECK (hold_minutes BETWEEN 1 AND 1440),
  late_refund_percent integer NOT NULL DEFAULT 0 CHECK (late_refund_percent BETWEEN 0 AND 100),
  gateway_ready       boolean NOT NULL DEFAULT false
);
INSERT INTO payment_settings (id) VALUES (true);

-- One row per payment link asked of Razorpay, written BEFORE it is asked (state `creating`), so
-- that a server killed between Razorpay's answer and our write leaves a row the retry or the
-- reconciler finds the link by (Razorpay's reference_id is unique per link: the booking ID, then
-- BK123456-2, -3 ... for a payment made again). No foreign key to bookings: a booking whose link
-- could not be made is removed (it never existed for the guest), and its attempt stays here.
--   state: creating (asked, or about to be), open (the guest can pay), paid, failed (could not be
--   made), cancelled (we cancelled it, or Razorpay did), expired (Razorpay's expiry passed).
CREATE TABLE payments (
  id                  bigserial PRIMARY KEY,
  booking_id          text NOT NULL,
  reference_id        text NOT NULL UNIQUE CHECK (length(reference_id) <= 40),
  channel             text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'phone')),
  amount_paise        bigint NOT NULL CHECK (amount_paise >= 100),
  state               text NOT NULL DEFAULT 'creating'
                      CHECK (state IN ('creating', 'open', 'paid', 'failed', 'cancelled', 'expired')),
  link_id             text UNIQUE,
  short_url           text,
  link_expires_at     timestamptz,
  razorpay_payment_id text UNIQUE,
  method              text,
  paid_at             timestamptz,
  error               text,
  -- The stay's price with its GST when the link was made: the receipt voucher's tax comes from the
  -- booking's (src/domain/payments.ts voucherTax), and from these when the booking is gone.
  stay_taxable_paise  bigint NOT NULL DEFAULT 0,
  stay_cgst_paise     bigint NOT NULL DEFAULT 0,
  stay_sgst_paise     bigint NOT NULL DEFAULT 0,
  -- A link asked for when Razorpay did not answer in time may exist all the same: the reconciler
  -- looks for it by its reference_id and cancels it (true until it has looked).
  orphan_check        boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  -- When the reconciler looks at this row next (also its lease: claiming a row moves this ahead,
  -- so two instances never ask Razorpay about it at once).
  next_check_at       timestamptz NOT NULL DEFAULT now()
);
-- At most one link a guest can pay per booking at a time.
CREATE UNIQUE INDEX payments_one_live ON payments (booking_id) WHERE state IN ('creating', 'open');
CREATE INDEX payments_booking ON payments (booking_id);
CREATE INDEX payments_to_check ON payments (next_check_at) WHERE state IN ('creating', 'open') OR orphan_check;

-- Money given back: one row per refund of one payment, written before Razorpay is asked, with the
-- key Razorpay dedupes it by (X-Refund-Idempotency): asking twice refunds once.
--   state: pending (not yet accepted by Razorpay), created (accepted, on its way), processed, failed.
CREATE TABLE refunds (
  id                 bigserial PRIMARY KEY,
  payment_id         bigint NOT NULL REFERENCES payments,
  booking_id         text NOT NULL,
  amount_paise       bigint NOT NULL CHECK (amount_paise > 0),
  reason             text NOT NULL CHECK (reason IN ('cancelled', 'late_payment', 'double_payment', 'no_booking')),
  idempotency_key    uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'created', 'processed', 'failed')),
  razorpay_refund_id text UNIQUE,
  error              text,
  tries              integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  processed_at       timestamptz,
  next_check_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_booking ON refunds (booking_id);
CREATE INDEX refunds_to_check ON refunds (next_check_at) WHERE state IN ('pending', 'created');

-- A cancel of a booking that was paid for, to be refunded by the policy (the cancel's own
-- transaction writes it, through payments_cancelled(); server/payments/ makes the refunds).
CREATE TABLE cancel_refunds (
  booking_id  text PRIMARY KEY,
  free        boolean NOT NULL,
  at          timestamptz NOT NULL DEFAULT now(),
  done_at     timestamptz
);

-- Every webhook Razorpay delivered (signature checked), once per event ID however often it came,
-- and every signed return of a guest from Razorpay's page: kept, then handled (processed_at).
CREATE TABLE payment_events (
  id           bigserial PRIMARY KEY,
  event_id     text NOT NULL UNIQUE,
  source       text NOT NULL CHECK (source IN ('webhook', 'return')),
  event        text NOT NULL,
  payload      jsonb NOT NULL,
  deliveries   integer NOT NULL DEFAULT 1,
  received_at  timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  outcome      text
);
CREATE INDEX payment_events_waiting ON payment_events (id) WHERE processed_at IS NULL;

-- Receipt vouchers (CGST Rules, rule 50: one for each payment received) and refund vouchers (rule
-- 51: one for each refund of an advance), each series numbered without gaps per financial year,
-- as invoices are: RCV-2627-000001, RFV-2627-000001.
CREATE TABLE voucher_counters (
  series text NOT NULL,
  fy     text NOT NULL,
  last   integer NOT NULL CHECK (last BETWEEN 1 AND 999999),
  PRIMARY KEY (series, fy)
);
CREATE TABLE vouchers (
  voucher_number text PRIMARY KEY CHECK (length(voucher_number) <= 16),
  kind           text NOT NULL CHECK (kind IN ('receipt', 'refund')),
  voucher_date   date NOT NULL,
  booking_id     text NOT NULL,
  payment_id     bigint NOT NULL REFERENCES payments,
  refund_id      bigint UNIQUE REFERENCES refunds,
  amount_paise   bigint NOT NULL CHECK (amount_paise > 0),
  taxable_paise  bigint NOT NULL CHECK (taxable_paise >= 0),
  cgst_paise     bigint NOT NULL CHECK (cgst_paise >= 0),
  sgst_paise     bigint NOT NULL CHECK (sgst_paise >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (taxable_paise + cgst_paise + sgst_paise = amount_paise),
  CHECK ((kind = 'refund') = (refund_id IS NOT NULL))
);
CREATE UNIQUE INDEX vouchers_one_receipt ON vouchers (payment_id) WHERE kind = 'receipt';
CREATE INDEX vouchers_booking ON vouchers (booking_id);

-- confirm_booking answers when the booking holds its rooms for a payment (held_until): its
-- result type changes, which CREATE OR REPLACE cannot do (functions/bookings.sql defines it anew).
DROP FUNCTION IF EXISTS confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, text, text, date);

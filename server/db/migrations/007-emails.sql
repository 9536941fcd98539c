-- Issue 24: emails through an outbox, the guest's manage link, change and cancel.

-- A booking is confirmed or cancelled. A cancelled booking holds no nights (room_nights), stays
-- readable by its manage link and in the admin list, and is never counted in the inventory.
ALTER TABLE bookings
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  ADD COLUMN cancelled_at timestamptz,
  -- The calendar file's SEQUENCE: raised by every change of the stay and by a cancel.
  ADD COLUMN sequence integer NOT NULL DEFAULT 0,
  -- Part of what the manage link signs: raised when the email address changes, so that a link
  -- mailed to the old address stops working.
  ADD COLUMN manage_version integer NOT NULL DEFAULT 1;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('delete', 'restore', 'email', 'import', 'change', 'cancel'));

-- Secrets the server keeps in the database, so that every instance signs alike (the manage link's
-- HMAC key: 32 random bytes the first instance to start writes).
CREATE TABLE server_secrets (
  name  text PRIMARY KEY,
  value bytea NOT NULL
);

-- How this hotel's mail goes, set by the server at start (server/mail/settings.ts): the hotel's
-- own address for its copies (HOTEL_EMAIL), and whether SMTP is set up (SMTP_URL). Read by the
-- statements that queue messages, so that a confirm needs no parameter for them. One row.
CREATE TABLE mail_settings (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  hotel_email text,
  deliver     boolean NOT NULL DEFAULT false
);
INSERT INTO mail_settings (id, hotel_email, deliver) VALUES (true, NULL, false);

-- One row per message to send. Written in the same transaction as the booking change it tells
-- of; the sender (server/mail/sender.ts) claims rows with FOR UPDATE SKIP LOCKED, so that any
-- number of instances send each message once. `booking` is the booking as it was when the row
-- was written: the message is rendered from it, so a later change never rewrites an earlier mail.
--   state: pending (to send), held (no SMTP_URL: waits here), retrying (failed, next_attempt_at
--   says when), sent, failed (gave up after the last try; the admin can resend).
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  created_at      timestamptz NOT NULL DEFAULT now(),
  booking_id      text NOT NULL,
  -- confirmed, changed, cancelled, email-old, email-new, link (to the guest);
  -- hotel-new, hotel-changed, hotel-cancelled (to the hotel).
  kind            text NOT NULL,
  recipient       text NOT NULL,
  booking         jsonb NOT NULL,
  -- Stable across retries and resends: a receiving server or client can drop a duplicate.
  -- A random UUID (no index: nothing looks a message up by it, and the confirm pays for every index).
  message_id      text NOT NULL DEFAULT (gen_random_uuid()::text),
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'held', 'retrying', 'sent', 'failed')),
  tries           integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state IN ('pending', 'held', 'retrying');

-- booking_snapshot and queue_booking_mail, which write these rows: server/db/functions/mail.sql.
-- The confirm queues its messages in its own transaction (server/db/functions/bookings.sql).

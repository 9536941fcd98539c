-- Bookings, the nights they hold, and the audit trail.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE bookings (
  booking_id     text PRIMARY KEY CHECK (length(booking_id) BETWEEN 1 AND 64),
  -- The client's draft ID: a retried confirm with the same draft finds its booking here.
  -- Null for bookings imported from a browser backup.
  draft_id       uuid UNIQUE,
  -- SHA-256 of the secret the guest's device keeps; null for imported bookings.
  guest_key_hash bytea,
  -- Null only for imported records that never named a room type or dates; such a booking holds no nights.
  room_id        text,
  room_name      text NOT NULL,
  package_index  integer NOT NULL DEFAULT 0,
  rooms          integer NOT NULL CHECK (rooms BETWEEN 0 AND 3),
  check_in       date,
  check_out      date,
  total_price    integer NOT NULL CHECK (total_price >= 0),
  email          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- Soft delete: the admin can restore it for 30 days, then it is purged.
  deleted_at     timestamptz,
  CHECK (check_out > check_in)
);

-- Admin list: newest first.
CREATE INDEX bookings_newest ON bookings (created_at DESC, booking_id DESC) WHERE deleted_at IS NULL;
-- Admin search: case-insensitive "contains" on ID, email and room name through trigrams. The
-- expression must match bookingQueries.ts exactly for the planner to use it.
CREATE INDEX bookings_search ON bookings USING gin ((lower(booking_id || chr(31) || email || chr(31) || room_name)) gin_trgm_ops)
  WHERE deleted_at IS NULL;
CREATE INDEX bookings_deleted ON bookings (deleted_at) WHERE deleted_at IS NOT NULL;

-- Rooms taken per room type per night. The invariant the whole design protects: booked never
-- exceeds the hotel's rooms of that type (enforced by take_nights, server/db/functions/inventory.sql).
CREATE TABLE room_nights (
  room_id text NOT NULL,
  night   date NOT NULL,
  booked  integer NOT NULL CHECK (booked >= 0),
  PRIMARY KEY (room_id, night)
);

CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  booking_id text NOT NULL,
  action     text NOT NULL CHECK (action IN ('delete', 'restore', 'email', 'import')),
  actor      text NOT NULL CHECK (actor IN ('admin', 'guest')),
  address    text
);

-- take_nights, free_nights and confirm_booking were first defined here. Every SQL function now
-- has one home in server/db/functions/ (these: inventory.sql, bookings.sql), applied with CREATE OR
-- REPLACE after the migrations on every start (server/db/migrate.ts). Migrations hold schema and
-- data changes only.

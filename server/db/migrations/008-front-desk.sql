-- Issue 23: staff with roles, the front desk, a booking's life.

-- Each person signs in with their own name. The accounts made before this migration (the one
-- `admin`) are owners; the owner adds front-desk staff (server/routes/adminStaff.ts).
ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'desk'));
-- One person per name in any letter case: "Priya" and "priya" would be two people signing in alike.
CREATE UNIQUE INDEX admins_name_any_case ON admins (lower(username));

-- A booking's life: confirmed, then checked_in, then checked_out; or no_show (after the arrival
-- day); or cancelled. A no-show or cancelled booking holds no rooms (room_nights); an early
-- check-out moves check_out to the day the guest left and gives back the nights not stayed.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('confirmed', 'checked_in', 'checked_out', 'no_show', 'cancelled'));

-- Every move by staff, so that the last one can be undone: the status before and after, and for
-- an early check-out the check-out date before it (the nights to take back).
CREATE TABLE status_moves (
  id             bigserial PRIMARY KEY,
  booking_id     text NOT NULL REFERENCES bookings ON DELETE CASCADE,
  from_status    text NOT NULL,
  to_status      text NOT NULL,
  old_check_out  date,
  staff          text NOT NULL,
  at             timestamptz NOT NULL DEFAULT now(),
  undone_at      timestamptz
);
CREATE INDEX status_moves_booking ON status_moves (booking_id, id DESC);

-- The desk's lists: arrivals and departures of a day.
CREATE INDEX bookings_check_in ON bookings (check_in) WHERE deleted_at IS NULL;
CREATE INDEX bookings_check_out ON bookings (check_out) WHERE deleted_at IS NULL;

-- The audit log names the person: `staff` is the signed-in name for actor 'admin' (null for a
-- guest, and for entries written before this migration).
ALTER TABLE audit_log ADD COLUMN staff text;
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('delete', 'restore', 'email', 'import', 'change', 'cancel',
                    'check-in', 'check-out', 'no-show', 'undo', 'phone', 'walk-in'));

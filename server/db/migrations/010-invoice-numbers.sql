-- Invoice numbers are given just after the confirm commits, in batches, instead of inside it.
-- Taken inside the confirm, the invoice counter row stayed locked through each confirm's commit, so
-- confirms committed one at a time: at most one confirm per disk flush (a flush takes 0.25 ms on
-- the machine this was measured on, several ms on many servers' disks).
-- Now a confirm stores its priced booking without a number and commits alongside the others; then
-- number_invoices() numbers every priced booking still without one, in the order they were
-- confirmed, in one short transaction. The numbers stay gapless (the counter and the bookings
-- change in that one transaction) and unique; the server waits for the run that follows its
-- confirm's commit before answering (server/db/invoiceNumbers.ts), so a guest never sees a
-- booking without its number, and a run after a crash numbers what the crash left.

CREATE INDEX bookings_unnumbered ON bookings (created_at, booking_id)
  WHERE invoice_number IS NULL AND lines IS NOT NULL;

-- financial_year and number_invoices, which give the numbers: server/db/functions/invoices.sql.

-- A confirm's invoice waits in a queue with no index, and enters invoices only with its number.
--
-- In migration 013 the confirm added its invoice to invoices without a number, and the run after
-- the commit numbered it: the confirm paid for the row's foreign key check and two index entries
-- (the key and the partial index of invoices waiting), then the run wrote the row again. Measured
-- one confirm at a time, that insert was about 100 µs of a confirm's 800 µs of database CPU.
-- Now the confirm appends (booking, invoice date) to invoices_waiting, a heap with no index and no
-- key: nothing to check or sort, and it is only ever read whole, by the numbering run, while it
-- holds the few rows confirmed since the last run. The run takes them all out and writes each
-- invoice once, numbered; its foreign key is checked then, for the batch.
--
-- What stays as it was: the queue row commits with its booking, so a kill between the commit and
-- the run leaves it for the next run (any instance's, at start-up or the next confirm's), which
-- numbers it before the bookings confirmed after it; and the numbers stay gapless, the counters
-- and the invoices changing in one transaction.

CREATE TABLE invoices_waiting (
  booking_id   text NOT NULL,
  -- The hotel's date at the confirm: the invoice's date, and so its financial year.
  invoice_date date NOT NULL
);

INSERT INTO invoices_waiting (booking_id, invoice_date)
  SELECT booking_id, invoice_date FROM invoices WHERE invoice_number IS NULL;
DELETE FROM invoices WHERE invoice_number IS NULL;
DROP INDEX invoices_unnumbered;
ALTER TABLE invoices ALTER COLUMN invoice_number SET NOT NULL;

-- number_invoices takes the queue, and confirm_booking appends to it: server/db/functions/
-- (invoices.sql, bookings.sql).

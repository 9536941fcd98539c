-- Invoice numbers in a table of their own, so that numbering never writes a booking again.
-- In migration 010 numbering set bookings.invoice_number just after each confirm: an UPDATE that
-- could not be HOT (the column is indexed), so every index of bookings, the search index's
-- trigrams included, took a second entry for every confirm. Measured with bench:api, that and the
-- row-by-row loop were about a quarter of PostgreSQL's CPU per confirm. Now the confirm adds its
-- booking's invoice (its date, no number yet) to this narrow table, and number_invoices() numbers
-- all that wait in one statement that writes only these rows.

CREATE TABLE invoices (
  booking_id     text PRIMARY KEY REFERENCES bookings ON DELETE CASCADE,
  -- The hotel's date at the confirm: the invoice's date, and so its financial year.
  invoice_date   date NOT NULL,
  invoice_number text UNIQUE CHECK (length(invoice_number) <= 16)
);
-- The invoices waiting for a number: the few confirmed since the last numbering run.
CREATE INDEX invoices_unnumbered ON invoices (booking_id) WHERE invoice_number IS NULL;

INSERT INTO invoices (booking_id, invoice_date, invoice_number)
  SELECT booking_id, invoice_date, invoice_number FROM bookings WHERE lines IS NOT NULL;

DROP INDEX bookings_unnumbered;
ALTER TABLE bookings DROP COLUMN invoice_number, DROP COLUMN invoice_date;

-- invoice_number_of (what every query reads as a booking's invoice number) and number_invoices,
-- which numbers these rows: server/db/functions/invoices.sql.

-- After an early check-out the booking bills the nights stayed (issue 35): its price lines of the
-- nights given back go (bill_lines, server/db/functions/invoices.sql). An undo of that check-out
-- puts them back as they were priced at confirm: the move keeps the lines it replaced.
ALTER TABLE status_moves ADD COLUMN old_lines jsonb;

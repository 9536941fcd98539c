-- The GST returns count the services posted to a stay's bill (issue 40) beside its room nights:
-- the invoice register names each invoice's SACs, and the supplies are summed per SAC and rate.
-- Those two functions answer more columns than before, which CREATE OR REPLACE cannot change:
-- dropped here, they are made again, as every function is, by functions/reports.sql.
DROP FUNCTION IF EXISTS gst_invoices(date, date);
DROP FUNCTION IF EXISTS gst_by_rate(date, date);

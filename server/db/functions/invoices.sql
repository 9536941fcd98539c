-- Invoice numbers (server/db/invoiceNumbers.ts says why they are given just after a confirm
-- commits, not inside it): INV-2627-000042, the next number of the financial year of the hotel's
-- date at confirm, unique and without gaps.

-- The financial year (April to March) of a date, as '2026-27': it starts in the calendar year of
-- the date three months earlier and ends in that of the date nine months later. One expression,
-- so that this IMMUTABLE SQL function is inlined into the statement that calls it (written with a
-- FROM it ran as a function call for every invoice numbered, 16 µs each under bench:api). The one
-- statement of the rule: the invoice and voucher series, and the GST returns' periods
-- (financial_year_days, financial_years_between below; server/reports/gstReturns.ts asks them).
CREATE OR REPLACE FUNCTION financial_year(p_day date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM p_day - interval '3 months')::integer::text || '-'
         || lpad((extract(year FROM p_day + interval '9 months')::integer % 100)::text, 2, '0');
$$;

-- The first and last day of the financial year financial_year() names p_fy ('2026-27'); no row
-- for a name it gives no day (2026-29). p_fy starts with its first year's four digits.
CREATE OR REPLACE FUNCTION financial_year_days(p_fy text, OUT first_day date, OUT last_day date)
RETURNS SETOF record LANGUAGE sql IMMUTABLE AS $$
  SELECT min(d)::date, max(d)::date
    FROM generate_series(make_date(left(p_fy, 4)::integer, 1, 1), make_date(left(p_fy, 4)::integer + 1, 12, 31), interval '1 day') AS d
   WHERE financial_year(d::date) = p_fy
  HAVING count(*) > 0;
$$;

-- Every financial year from the one of p_from to the one of p_to, newest first.
CREATE OR REPLACE FUNCTION financial_years_between(p_from date, p_to date) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT y.fy FROM (
    SELECT financial_year(d::date) AS fy FROM generate_series(least(p_from, p_to), p_to, interval '1 month') AS d
    UNION SELECT financial_year(p_to)
  ) AS y ORDER BY y.fy DESC;
$$;

-- A booking's invoice number (null until numbered, and for bookings made before prices or
-- imported): what every query that reads a booking selects as its invoice_number.
CREATE OR REPLACE FUNCTION invoice_number_of(p_booking_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT i.invoice_number FROM invoices i WHERE i.booking_id = p_booking_id;
$$;

-- Sets a priced booking's lines and everything summed from them, together: its taxable value, CGST
-- and SGST (the plain sums of the lines, never rounded again) and its total in rupees. Does nothing
-- to a booking without lines (made before prices, or imported). After an early check-out the lines
-- of the nights given back go, and an undo of it puts them back (server/db/deskQueries.ts).
CREATE OR REPLACE FUNCTION bill_lines(p_booking_id text, p_lines jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE bookings b
     SET lines = p_lines, taxable_paise = s.taxable, cgst_paise = s.cgst, sgst_paise = s.sgst, total_price = (s.taxable + 50) / 100
    -- sum(bigint) is numeric: back to bigint, so that the rupee total divides as integers.
    FROM (SELECT sum((l->>'taxablePaise')::bigint)::bigint AS taxable, sum((l->>'cgstPaise')::bigint)::bigint AS cgst,
                 sum((l->>'sgstPaise')::bigint)::bigint AS sgst
            FROM jsonb_array_elements(p_lines) AS l) AS s
   WHERE b.booking_id = p_booking_id AND b.lines IS NOT NULL;
$$;

-- Numbers every invoice waiting (invoices_waiting, which a confirm appends to: a heap with no
-- index, the cheapest write there is): the next numbers of its financial year, in the order its
-- bookings were confirmed, each written once to invoices (kept apart from bookings, so that
-- numbering never writes a booking and its indexes again). One run at a time on the whole
-- database (instances included): the queue is read after the lock, so a run that starts after a
-- booking committed always sees it; the counters and the invoices change in this one
-- transaction, so the numbers stay gapless. A booking deleted before its number was given is
-- dropped from the queue without a number.
CREATE OR REPLACE FUNCTION number_invoices()
RETURNS TABLE (booking_id text, invoice_number text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7311010);
  RETURN QUERY
  WITH taken AS (
    DELETE FROM invoices_waiting RETURNING invoices_waiting.booking_id, invoices_waiting.invoice_date
  ), confirmed AS (
    -- A subquery per row, not a join: the plan is made once, when the queue may have looked large
    -- enough to join by reading all of bookings; this is one lookup by key per invoice, always.
    SELECT t.booking_id, t.invoice_date,
           (SELECT b.created_at FROM bookings b WHERE b.booking_id = t.booking_id) AS created_at
      FROM taken t
  ), waiting AS (
    SELECT c.booking_id, c.invoice_date, financial_year(c.invoice_date) AS fy,
           row_number() OVER (PARTITION BY financial_year(c.invoice_date) ORDER BY c.created_at, c.booking_id) AS n
      FROM confirmed c
     WHERE c.created_at IS NOT NULL
  ), per_year AS (
    SELECT w.fy, count(*)::integer AS given FROM waiting w GROUP BY w.fy
  ), counted AS (
    -- After this, each year's counter is its last number given; the first waiting invoice of the
    -- year gets (last - given + 1).
    INSERT INTO invoice_counters AS c (fy, last)
    SELECT p.fy, p.given FROM per_year p
    ON CONFLICT (fy) DO UPDATE SET last = c.last + excluded.last
    RETURNING c.fy, c.last
  )
  INSERT INTO invoices AS i (booking_id, invoice_date, invoice_number)
  SELECT w.booking_id, w.invoice_date,
         'INV-' || substr(w.fy, 3, 2) || substr(w.fy, 6, 2) || '-' || lpad((c.last - p.given + w.n)::text, 6, '0')
    FROM waiting w JOIN per_year p ON p.fy = w.fy JOIN counted c ON c.fy = w.fy
  RETURNING i.booking_id, i.invoice_number;
END $$;

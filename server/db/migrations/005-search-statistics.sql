-- Finer statistics on the searched column, so that the planner's guess of how many bookings a
-- term matches is close enough to pick the right plan.
--
-- The planner guesses a LIKE '%term%' by trying the pattern on the column's histogram. With the
-- default 100 buckets at 100,000 bookings, one bucket stands for 1,000 bookings: a name that
-- matches 100 bookings but happens to fall in a bucket is guessed at 1,000, and the planner then
-- walks bookings_newest for a page of 50 (reading 40,000 rows, 15-30 ms) instead of taking the
-- 100 from the trigram index and sorting them (about 1 ms). That was about one name in twelve and
-- one booking-ID prefix in thirty, and the admin search's slowest answers under load.
-- Measured with npm run bench:api's data (100,000 bookings), each search run once, planning
-- included, mean / 99th percentile / slowest:
--   1,200 names (priya.iyer):        100 buckets 1.9 / 17 / 29 ms; 500: 1.0 / 3.5 / 10.5;
--                                    1,000: 1.0 / 1.7-2.5 / 15; 2,000: 1.1 / 1.8 / 3.7
--   611 ID prefixes (BK1234, BK12345): 100 buckets 0.9 / 13 / 16 ms; 1,000: 0.5 / 0.6 / 0.8
-- Beyond 1,000 planning grows more than the rare slow plans cost. ANALYZE then samples 300,000
-- rows instead of 30,000: 0.4 s at 100,000 bookings, in autovacuum's background.
ALTER TABLE bookings ALTER COLUMN search_text SET STATISTICS 1000;
ANALYZE bookings;

-- Issue 39 with 38: the reports count the rooms other channels' calendars took. The rooms-by-night
-- function (server/db/functions/reports.sql) returns their count too: a function's result cannot
-- change in place, so the old one goes before the functions' file makes it anew.
DROP FUNCTION IF EXISTS report_rooms_by_night(date, date, text);

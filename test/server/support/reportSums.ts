import type pg from 'pg';

/**
 * The report sums (migration 050) as kept, against the same sums worked out afresh from every
 * booking: the rows where the two differ (none when the triggers, the desk's moves and the folds
 * kept them right), and the nights where the rooms sold differ from the inventory's rooms taken.
 * Both sides read one snapshot.
 */
export async function reportSumsProblems(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ problem: string }>(`
    WITH kept_nights AS (
      SELECT night, room_id, status, source, cgst_bp, sgst_bp, sum(room_nights) AS room_nights, sum(taxable_paise) AS taxable,
             sum(cgst_paise) AS cgst, sum(sgst_paise) AS sgst
        FROM (SELECT * FROM report_nights UNION ALL SELECT * FROM report_nights_waiting) AS k GROUP BY 1, 2, 3, 4, 5, 6
    ), fresh_nights AS (
      SELECT f.night, f.room_id, f.status, f.source, f.cgst_bp, f.sgst_bp, sum(f.room_nights) AS room_nights,
             sum(f.taxable_paise) AS taxable, sum(f.cgst_paise) AS cgst, sum(f.sgst_paise) AS sgst
        FROM bookings b
        LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
       CROSS JOIN LATERAL report_night_facts(b.room_id, b.status, booking_source(b.draft_id, d.channel), b.rooms, b.check_in,
                                             b.check_out, b.lines, b.deleted_at, 1) AS f
       GROUP BY 1, 2, 3, 4, 5, 6
    ), kept_arrivals AS (
      SELECT check_in, room_id, status, source, sum(bookings) AS bookings, sum(nights) AS nights, sum(room_nights) AS room_nights,
             sum(lead_days) AS lead_days, sum(taxable_paise) AS taxable
        FROM (SELECT * FROM report_arrivals UNION ALL SELECT * FROM report_arrivals_waiting) AS k GROUP BY 1, 2, 3, 4
    ), fresh_arrivals AS (
      SELECT f.check_in, f.room_id, f.status, f.source, sum(f.bookings) AS bookings, sum(f.nights) AS nights,
             sum(f.room_nights) AS room_nights, sum(f.lead_days) AS lead_days, sum(f.taxable_paise) AS taxable
        FROM bookings b
        LEFT JOIN LATERAL desk_channel(b.booking_id) d ON true
       CROSS JOIN report_settings s
       CROSS JOIN LATERAL report_arrival_facts(b.room_id, b.status, booking_source(b.draft_id, d.channel), b.rooms, b.check_in,
                                               b.check_out, b.taxable_paise, b.created_at, b.deleted_at, s.time_zone, 1) AS f
       GROUP BY 1, 2, 3, 4
    ), sold AS (
      SELECT night, room_id, sum(room_nights) AS sold FROM kept_nights WHERE stay_sold(status) GROUP BY 1, 2
    )
    SELECT format('night %s %s %s %s %s/%s: kept %s, fresh %s', coalesce(k.night, f.night), coalesce(k.room_id, f.room_id),
                  coalesce(k.status, f.status), coalesce(k.source, f.source), coalesce(k.cgst_bp, f.cgst_bp), coalesce(k.sgst_bp, f.sgst_bp),
                  concat_ws(' ', k.room_nights, k.taxable, k.cgst, k.sgst), concat_ws(' ', f.room_nights, f.taxable, f.cgst, f.sgst)) AS problem
      FROM (SELECT * FROM kept_nights WHERE (room_nights, taxable, cgst, sgst) <> (0, 0, 0, 0)) k
      FULL JOIN fresh_nights f USING (night, room_id, status, source, cgst_bp, sgst_bp)
     WHERE (k.room_nights, k.taxable, k.cgst, k.sgst) IS DISTINCT FROM (f.room_nights, f.taxable, f.cgst, f.sgst)
    UNION ALL
    SELECT format('arrival %s %s %s %s: kept %s, fresh %s', coalesce(k.check_in, f.check_in), coalesce(k.room_id, f.room_id),
                  coalesce(k.status, f.status), coalesce(k.source, f.source),
                  concat_ws(' ', k.bookings, k.nights, k.room_nights, k.lead_days, k.taxable),
                  concat_ws(' ', f.bookings, f.nights, f.room_nights, f.lead_days, f.taxable))
      FROM (SELECT * FROM kept_arrivals WHERE (bookings, nights, room_nights, lead_days, taxable) <> (0, 0, 0, 0, 0)) k
      FULL JOIN fresh_arrivals f USING (check_in, room_id, status, source)
     WHERE (k.bookings, k.nights, k.room_nights, k.lead_days, k.taxable) IS DISTINCT FROM (f.bookings, f.nights, f.room_nights, f.lead_days, f.taxable)
    UNION ALL
    SELECT format('night %s %s: %s rooms sold, %s taken in room_nights', coalesce(s.night, r.night), coalesce(s.room_id, r.room_id),
                  coalesce(s.sold, 0), coalesce(r.booked, 0))
      FROM sold s
      FULL JOIN room_nights r ON r.night = s.night AND r.room_id = s.room_id
     WHERE coalesce(s.sold, 0) <> coalesce(r.booked, 0)`);
  return rows.map((row) => row.problem);
}

-- Issue 34 item 2: the guest sees the GST and the total with tax before confirming, and in every
-- email, figured by the same SQL as the confirm (one price).
--
-- room_availability as in migration 011, each night's JSON also carrying the CGST and SGST of one
-- room that night (stay_nights' own columns, which confirm_booking stores on the booking): the
-- confirmation screen's figures before Confirm are the confirm's, multiplied by the rooms and
-- summed as the invoice sums its lines.
CREATE OR REPLACE FUNCTION room_availability(p_room_ids text[], p_capacities integer[], p_check_in date, p_check_out date)
RETURNS TABLE (room_id text, capacity integer, min_nights integer, nights json)
LANGUAGE plpgsql STABLE ROWS 2 SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT r.room_id, coalesce(t.rooms, r.capacity),
         (SELECT max(m.nights) FROM min_stays m
           WHERE p_check_in BETWEEN m.first_night AND m.last_night AND (m.room_id IS NULL OR m.room_id = r.room_id)),
         (SELECT json_agg(json_build_object(
                   'night', to_char(s.night, 'YYYY-MM-DD'), 'pricePaise', s.price_paise,
                   'cgstPaise', s.cgst_paise, 'sgstPaise', s.sgst_paise,
                   'left', greatest(0, coalesce(t.rooms, r.capacity) - coalesce(
                     (SELECT n.booked + n.out_of_service FROM room_nights n WHERE n.room_id = r.room_id AND n.night = s.night), 0)),
                   'closed', EXISTS (SELECT 1 FROM closures c WHERE s.night BETWEEN c.first_night AND c.last_night
                                                              AND (c.room_id IS NULL OR c.room_id = r.room_id)))
                 ORDER BY s.night)
            FROM stay_nights(r.room_id, p_check_in, p_check_out) AS s)
    FROM unnest(p_room_ids, p_capacities) WITH ORDINALITY AS r(room_id, capacity, position)
    LEFT JOIN room_types t ON t.room_id = r.room_id
   ORDER BY r.position;
END $$;

-- booking_snapshot as in migration 007, with the price the booking was fixed at and its GST
-- (null for a booking made before prices were kept, or imported): the messages an outbox row
-- stands for state the room total, the GST and the total with tax as they were when it was written.
CREATE OR REPLACE FUNCTION booking_snapshot(b bookings) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'bookingId', b.booking_id, 'roomId', b.room_id, 'roomName', b.room_name, 'packageIndex', b.package_index,
    'rooms', b.rooms, 'checkIn', b.check_in, 'checkOut', b.check_out, 'totalPrice', b.total_price,
    'email', b.email, 'status', b.status, 'sequence', b.sequence, 'manageVersion', b.manage_version,
    'createdAt', b.created_at,
    'taxablePaise', b.taxable_paise, 'cgstPaise', b.cgst_paise, 'sgstPaise', b.sgst_paise);
$$;

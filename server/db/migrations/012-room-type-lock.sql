-- take_nights as in migration 009, with the type's lock in memory instead of on its row.
--
-- A confirm (and a guest's change) holds its room type's lock shared while it takes nights; a
-- change of the type's number of rooms or of its rooms out of service takes it alone
-- (server/db/priceQueries.ts, roomTypeLock), so neither slips in between the other's check and its
-- write. In 009 the confirms held the room_types row FOR SHARE: a row locked by many transactions
-- at once is written again by each new one (a MultiXact, logged), which cost about a quarter of a
-- confirm's database time under load. An advisory lock lives only in the lock table.
CREATE OR REPLACE FUNCTION take_nights(p_room_id text, p_check_in date, p_check_out date, p_rooms integer, p_capacity integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
  v_capacity integer;
BEGIN
  IF p_rooms <= 0 OR p_check_in IS NULL OR p_check_out IS NULL OR p_room_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7311012, hashtext(p_room_id));
  SELECT t.rooms INTO v_capacity FROM room_types t WHERE t.room_id = p_room_id;
  IF NOT FOUND THEN
    v_capacity := p_capacity;
  END IF;
  WITH taken AS (
    INSERT INTO room_nights AS rn (room_id, night, booked)
    SELECT p_room_id, night::date, p_rooms
    FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS night
    WHERE p_rooms <= v_capacity
    ORDER BY night
    ON CONFLICT (room_id, night) DO UPDATE SET booked = rn.booked + excluded.booked
      WHERE rn.booked + rn.out_of_service + excluded.booked <= v_capacity
    RETURNING 1
  )
  SELECT count(*) INTO v_taken FROM taken;
  IF v_taken < p_check_out - p_check_in THEN
    RAISE EXCEPTION 'rooms_unavailable' USING ERRCODE = 'P0001';
  END IF;
END $$;

-- Issue 38: calendars kept in step with Airbnb, Booking.com and the rest (iCal), per room.
--
-- The owner pastes each channel's calendar address for a room (a feed). The server reads every
-- feed on a schedule and on demand (server/channels/), and each event becomes a block of that
-- room: its nights are taken (room_nights.blocked) as a booking's would be, so the guest here sees
-- one room fewer. Applying a feed's events is one function (apply_channel_feed,
-- server/db/functions/channels.sql).

CREATE TABLE channel_feeds (
  id              bigserial PRIMARY KEY,
  room            bigint NOT NULL REFERENCES rooms,
  -- The channel's name as the owner calls it (Airbnb, Booking.com, MakeMyTrip): shown in the
  -- back office and in the summaries of the calendars we give other channels.
  label           text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  url             text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  -- The address this channel reads OUR calendar of the room at: all of the room's nights except
  -- this channel's own blocks (a channel's block sent back to it would outlive its cancellation).
  export_token    text NOT NULL UNIQUE DEFAULT translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  -- The last time the channel read that address: what it knew of us then.
  export_read_at  timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- The schedule: an instance claims a due feed by moving this on (FOR UPDATE SKIP LOCKED).
  next_fetch_at   timestamptz NOT NULL DEFAULT now(),
  last_fetch_at   timestamptz,
  last_success_at timestamptz,
  -- When the fetch whose events are applied began: a slower, older fetch never overwrites them.
  applied_from    timestamptz,
  event_count     integer,
  last_error      text
);
CREATE UNIQUE INDEX channel_feeds_room_url ON channel_feeds (room, url);
CREATE INDEX channel_feeds_due ON channel_feeds (next_fetch_at);

-- One row per event of a feed (its UID), with the nights it blocks: first_night to end_night,
-- exclusive (an all-day event's DTEND is the check-out).
CREATE TABLE channel_blocks (
  id          bigserial PRIMARY KEY,
  feed_id     bigint NOT NULL REFERENCES channel_feeds,
  uid         text NOT NULL CHECK (length(uid) BETWEEN 1 AND 500),
  first_night date NOT NULL,
  end_night   date NOT NULL CHECK (end_night > first_night),
  summary     text NOT NULL DEFAULT '' CHECK (length(summary) <= 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (feed_id, uid)
);

-- Each night of each block, on its room. `echo`: this night is one we had sent the channel
-- (our booking on this room, or another channel's block), and the channel only sends it back; it
-- takes nothing and is never sent on (functions/channels.sql says how it is told apart).
CREATE TABLE channel_block_nights (
  block_id bigint NOT NULL REFERENCES channel_blocks ON DELETE CASCADE,
  room     bigint NOT NULL REFERENCES rooms,
  night    date NOT NULL,
  echo     boolean NOT NULL,
  since    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (block_id, night)
);
CREATE INDEX channel_block_nights_room ON channel_block_nights (room, night);

-- What each sync did, for the owner: fetched, failed, added, moved a booking, overbooked. The
-- room's number and the feed's name are kept as they were, so the log outlives a removed feed.
CREATE TABLE channel_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  feed_id     bigint,
  room_number text,
  feed_label  text,
  kind        text NOT NULL CHECK (kind IN ('synced', 'failed', 'moved', 'overbooked', 'added', 'removed')),
  message     text NOT NULL
);
CREATE INDEX channel_log_newest ON channel_log (id DESC);
CREATE INDEX channel_log_feed ON channel_log (feed_id, id DESC);

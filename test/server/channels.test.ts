import ICAL from 'ical.js';
import { defaultChannelSettings } from '../../server/channels/channelSettings';
import { startChannelSync } from '../../server/channels/channelSync';
import { hotelToday } from '../../server/bookingRules';
import { applyFeed, claimFeed } from '../../server/db/channelQueries';
import type { Database } from '../../server/db/database';
import type { SyncReply } from '../../src/domain/roomsWire';
import { saveMailSettings } from '../../server/mail/outbox';
import { addDays } from '../../src/domain/dates';
import { airbnbCalendar, bookingComCalendar, startFeedServer } from './support/feedServer';
import type { FeedServer, FeedStay } from './support/feedServer';
import { checkInventory } from './support/inventory';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * Issue 38 over real HTTP on every kind of database: channel calendars (Airbnb, Booking.com)
 * served by a real HTTP server in this process, read into blocks of rooms; the guest sees one room
 * fewer; a block on a booked room moves the booking or, when no room is free, stands overbooked
 * and the owner is emailed; our calendars read back with ical.js; echoes of our own bookings; a
 * failing feed that changes nothing; several instances reading each feed once.
 */

type Session = Awaited<ReturnType<typeof signIn>>;
const ownerEmail = 'owner@valleyview.example';
const publicUrl = 'https://stay.example.in';
const fetchLimits = { timeoutMs: 1_500, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: ['127.0.0.1'] };

describe.each(databaseKinds)('channel calendars on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let feeds: FeedServer;
  let owner: Session;
  const today = hotelToday();
  const day = (n: number) => addDays(today, n);

  const as = (path: string, init: { method?: string; body?: unknown; session?: Session | null } = {}) =>
    api(server.url, path, { method: init.method, body: init.body, headers: init.session === null ? {} : (init.session ?? owner).headers });

  async function roomIds(): Promise<Map<string, number>> {
    const reply = await as('/api/admin/rooms');
    expect(reply.status).toBe(200);
    return new Map(
      (reply.body.types as Array<{ rooms: Array<{ id: number; number: string }> }>).flatMap((t) => t.rooms.map((r) => [r.number, r.id])),
    );
  }
  async function addFeed(number: string, label: string, path: string) {
    const reply = await as('/api/admin/channels/feeds', {
      method: 'POST',
      body: { roomId: (await roomIds()).get(number), label, url: feeds.url(path) },
    });
    expect(reply.status).toBe(201);
    return reply.body as SyncReply;
  }
  const syncNow = async (feedId: number) => {
    const reply = await as(`/api/admin/channels/feeds/${feedId}/sync`, { method: 'POST', body: {} });
    expect(reply.status).toBe(200);
    return reply.body as SyncReply;
  };
  /** Rooms of the type the guest may still book for those nights. */
  const left = async (roomId: string, first: number, end: number) => {
    const reply = await api(server.url, `/api/availability?checkIn=${day(first)}&checkOut=${day(end)}`);
    return (reply.body.rooms as Array<{ roomId: string; left: number }>).find((r) => r.roomId === roomId)!.left;
  };
  async function book(roomId: string, first: number, end: number, rooms = 1) {
    const reply = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId, checkIn: day(first), checkOut: day(end), rooms }),
    });
    if (reply.status !== 201) throw new Error(`confirm: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.booking.bookingId as string;
  }
  const placed = async (bookingId: string) =>
    (
      await db.pool.query<{ number: string; night: string }>(
        `SELECT r.number, to_char(p.night, 'YYYY-MM-DD') AS night FROM room_placements p JOIN rooms r ON r.id = p.room
          WHERE p.booking_id = $1 ORDER BY p.night, r.number`,
        [bookingId],
      )
    ).rows;
  async function expectInventoryKept() {
    const inventory = await checkInventory(db.pool);
    expect(inventory.problems).toEqual([]);
    expect(inventory.placementProblems).toEqual([]);
  }
  /** Our calendar at one of the addresses the Channels screen gives, read as a channel reads it. */
  async function calendarAt(url: string) {
    const response = await fetch(server.url + new URL(url).pathname);
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), text };
  }
  function eventsOf(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return calendar.getAllSubcomponents('vevent').map((vevent) => {
      const start = vevent.getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>;
      const end = vevent.getFirstPropertyValue('dtend') as InstanceType<typeof ICAL.Time>;
      return {
        uid: String(vevent.getFirstPropertyValue('uid')),
        summary: String(vevent.getFirstPropertyValue('summary')),
        allDay: start.isDate && end.isDate,
        first: start.toString(),
        end: end.toString(),
      };
    });
  }
  const serve = (path: string, calendar: string) => feeds.set(path, { calendar });

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    feeds = await startFeedServer();
    server = await startTestServer(db, { channels: { syncMinutes: 10, fetch: fetchLimits }, mail: { publicUrl } });
    await createAdmin(db);
    owner = await signIn(server.url);
    await saveMailSettings(db.pool, { hotelEmail: ownerEmail, deliver: false });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.close();
    await database?.remove();
  });

  test('an Airbnb calendar blocks its room: the guest sees one room fewer, the desk sees whose it is; changed dates move it, a gone event frees it', async () => {
    serve('/airbnb-201.ics', airbnbCalendar(today, [{ uid: 'res1', first: 20, end: 23 }], [{ uid: 'na1', first: 60, end: 62 }]));
    expect(await left('executive', 20, 23)).toBe(4);
    const added = await addFeed('201', 'Airbnb', '/airbnb-201.ics');
    expect(added.result).toMatchObject({ ok: true, events: 2, added: 2, changed: 0, removed: 0, moved: [], overbooked: [] });
    expect(added.feed).toMatchObject({ eventCount: 2, lastError: null });
    expect(added.feed.lastSuccessAt).not.toBeNull();
    expect(await left('executive', 20, 23)).toBe(3);
    expect(await left('executive', 60, 62)).toBe(3);
    expect(await left('executive', 23, 24)).toBe(4);
    const desk = await as(`/api/admin/desk?date=${day(20)}`);
    expect(desk.body.rooms.filter((r: { channels: string[] }) => r.channels.length)).toEqual([
      expect.objectContaining({ number: '201', title: 'Suit Room', channels: ['Airbnb'], bookingIds: [] }),
    ]);
    await expectInventoryKept();

    // The guest on Airbnb moved a night later; the blocked nights ended.
    serve('/airbnb-201.ics', airbnbCalendar(today, [{ uid: 'res1', first: 21, end: 24 }]));
    expect((await syncNow(added.feed.id)).result).toMatchObject({ ok: true, events: 1, added: 0, changed: 1, removed: 1 });
    expect([await left('executive', 20, 21), await left('executive', 21, 24), await left('executive', 60, 62)]).toEqual([4, 3, 4]);
    await expectInventoryKept();

    // Removing the calendar frees its nights at once.
    expect((await as(`/api/admin/channels/feeds/${added.feed.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await left('executive', 21, 24)).toBe(4);
    const log = (await as('/api/admin/channels')).body.log.map((entry: { kind: string; message: string }) => [entry.kind, entry.message]);
    expect(log.slice(0, 4)).toEqual([
      ['removed', "Airbnb's calendar removed from room 201; its nights are free again."],
      ['synced', '1 event read: 0 new, 1 changed, 1 gone.'],
      ['synced', '2 events read: 2 new, 0 changed, 0 gone.'],
      ['added', "Airbnb's calendar added for room 201."],
    ]);
    await expectInventoryKept();
  });

  test('a block on a room holding a booking from here moves the booking, whole, to a free room of its type', async () => {
    const bookingId = await book('executive', 30, 33);
    const [first] = await placed(bookingId);
    const room = first!.number;
    serve(`/booking-${room}.ics`, bookingComCalendar(today, [{ uid: 'closed1', first: 31, end: 32 }]));
    const added = await addFeed(room, 'Booking.com', `/booking-${room}.ics`);
    expect(added.result.moved).toEqual([{ bookingId, nights: [day(30), day(31), day(32)], to: expect.any(String) }]);
    const now = await placed(bookingId);
    const to = added.result.moved[0]!.to;
    expect(to).not.toBe(room);
    expect(now).toEqual([day(30), day(31), day(32)].map((night) => ({ number: to, night })));
    expect(await left('executive', 31, 32)).toBe(2);
    const log = (await as('/api/admin/channels')).body.log;
    expect(log[0]).toMatchObject({ kind: 'moved', roomNumber: room, feedLabel: 'Booking.com' });
    expect(log[0].message).toBe(
      `Booking ${bookingId} moved from room ${room} to room ${to} (${[30, 31, 32].map((n) => longDate(day(n))).join(', ')}): Booking.com sold room ${room}.`,
    );
    await expectInventoryKept();
    await as(`/api/admin/channels/feeds/${added.feed.id}`, { method: 'DELETE' });
  });

  test('with no room free, the block still stands: the night is overbooked on the desk and the owner is emailed what to do', async () => {
    const ids = [
      await book('executive', 40, 42),
      await book('executive', 40, 41),
      await book('executive', 40, 41),
      await book('executive', 40, 41),
    ];
    expect(await left('executive', 40, 41)).toBe(0);
    const onRoom203 = (await Promise.all(ids.map(async (id) => ({ id, rooms: await placed(id) })))).find(
      (b) => b.rooms[0]!.number === '203',
    )!.id;
    serve('/airbnb-203.ics', airbnbCalendar(today, [{ uid: 'late-sale', first: 40, end: 41 }]));
    const added = await addFeed('203', 'Airbnb', '/airbnb-203.ics');
    expect(added.result).toMatchObject({ ok: true, moved: [], overbooked: [{ bookingId: onRoom203, nights: [day(40)] }] });
    expect(await left('executive', 40, 41)).toBe(0);
    // Nothing was dropped: the booking is where it was, the block is recorded.
    expect((await placed(onRoom203))[0]).toEqual({ number: '203', night: day(40) });

    const desk = await as(`/api/admin/desk?date=${day(40)}`);
    expect(desk.body.overbooked).toEqual([
      {
        night: day(40),
        typeId: 'executive',
        title: 'Suit Room',
        taken: 5,
        rooms: 4,
        clashes: [{ roomNumber: '203', bookingId: onRoom203, channels: ['Airbnb'] }],
      },
    ]);
    expect(desk.body.rooms.find((r: { number: string }) => r.number === '203')).toMatchObject({
      bookingIds: [onRoom203],
      channels: ['Airbnb'],
    });
    expect((await as('/api/admin/channels')).body.overbooked).toEqual(desk.body.overbooked);

    const outbox = await as('/api/admin/outbox?limit=200');
    const mail = outbox.body.items.find((m: { kind: string }) => m.kind === 'hotel-overbooked');
    expect(mail).toMatchObject({
      to: ownerEmail,
      bookingId: onRoom203,
      subject: `Overbooked: room 203 on ${new Date(`${day(40)}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} (Airbnb)`,
      state: 'held',
    });
    expect(mail.text).toContain(`Airbnb sold room 203 (Suit Room) for the night of`);
    expect(mail.text).toContain(`which booking ${onRoom203} (guest@example.com) holds here`);
    expect(mail.text).toContain('What to do, today:');
    await expectInventoryKept();

    // A room comes free (a cancel at the desk): "Move to" takes the booking there, and the night is whole again.
    const other = ids.find((id) => id !== onRoom203 && id !== ids[0])!;
    expect((await as(`/api/admin/bookings/${other}/status`, { method: 'POST', body: { to: 'cancelled' } })).status).toBe(200);
    const freed = (await as(`/api/admin/desk?date=${day(40)}`)).body.arrivals.find((e: { bookingId: string }) => e.bookingId === onRoom203);
    expect(freed.placedIn).toEqual([{ id: expect.any(Number), number: '203' }]);
    expect(freed.moveTargets).toHaveLength(1);
    const move = await as(`/api/admin/bookings/${onRoom203}/room`, {
      method: 'POST',
      body: { fromRoom: freed.placedIn[0].id, toRoom: freed.moveTargets[0].id },
    });
    expect(move.status).toBe(200);
    expect((await as(`/api/admin/desk?date=${day(40)}`)).body.overbooked).toEqual([]);
    await expectInventoryKept();
    await as(`/api/admin/channels/feeds/${added.feed.id}`, { method: 'DELETE' });
  });

  test('our calendars: one per room (and per channel, without its own blocks), all-day, check-out exclusive, a stable UID, no guest named; one per room type', async () => {
    const bookingId = await book('deluxe', 50, 53);
    const room = (await placed(bookingId))[0]!.number;
    serve(`/bcom-${room}.ics`, bookingComCalendar(today, [{ uid: 'c70', first: 70, end: 72 }]));
    serve(`/airbnb-${room}.ics`, airbnbCalendar(today, [{ uid: 'r80', first: 80, end: 81 }]));
    const bcom = await addFeed(room, 'Booking.com', `/bcom-${room}.ics`);
    const airbnb = await addFeed(room, 'Airbnb', `/airbnb-${room}.ics`);
    const overview = (await as('/api/admin/channels')).body;
    const entry = overview.rooms.find((r: { number: string }) => r.number === room);
    expect(entry.calendarUrl).toMatch(new RegExp(`^${publicUrl}/api/calendars/[a-f0-9]{64}\\.ics$`));

    const whole = await calendarAt(entry.calendarUrl);
    expect(whole.status).toBe(200);
    expect(whole.type).toBe('text/calendar; charset=utf-8');
    expect(whole.text).not.toContain('guest@example.com');
    const bookingEvent = {
      uid: `${bookingId}-room${(await roomIds()).get(room)}@stay.example.in`,
      summary: `Booked (${bookingId})`,
      allDay: true,
      first: day(50),
      end: day(53),
    };
    const bcomEvent = {
      uid: expect.stringMatching(/^block\d+-room\d+@stay\.example\.in$/),
      summary: 'Not available (Booking.com)',
      allDay: true,
      first: day(70),
      end: day(72),
    };
    const airbnbEvent = {
      uid: expect.stringMatching(/^block\d+-room\d+@stay\.example\.in$/),
      summary: 'Not available (Airbnb)',
      allDay: true,
      first: day(80),
      end: day(81),
    };
    expect(eventsOf(whole.text)).toEqual([bookingEvent, bcomEvent, airbnbEvent]);
    expect(whole.text).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\nDTEND;VALUE=DATE:\d{8}\r\n/);
    // Each channel reads the room without its own blocks.
    expect(eventsOf((await calendarAt(airbnb.feed.exportUrl)).text)).toEqual([bookingEvent, bcomEvent]);
    expect(eventsOf((await calendarAt(bcom.feed.exportUrl)).text)).toEqual([bookingEvent, airbnbEvent]);

    // The guest changes the stay with the emailed link: the same event, new dates.
    const confirmed = (await as('/api/admin/outbox?limit=200')).body.items.find(
      (m: { bookingId: string; kind: string }) => m.bookingId === bookingId && m.kind === 'confirmed',
    );
    const token = /\/manage#([A-Za-z0-9_.-]+)/.exec(confirmed.text)![1]!;
    const change = await api(server.url, '/api/manage', {
      method: 'PUT',
      body: { checkIn: day(50), checkOut: day(54), rooms: 1 },
      headers: { 'x-manage-token': token },
    });
    expect(change.status).toBe(200);
    expect(eventsOf((await calendarAt(entry.calendarUrl)).text)[0]).toEqual({ ...bookingEvent, end: day(54) });

    // A room type's calendar: the nights none of its rooms is left.
    for (let n = 0; n < 4; n++) await book('executive', 150, n < 2 ? 152 : 151);
    const suits = overview.types.find((t: { typeId: string }) => t.typeId === 'executive');
    const typeEvents = eventsOf((await calendarAt(suits.calendarUrl)).text);
    expect(typeEvents).toContainEqual({
      uid: `executive-${day(150)}@stay.example.in`,
      summary: 'No Suit Rooms left',
      allDay: true,
      first: day(150),
      end: day(151),
    });
    expect(typeEvents.every((e) => e.allDay)).toBe(true);

    // A leaked address is replaced: the old one stops at once.
    expect((await as(`/api/admin/channels/rooms/${entry.id}/token`, { method: 'POST', body: {} })).status).toBe(204);
    expect((await calendarAt(entry.calendarUrl)).status).toBe(404);
    const renewed = (await as('/api/admin/channels')).body.rooms.find((r: { number: string }) => r.number === room);
    expect((await calendarAt(renewed.calendarUrl)).status).toBe(200);
    for (const path of ['/api/calendars/nope.ics', `/api/calendars/${'0'.repeat(64)}.ics`, '/api/calendars/..%2f..%2fetc%2fpasswd'])
      expect((await fetch(server.url + path)).status).toBe(404);
    await as(`/api/admin/channels/feeds/${bcom.feed.id}`, { method: 'DELETE' });
    await as(`/api/admin/channels/feeds/${airbnb.feed.id}`, { method: 'DELETE' });
  });

  test('our own booking sent back by a channel that read our calendar is an echo: it takes nothing and moves nothing; a "Reserved" on it is a sale', async () => {
    const bookingId = await book('deluxe', 90, 92);
    const room = (await placed(bookingId))[0]!.number;
    serve(`/echo-${room}.ics`, airbnbCalendar(today, []));
    const feed = (await addFeed(room, 'Airbnb', `/echo-${room}.ics`)).feed;
    // The booking was placed five minutes before Airbnb read our calendar of the room.
    await db.pool.query(`UPDATE room_placements SET placed_at = placed_at - interval '5 minutes' WHERE booking_id = $1`, [bookingId]);
    expect((await calendarAt(feed.exportUrl)).text).toContain(`Booked (${bookingId})`);
    // Airbnb now shows those nights unavailable, and sends them back.
    serve(`/echo-${room}.ics`, airbnbCalendar(today, [], [{ uid: 'echo', first: 90, end: 92 }]));
    expect((await syncNow(feed.id)).result).toMatchObject({ ok: true, added: 1, moved: [], overbooked: [] });
    expect(await placed(bookingId)).toEqual([day(90), day(91)].map((night) => ({ number: room, night })));
    expect(await left('deluxe', 90, 92)).toBe(7);
    await expectInventoryKept();
    // The booking is cancelled: the echo does not turn into a block that keeps the room shut.
    expect((await as(`/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to: 'cancelled' } })).status).toBe(200);
    await syncNow(feed.id);
    expect(await left('deluxe', 90, 92)).toBe(8);
    await expectInventoryKept();

    // A sale of Airbnb's own ("Reserved") on a booking's nights is never an echo.
    const second = await book('deluxe', 95, 97);
    const secondRoom = (await placed(second))[0]!.number;
    const other = secondRoom === room ? feed : (await addFeed(secondRoom, 'Airbnb', `/echo-${secondRoom}.ics`)).feed;
    await db.pool.query(`UPDATE room_placements SET placed_at = placed_at - interval '5 minutes' WHERE booking_id = $1`, [second]);
    await calendarAt(other.exportUrl);
    serve(
      secondRoom === room ? `/echo-${room}.ics` : `/echo-${secondRoom}.ics`,
      airbnbCalendar(today, [{ uid: 'sale', first: 95, end: 97 }]),
    );
    const sale = (await syncNow(other.id)).result;
    expect(sale.moved).toEqual([{ bookingId: second, nights: [day(95), day(96)], to: expect.any(String) }]);
    expect(await left('deluxe', 95, 97)).toBe(6);
    await expectInventoryKept();
    for (const id of new Set([feed.id, other.id])) await as(`/api/admin/channels/feeds/${id}`, { method: 'DELETE' });
  });

  test('the owner’s reports count the rooms a channel took as sold there, by its name, without a price (issue 39)', async () => {
    // Nights 300 to 302: MakeMyTrip took room 204 for all three; a guest here took a Suit Room for the first.
    serve('/mmt-204.ics', bookingComCalendar(today, [{ uid: 'mmt-1', first: 300, end: 303 }]));
    await addFeed('204', 'MakeMyTrip', '/mmt-204.ics');
    await book('executive', 300, 301);
    const reply = await as(`/api/admin/reports?from=${day(300)}&to=${day(302)}&roomId=executive`);
    expect(reply.status).toBe(200);
    expect(reply.body.summary).toMatchObject({
      roomNightsAvailable: 12,
      roomNightsSold: 4,
      channelRoomNights: 3,
      occupancyPercent: 33.3,
      roomRevenuePaise: 400_000,
      // The price of the night sold here: MakeMyTrip's calendar does not say what it charged.
      adrPaise: 400_000,
    });
    expect(reply.body.nights.map((n: { sold: number; channel: number }) => [n.sold, n.channel])).toEqual([
      [2, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(reply.body.sources.totals).toEqual([
      { source: 'MakeMyTrip', bookings: 1, roomNights: 3, revenuePaise: null },
      { source: 'website', bookings: 1, roomNights: 1, revenuePaise: 400_000 },
    ]);
    expect(reply.body.sources.buckets[0]).toEqual({ start: day(300), roomNights: { MakeMyTrip: 1, website: 1 } });
    // The Classic Rooms alone: nothing of room 204's.
    const classic = await as(`/api/admin/reports?from=${day(300)}&to=${day(302)}&roomId=deluxe`);
    expect(classic.body.summary).toMatchObject({ roomNightsSold: 0, channelRoomNights: 0 });
    expect(classic.body.sources.totals).toEqual([]);
  });

  test('a feed that fails changes nothing and shows as failing: a 404, a web page, a hang, 5 MB of junk, a redirect to loopback', async () => {
    serve('/steady.ics', bookingComCalendar(today, [{ uid: 's1', first: 100, end: 102 }]));
    const added = await addFeed('105', 'Booking.com', '/steady.ics');
    const success = added.feed.lastSuccessAt;
    expect(await left('deluxe', 100, 102)).toBe(7);
    const failures: Array<[() => void, RegExp]> = [
      [() => feeds.set('/steady.ics', { status: 404, body: 'no' }), /answered 404/],
      [
        () => feeds.set('/steady.ics', { calendar: '<html><body>Log in</body></html>', contentType: 'text/calendar' }),
        /web page, not a calendar/,
      ],
      [() => feeds.set('/steady.ics', { hang: true }), /did not answer within 1\.5 s/],
      [() => feeds.set('/steady.ics', { junkBytes: 5 * 1024 * 1024, declareLength: false }), /more than the 1 MB/],
      [() => feeds.set('/steady.ics', { redirect: 'http://127.0.0.2:9/steady.ics' }), /private network/],
    ];
    for (const [arrange, reason] of failures) {
      arrange();
      const { feed, result } = await syncNow(added.feed.id);
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(reason), added: 0, removed: 0 });
      expect(feed).toMatchObject({ lastError: expect.stringMatching(reason), lastSuccessAt: success, eventCount: 1 });
      expect(await left('deluxe', 100, 102)).toBe(7);
    }
    const failed = (await as('/api/admin/channels')).body.log.filter((e: { kind: string }) => e.kind === 'failed');
    expect(
      failed
        .slice(0, failures.length)
        .map((e: { message: string }) => e.message)
        .reverse(),
    ).toEqual(failures.map(([, r]) => expect.stringMatching(r)));
    serve('/steady.ics', bookingComCalendar(today, [{ uid: 's1', first: 100, end: 102 }]));
    expect((await syncNow(added.feed.id)).feed).toMatchObject({ lastError: null });
    await expectInventoryKept();

    // An address that is not a calendar's is refused when added; one on this machine fails on reading.
    const roomId = (await roomIds()).get('106');
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.ics', 'javascript:alert(1)'])
      expect((await as('/api/admin/channels/feeds', { method: 'POST', body: { roomId, label: 'X', url } })).status).toBe(400);
    const inside = await as('/api/admin/channels/feeds', {
      method: 'POST',
      body: { roomId, label: 'Inside', url: 'http://169.254.169.254/latest/meta-data/' },
    });
    expect(inside.status).toBe(201);
    expect(inside.body.result).toMatchObject({ ok: false, error: expect.stringMatching(/private network/) });
    await as(`/api/admin/channels/feeds/${inside.body.feed.id}`, { method: 'DELETE' });
    await as(`/api/admin/channels/feeds/${added.feed.id}`, { method: 'DELETE' });
  });

  test('two instances on one database read each due feed once; a read that began earlier and ends later changes nothing', async () => {
    const stays: FeedStay[] = [{ uid: 'x', first: 120, end: 121 }];
    const made: number[] = [];
    for (const number of ['102', '103', '104', '107', '108']) {
      serve(`/twice-${number}.ics`, bookingComCalendar(today, stays));
      made.push((await addFeed(number, 'Booking.com', `/twice-${number}.ics`)).feed.id);
    }
    for (const number of ['102', '103', '104', '107', '108']) feeds.hits.set(`/twice-${number}.ics`, 0);
    await db.pool.query("UPDATE channel_feeds SET next_fetch_at = now() - interval '1 second' WHERE id = ANY ($1::bigint[])", [made]);
    const settings = { ...defaultChannelSettings, syncMinutes: 10, fetch: fetchLimits };
    const a = startChannelSync({ pool: db.pool, settings, horizonDays: 365, pollMs: 3_600_000 });
    const b = startChannelSync({ pool: db.pool, settings, horizonDays: 365, pollMs: 3_600_000 });
    await Promise.all([a.syncDue(), b.syncDue(), a.syncDue(), b.syncDue()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(['102', '103', '104', '107', '108'].map((n) => feeds.hits.get(`/twice-${n}.ics`))).toEqual([1, 1, 1, 1, 1]);
    expect(await left('deluxe', 120, 121)).toBe(3);

    // Two reads of one feed: the later one's events are applied first; the earlier one's then change nothing.
    const earlier = (await claimFeed(db.pool, made[0]!, 10))!;
    const later = (await claimFeed(db.pool, made[0]!, 10))!;
    expect(later.startedAt.getTime()).toBeGreaterThanOrEqual(earlier.startedAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = (await claimFeed(db.pool, made[0]!, 10))!;
    const titles = (id: string) => id;
    expect(await applyFeed(db.pool, made[0]!, newer.startedAt, [], today, titles)).toMatchObject({ applied: true, removed: 1 });
    expect(
      await applyFeed(
        db.pool,
        made[0]!,
        earlier.startedAt,
        [{ uid: 'x@booking.com', firstNight: day(120), endNight: day(121), summary: 'CLOSED - Not available' }],
        today,
        titles,
      ),
    ).toMatchObject({ applied: false, reason: 'stale' });
    expect(await left('deluxe', 120, 121)).toBe(4);
    await expectInventoryKept();
    for (const id of made) await as(`/api/admin/channels/feeds/${id}`, { method: 'DELETE' });
  });

  test('only owners reach channels and rooms; nobody signed in gets 401', async () => {
    await as('/api/admin/staff', { method: 'POST', body: { username: 'Desk', password: 'front desk password 1', role: 'desk' } });
    const desk = await signIn(server.url, 'Desk', 'front desk password 1');
    for (const [method, path, body] of [
      ['GET', '/api/admin/channels', undefined],
      ['GET', '/api/admin/rooms', undefined],
      ['POST', '/api/admin/rooms', { typeId: 'deluxe', number: '999' }],
      ['POST', '/api/admin/channels/feeds', { roomId: 1, label: 'X', url: 'https://example.com/x.ics' }],
      ['POST', '/api/admin/channels/feeds/1/sync', {}],
    ] as const) {
      expect((await as(path, { method, body, session: desk })).status).toBe(403);
      expect((await as(path, { method, body, session: null })).status).toBe(401);
    }
    // The desk sees the rooms of a night and moves bookings.
    expect((await as(`/api/admin/desk?date=${day(40)}`, { session: desk })).body.rooms.length).toBeGreaterThan(0);
  });
});

function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

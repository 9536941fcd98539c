import { readFeed } from '../../server/channels/feedReader';
import { FeedError, fetchFeed, isPrivateAddress } from '../../server/channels/fetchFeed';
import type { FetchLimits } from '../../server/channels/fetchFeed';
import { maxRepeatDates, parseFeed } from '../../server/channels/parseFeed';
import { addDays } from '../../src/domain/dates';
import { airbnbCalendar, bookingComCalendar, genericCalendar, startFeedServer } from './support/feedServer';
import type { FeedServer } from './support/feedServer';

/**
 * Reading a channel's calendar (issue 38), without a database: the parser's nights for the shapes
 * Airbnb, Booking.com and a generic exporter write (all-day dates, time zones, durations,
 * repeating and cancelled events), and the fetcher's bounds against a real HTTP server in this
 * process (a server that hangs, lies about its type, redirects to loopback, sends a huge body).
 */

const today = '2027-01-01';
const window = { hotelZone: 'Asia/Kolkata', today, until: addDays(today, 3 * 366) };
const nights = (text: string) => parseFeed(text, window).events.map((e) => [e.uid, e.firstNight, e.endNight, e.summary]);

describe('reading a calendar', () => {
  test("Airbnb's Reserved and Not available, and Booking.com's CLOSED: each event's nights, check-out exclusive", () => {
    expect(nights(airbnbCalendar(today, [{ uid: 'a1', first: 4, end: 9 }], [{ uid: 'a2', first: 50, end: 60 }]))).toEqual([
      ['a1@airbnb.com', '2027-01-05', '2027-01-10', 'Reserved'],
      ['a2@airbnb.com', '2027-02-20', '2027-03-02', 'Airbnb (Not available)'],
    ]);
    expect(nights(bookingComCalendar(today, [{ uid: 'b1', first: 11, end: 13 }]))).toEqual([
      ['b1@booking.com', '2027-01-12', '2027-01-14', 'CLOSED - Not available'],
    ]);
  });

  test('an all-day date is the same night whatever zone the server runs in (the one-day-off bug)', () => {
    const calendar = airbnbCalendar(today, [{ uid: 'tz', first: 4, end: 6 }]);
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'Asia/Kolkata', 'America/St_Johns']) {
        process.env.TZ = tz;
        expect(nights(calendar)).toEqual([['tz@airbnb.com', '2027-01-05', '2027-01-07', 'Reserved']]);
        // The hotel's zone does not move an all-day date either.
        expect(parseFeed(calendar, { ...window, hotelZone: 'Pacific/Honolulu' }).events[0]).toMatchObject({ firstNight: '2027-01-05' });
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('timed events count from the hotel’s date at their instant, whatever zone they were written in', () => {
    const calendar = genericCalendar([
      // 2 pm to 11 am in India: the nights of the 5th and 6th.
      { uid: 'kolkata', start: ';TZID=Asia/Kolkata:20270105T140000', end: ';TZID=Asia/Kolkata:20270107T110000' },
      // 8 pm on the 4th in New York is 6:30 am on the 5th in India: the night of the 5th.
      { uid: 'new-york', start: ';TZID=America/New_York:20270104T200000', end: ';TZID=America/New_York:20270105T230000' },
      // 20:00 UTC on the 4th is 1:30 am on the 5th in India.
      { uid: 'utc', start: ':20270104T200000Z', end: ':20270106T053000Z' },
      // Outlook's Windows zone, defined in the file itself (+05:30).
      { uid: 'windows', start: ';TZID=India Standard Time:20270110T150000', end: ';TZID=India Standard Time:20270112T100000' },
      // Floating (no zone): the hotel's own clock.
      { uid: 'floating', start: ':20270120T230000', end: ':20270121T090000' },
      // An all-day event with a duration instead of an end; one with neither is that one day.
      { uid: 'duration', start: ';VALUE=DATE:20270201', extra: ['DURATION:P3D'] },
      { uid: 'one-day', start: ';VALUE=DATE:20270210' },
      // A moment (no length) blocks its night.
      { uid: 'moment', start: ';TZID=Asia/Kolkata:20270215T120000' },
      // Cancelled: no block.
      { uid: 'cancelled', start: ';VALUE=DATE:20270220', end: ';VALUE=DATE:20270222', extra: ['STATUS:CANCELLED'] },
      // Past: no block.
      { uid: 'past', start: ';VALUE=DATE:20261201', end: ';VALUE=DATE:20261203' },
    ]);
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(nights(calendar)).toEqual([
        ['kolkata', '2027-01-05', '2027-01-07', 'Busy'],
        ['new-york', '2027-01-05', '2027-01-06', 'Busy'],
        ['utc', '2027-01-05', '2027-01-06', 'Busy'],
        ['windows', '2027-01-10', '2027-01-12', 'Busy'],
        ['floating', '2027-01-20', '2027-01-21', 'Busy'],
        ['duration', '2027-02-01', '2027-02-04', 'Busy'],
        ['one-day', '2027-02-10', '2027-02-11', 'Busy'],
        ['moment', '2027-02-15', '2027-02-16', 'Busy'],
      ]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('a repeating event is each of its occurrences; an event without a UID still gets a stable one', () => {
    const calendar = genericCalendar([
      { uid: 'weekly', start: ';VALUE=DATE:20270104', end: ';VALUE=DATE:20270106', extra: ['RRULE:FREQ=WEEKLY;COUNT=3'] },
    ]);
    expect(nights(calendar)).toEqual([
      ['weekly#2027-01-04', '2027-01-04', '2027-01-06', 'Busy'],
      ['weekly#2027-01-11', '2027-01-11', '2027-01-13', 'Busy'],
      ['weekly#2027-01-18', '2027-01-18', '2027-01-20', 'Busy'],
    ]);
    const noUid = genericCalendar([{ uid: 'x', start: ';VALUE=DATE:20270301', end: ';VALUE=DATE:20270302' }]).replace('UID:x\r\n', '');
    expect(nights(noUid)).toEqual([['no-uid:2027-03-01:2027-03-02:Busy', '2027-03-01', '2027-03-02', 'Busy']]);
    expect(nights(noUid)).toEqual(nights(noUid));
  });

  test('nights past the horizon are cut off; text that is not a calendar is refused with a reason', () => {
    const far = parseFeed(airbnbCalendar(today, [{ uid: 'far', first: 1090, end: 1200 }]), window).events;
    expect(far).toEqual([{ uid: 'far@airbnb.com', firstNight: addDays(today, 1090), endNight: window.until, summary: 'Reserved' }]);
    expect(() => parseFeed('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nthis is not', window)).toThrow(FeedError);
    expect(() => parseFeed('BEGIN:VCARD\r\nFN:Someone\r\nEND:VCARD\r\n', window)).toThrow('not a calendar');
  });
});

describe('a calendar that is broken or made to hurt', () => {
  const event = (start: string, extra: string[] = [], end = ';VALUE=DATE:20270112') =>
    genericCalendar([{ uid: 'x@pms.example', start, end, summary: 'Closed', extra }]);

  test.each([
    ['a NUL byte', event(';VALUE=DATE:20270110').replace('SUMMARY:Closed', 'SUMMARY:Clo\u0000sed'), /NUL character \(byte 0\) on line 18/],
    [
      'a DTSTART that is not a date',
      event(':not-a-date'),
      /The event "Closed" \(UID x@pms\.example\): its DTSTART is not a valid date or time/,
    ],
    ['a DTEND that is not a date', event(';VALUE=DATE:20270110', [], ':soon'), /its DTEND is not a valid date or time/],
    ['a DURATION that is no length', event(';VALUE=DATE:20270110', ['DURATION:banana'], ''), /its DURATION is not a valid length/],
    [
      'an EXDATE that is not a date',
      event(';VALUE=DATE:20270110', ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:nope']),
      /its EXDATE is not a valid date/,
    ],
    ['an RDATE that is not a date', event(';VALUE=DATE:20270110', ['RDATE:nope']), /its RDATE is not a valid date/],
    ['an UNTIL that is not a date', event(';VALUE=DATE:20270110', ['RRULE:FREQ=DAILY;UNTIL=xx']), /its RRULE is not a valid repeat rule/],
  ])('%s: refused with the reason, naming the event', (_name, calendar, reason) => {
    expect(() => parseFeed(calendar, window)).toThrow(FeedError);
    expect(() => parseFeed(calendar, window)).toThrow(reason);
  });

  test(`repeats are worked out up to the horizon, at most ${maxRepeatDates} dates in all counted from each start; more is refused`, () => {
    // Every day for ever: the days up to the horizon, no further.
    const daily = parseFeed(event(';VALUE=DATE:20270101', ['RRULE:FREQ=DAILY'], ';VALUE=DATE:20270102'), window).events;
    expect(daily).toHaveLength(3 * 366);
    expect(daily.at(-1)).toMatchObject({ firstNight: addDays(window.until, -1), endNight: window.until });
    // Every day since 1990: the years before today are worked out to reach it, within the bound.
    expect(parseFeed(event(';VALUE=DATE:19900101', ['RRULE:FREQ=DAILY'], ';VALUE=DATE:19900102'), window).events).toHaveLength(3 * 366);
    // 300 daily repeats from 1600, 1,000 dates each: refused at the bound, naming where it stopped.
    const old = genericCalendar(
      Array.from({ length: 300 }, (_, i) => ({
        uid: `old-${i}`,
        start: ';VALUE=DATE:16000101',
        end: ';VALUE=DATE:16000102',
        extra: ['RRULE:FREQ=DAILY;COUNT=1000'],
      })),
    );
    // Stopped at the bound: the 21st event's dates are the 20,001st.
    expect(() => parseFeed(old, window)).toThrow(
      /more than 20,000 dates, counted from each one's start.*"Busy" \(UID old-20\) repeats from 1 January 1600 \(FREQ=DAILY;COUNT=1000\)/,
    );
  });

  test('worked out in a worker thread: a repeat rule that never falls on a date is stopped at the deadline, with the event named; the event loop runs meanwhile', async () => {
    const never = event(';VALUE=DATE:20270110', ['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30']);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const started = Date.now();
    try {
      await expect(readFeed(never, window, 1_000)).rejects.toThrow(
        /longer than 1 s.*stopped while at the repeating event "Closed" \(UID x@pms\.example\), from 10 January 2027 \(FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30\)/,
      );
    } finally {
      clearInterval(ticker);
    }
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(15_000);
    // This thread kept turning: a timer every 50 ms ran through the second of work.
    expect(ticks).toBeGreaterThanOrEqual(15);
    // The next calendar gets a fresh worker and is read.
    const fine = await readFeed(airbnbCalendar(today, [{ uid: 'ok', first: 4, end: 6 }]), window, 10_000);
    expect(fine.events).toEqual([{ uid: 'ok@airbnb.com', firstNight: '2027-01-05', endNight: '2027-01-07', summary: 'Reserved' }]);
    // A fault of the calendar comes back from the worker as a FeedError with its reason.
    await expect(readFeed(event(':not-a-date'), window, 10_000)).rejects.toThrow(FeedError);
  });
});

describe('fetching a calendar', () => {
  let feeds: FeedServer;
  const limits: FetchLimits = { timeoutMs: 1_500, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: ['127.0.0.1'] };
  const calendar = airbnbCalendar(today, [{ uid: 'ok', first: 4, end: 6 }]);

  beforeAll(async () => {
    feeds = await startFeedServer();
  });
  afterAll(async () => {
    await feeds?.close();
  });

  test('a calendar is read, also after a redirect to another allowed address', async () => {
    feeds.set('/ok.ics', { calendar });
    feeds.set('/moved.ics', { redirect: '/ok.ics' });
    expect(await fetchFeed(feeds.url('/ok.ics'), limits)).toBe(calendar);
    expect(await fetchFeed(feeds.url('/moved.ics'), limits)).toBe(calendar);
    // webcal:// is the same address over https; http is kept as typed.
    await expect(fetchFeed(feeds.url('/ok.ics').replace('http://', 'webcal://'), limits)).rejects.toThrow(FeedError);
  });

  const failures: Array<[string, () => void, RegExp]> = [
    ['a server that hangs mid-answer', () => feeds.set('/f.ics', { hang: true }), /did not answer within 1\.5 s/],
    ['a 404', () => feeds.set('/f.ics', { status: 404, body: 'gone' }), /answered 404 Not Found instead of the calendar/],
    [
      'a web page sent as text/calendar (a lie about its type)',
      () => feeds.set('/f.ics', { calendar: '<!doctype html><html><body>Sign in</body></html>', contentType: 'text/calendar' }),
      /answered with a web page, not a calendar/,
    ],
    ['junk that is no calendar', () => feeds.set('/f.ics', { calendar: 'hello' }), /not a calendar/],
    [
      '5 MB of junk, its size declared',
      () => feeds.set('/f.ics', { junkBytes: 5 * 1024 * 1024, declareLength: true }),
      /more than the 1 MB/,
    ],
    [
      '5 MB of junk, its size not declared',
      () => feeds.set('/f.ics', { junkBytes: 5 * 1024 * 1024, declareLength: false }),
      /more than the 1 MB/,
    ],
    [
      'a redirect to loopback (another address than the one allowed)',
      () => feeds.set('/f.ics', { redirect: 'http://127.0.0.2:9/x.ics' }),
      /127\.0\.0\.2, an address on this machine or a private network/,
    ],
    [
      'a redirect to the cloud metadata service',
      () => feeds.set('/f.ics', { redirect: 'http://169.254.169.254/latest/meta-data/' }),
      /private network/,
    ],
    [
      'a redirect to a file',
      () => feeds.set('/f.ics', { redirect: 'file:///etc/passwd' }),
      /redirected to one that must begin with https:\/\/ or http:\/\//,
    ],
    ['redirects without end', () => feeds.set('/f.ics', { redirect: '/f.ics' }), /redirected more than 3 times/],
  ];
  test.each(failures)('%s is refused with a reason', async (_name, arrange, reason) => {
    arrange();
    const started = Date.now();
    await expect(fetchFeed(feeds.url('/f.ics'), limits)).rejects.toThrow(reason);
    expect(Date.now() - started).toBeLessThan(limits.timeoutMs + 1_000);
  });

  test('addresses on this machine and private networks are refused unless allowed, every address a name has', async () => {
    feeds.set('/ok.ics', { calendar });
    const closed = { ...limits, allowPrivate: false };
    await expect(fetchFeed(feeds.url('/ok.ics'), closed)).rejects.toThrow(/127\.0\.0\.1, an address on this machine or a private network/);
    const port = new URL(feeds.base).port;
    for (const host of ['[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '10.1.2.3', '192.168.1.1', '0.0.0.0'])
      await expect(fetchFeed(`http://${host}:${port}/ok.ics`, closed)).rejects.toThrow(/private network/);
    // Every address a name has is checked: one private address among them is enough to refuse it.
    const dns = (addresses: string[]) => {
      const asked: string[] = [];
      return {
        asked,
        resolve: async (name: string) => {
          asked.push(name);
          return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        },
      };
    };
    await expect(
      fetchFeed(`http://calendar.example:${port}/ok.ics`, { ...limits, resolve: dns(['127.0.0.1', '10.0.0.5']).resolve }),
    ).rejects.toThrow(/calendar\.example is at 10\.0\.0\.5/);
    // The connection goes to the address that was checked, the name asked once (no second answer
    // from a DNS that rebinds it elsewhere between the check and the connection).
    const once = dns(['127.0.0.1']);
    expect(await fetchFeed(`http://calendar.example:${port}/ok.ics`, { ...limits, resolve: once.resolve })).toBe(calendar);
    expect(once.asked).toEqual(['calendar.example']);
    expect(await fetchFeed(feeds.url('/ok.ics'), { ...limits, allowPrivate: true })).toBe(calendar);
  });

  // Every way an IPv6 address can carry an IPv4 one reaches that IPv4 host, and is judged as it.
  const addresses: Array<[string, string, boolean]> = [
    ['IPv4 loopback', '127.0.0.1', true],
    ['a private IPv4 network', '10.1.2.3', true],
    ['carrier-grade NAT', '100.64.0.1', true],
    ['the metadata service', '169.254.169.254', true],
    ['IPv6 loopback', '::1', true],
    ['the unspecified address', '::', true],
    ['link-local IPv6 with a zone', 'fe80::1%eth0', true],
    ['unique-local IPv6', 'fd00::1', true],
    ['IPv4-compatible loopback, dotted', '::127.0.0.1', true],
    ['IPv4-compatible loopback, in hex', '::7f00:1', true],
    ['IPv4-compatible private network', '::10.0.0.1', true],
    ['IPv4-compatible metadata service', '::169.254.169.254', true],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1', true],
    ['IPv4-mapped, written out in full', '0:0:0:0:0:ffff:7f00:1', true],
    ['IPv4-mapped with zeros (translated), dotted', '::ffff:0:127.0.0.1', true],
    ['IPv4-mapped with zeros (translated), in hex', '::ffff:0:a00:1', true],
    ['NAT64 of loopback', '64:ff9b::127.0.0.1', true],
    ['NAT64 of a private network', '64:ff9b::a00:1', true],
    ['NAT64 of the metadata service', '64:ff9b::a9fe:a9fe', true],
    ['local-use NAT64', '64:ff9b:1::808:808', true],
    ['6to4 of loopback', '2002:7f00:1::1', true],
    ['6to4 of 192.168.1.1', '2002:c0a8:101::1', true],
    ['6to4 of the metadata service', '2002:a9fe:a9fe::', true],
    ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['not an address', 'calendar.example', true],
    ['a public IPv4 address', '8.8.8.8', false],
    ['a public IPv6 address', '2606:4700:4700::1111', false],
    ['IPv4-mapped public address', '::ffff:8.8.8.8', false],
    ['NAT64 of a public address', '64:ff9b::808:808', false],
    ['6to4 of a public address', '2002:808:808::1', false],
  ];
  test.each(addresses)('%s (%s): private %s', (_name, address, refused) => {
    expect(isPrivateAddress(address)).toBe(refused);
  });

  test('an address typed in the URL is checked by the same rule: [::127.0.0.1] and [::ffff:0:127.0.0.1] are refused', async () => {
    feeds.set('/ok.ics', { calendar });
    const closed = { ...limits, allowPrivate: false };
    const port = new URL(feeds.base).port;
    for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::1]', '[::ffff:127.0.0.1]'])
      await expect(fetchFeed(`http://${host}:${port}/ok.ics`, closed)).rejects.toThrow(/an address on this machine or a private network/);
  });

  test('only http and https addresses are read', async () => {
    for (const address of ['file:///etc/passwd', 'ftp://example.com/a.ics', 'gopher://x/', 'not an address'])
      await expect(fetchFeed(address, limits)).rejects.toThrow(/must begin with https:\/\/ or http:\/\/|is not a web address/);
  });
});

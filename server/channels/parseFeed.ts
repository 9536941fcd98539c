import ICAL from 'ical.js';
import { addDays, dateInZone } from '../../src/domain/dates';
import { longDate } from '../../src/domain/dateWords';
import { FeedError } from './fetchFeed';

/**
 * A channel's calendar read with ical.js (Mozilla's parser): each event becomes the nights it
 * blocks, from its first night to its check-out (exclusive), in the hotel's dates.
 *
 * The classic mistake is the one-day shift (node-ical issue 68): an all-day date read as midnight
 * UTC and shown in another zone becomes the day before. Here an all-day DATE is never an instant:
 * its year, month and day are taken as written. A DATE-TIME is an instant (UTC, or in its TZID:
 * the feed's own VTIMEZONE when it has one, else the IANA zone of that name), and its night is its
 * date at the hotel (HOTEL_TIME_ZONE); a DATE-TIME without a zone is the hotel's own wall clock.
 */
export interface FeedEvent {
  uid: string;
  /** The first night blocked, YYYY-MM-DD. */
  firstNight: string;
  /** The check-out: the day after the last night blocked (DTEND of an all-day event). */
  endNight: string;
  summary: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  /** Events the calendar holds, before those past or cancelled were left out. */
  total: number;
}

/** More than any room's calendar holds; a feed with more is refused rather than half read. */
export const maxEvents = 5_000;
/**
 * Dates of repeating events worked out for one calendar, at most, counted from each event's own
 * start (the dates before today are worked out too, to reach today's). Channels do not repeat
 * events; a property system's "closed every Monday" for years is a few hundred. A calendar that
 * needs more is refused rather than half read: the nights it leaves out would be sold here.
 */
export const maxRepeatDates = 20_000;

/** The repeating event being worked out (for the reason when that takes too long). */
export interface RepeatInProgress {
  /** The event as the owner finds it in the channel's calendar: its title and UID. */
  name: string;
  firstNight: string;
  /** Its RRULE, or RDATE for dates listed one by one. */
  rule: string;
}

export interface ParseOptions {
  hotelZone: string;
  today: string;
  until: string;
  /** Told before each repeating event is worked out. */
  onRepeat?: (event: RepeatInProgress) => void;
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (t: { year: number; month: number; day: number }) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

function knownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone's clock is ahead of UTC at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in an IANA zone stands for. */
function wallTimeIn(t: Time, timeZone: string): number {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/** The hotel's date of a DTSTART or DTEND value. */
function nightOf(t: Time, tzid: string | null, zones: Map<string, InstanceType<typeof ICAL.Timezone>>, hotelZone: string): string {
  if (t.isDate) return dateOf(t);
  if (t.zone?.tzid === 'UTC') return dateInZone(hotelZone, new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)));
  // Floating (no zone at all): the hotel's own wall clock.
  if (!tzid) return dateOf(t);
  const own = zones.get(tzid);
  if (own) {
    const zoned = t.clone();
    zoned.zone = own;
    return dateInZone(hotelZone, new Date(zoned.toUnixTime() * 1000));
  }
  if (knownZone(tzid)) return dateInZone(hotelZone, new Date(wallTimeIn(t, tzid)));
  return dateOf(t);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

/** Text from the calendar as a reason may quote it: one line, no control characters, not too long. */
const quoted = (value: string, length = 60) => {
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const plain = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return plain.length > length ? `${plain.slice(0, length - 1)}…` : plain;
};

/** An event as the owner finds it in the channel's calendar: its title and UID. */
const eventName = (summary: string, uid: string) => `"${quoted(summary) || 'no title'}" (UID ${quoted(uid) || 'none'})`;

/** What the value of each property an event is read by must be, for the reason when it is not. */
const valueKinds: Record<string, string> = {
  dtstart: 'a valid date or time',
  dtend: 'a valid date or time',
  'recurrence-id': 'a valid date or time',
  exdate: 'a valid date or time',
  rdate: 'a valid date, time or period',
  duration: 'a valid length of time (such as P2D)',
  rrule: 'a valid repeat rule',
};

/**
 * Reads every value the event is read by, so that one that is not what it must be is reported as
 * such, naming the event and the property, rather than failing later without a word.
 */
function checkValues(vevent: Component, name: () => string): void {
  for (const [property, kind] of Object.entries(valueKinds))
    for (const found of vevent.getAllProperties(property)) {
      try {
        found.getValues();
      } catch {
        throw new FeedError(`The event ${name()}: its ${property.toUpperCase()} is not ${kind}.`);
      }
    }
}

/**
 * The events of a calendar's text that block nights on or after `today`, each ending at the
 * latest on `until` (nights further ahead are cut off). Throws FeedError, with the reason in the
 * owner's words, when the text is not a calendar ical.js can read, an event's value is not what
 * it must be, or the calendar holds more than the bounds above. Its time is bounded by the
 * caller: it runs in a worker thread stopped at a deadline (feedReader.ts), since a repeat rule
 * can make ical.js look for a date for ever.
 */
export function parseFeed(calendarText: string, options: ParseOptions): ParsedFeed {
  const nul = calendarText.indexOf('\u0000');
  if (nul >= 0) {
    const line = calendarText.slice(0, nul).split('\n').length;
    throw new FeedError(
      `The calendar holds a NUL character (byte 0) on line ${line}: a calendar is text and never holds one, so the file is damaged. It was not read.`,
    );
  }
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(calendarText);
    // A file of several calendars parses to an array of them: the first is read.
    root = new ICAL.Component((Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed) as never);
  } catch (error) {
    throw new FeedError(`The calendar could not be read: ${(error as Error).message.slice(0, 200)}.`);
  }
  if (root.name !== 'vcalendar') throw new FeedError('The file is not a calendar (no VCALENDAR).');
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = text(vtimezone.getFirstPropertyValue('tzid'));
    if (tzid) zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > maxEvents)
    throw new FeedError(`The calendar holds ${vevents.length} events, more than the ${maxEvents} one room's may.`);
  const events: FeedEvent[] = [];
  const seen = new Set<string>();
  let total = 0;
  const add = (uid: string, firstNight: string, endNight: string, summary: string) => {
    const end = endNight > firstNight ? endNight : addDays(firstNight, 1);
    if (end <= options.today || firstNight >= options.until || seen.has(uid)) return;
    seen.add(uid);
    events.push({ uid, firstNight, endNight: end < options.until ? end : options.until, summary });
  };
  let repeatDates = 0;
  /** One event's nights (each occurrence's, for a repeating one) added to `events`. */
  function read(vevent: Component, summary: string, givenUid: string, name: () => string) {
    if (text(vevent.getFirstPropertyValue('status')).toUpperCase() === 'CANCELLED') return;
    checkValues(vevent, name);
    const startProperty = vevent.getFirstProperty('dtstart');
    const start = startProperty?.getFirstValue() as Time | undefined;
    if (!startProperty || !start || typeof start !== 'object' || !('isDate' in start)) return;
    const startZone = (startProperty.getParameter('tzid') as string | undefined) ?? null;
    const endProperty = vevent.getFirstProperty('dtend');
    const endValue = endProperty?.getFirstValue() as Time | undefined;
    const endZone = (endProperty?.getParameter('tzid') as string | undefined) ?? startZone;
    const duration = vevent.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
    let end: Time;
    if (endValue && typeof endValue === 'object' && 'isDate' in endValue) end = endValue;
    else if (duration && typeof duration === 'object') {
      end = start.clone();
      end.addDuration(duration);
    } else {
      // No end: an all-day event is that one day (RFC 5545 3.6.1); a moment blocks its night.
      end = start.clone();
      if (start.isDate) end.adjust(1, 0, 0, 0);
    }
    const firstNight = nightOf(start, startZone, zones, options.hotelZone);
    const endNight = nightOf(end, endZone, zones, options.hotelZone);
    const uid = givenUid || `no-uid:${firstNight}:${endNight}:${summary}`;
    if (!vevent.hasProperty('rrule') && !vevent.hasProperty('rdate')) {
      add(uid, firstNight, endNight, summary);
      return;
    }
    // Repeating: each occurrence up to `until` is an event of its own, named by its date.
    const rule =
      vevent
        .getFirstProperty('rrule')
        ?.toICALString()
        .replace(/^RRULE:/i, '') ?? 'RDATE';
    options.onRepeat?.({ name: name(), firstNight, rule: quoted(rule, 80) });
    const length = Math.max(1, Math.round((Date.parse(endNight) - Date.parse(firstNight)) / 86_400_000));
    const iterator = new ICAL.Event(vevent).iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++repeatDates > maxRepeatDates)
        throw new FeedError(
          `Its repeating events come to more than ${maxRepeatDates.toLocaleString('en-IN')} dates, counted from each one's start, the most one calendar may hold: the event ${name()} repeats from ${longDate(firstNight)} (${quoted(rule, 80)}). The calendar was not read.`,
        );
      const night = nightOf(next, startZone, zones, options.hotelZone);
      if (night >= options.until) break;
      add(`${uid}#${night}`, night, addDays(night, length), summary);
    }
  }
  for (const vevent of vevents) {
    // A changed occurrence of a repeating event: the repeating event's own occurrences stand for it.
    if (vevent.hasProperty('recurrence-id')) continue;
    total += 1;
    const summary = text(vevent.getFirstPropertyValue('summary')).trim().slice(0, 200);
    const givenUid = text(vevent.getFirstPropertyValue('uid')).trim().slice(0, 400);
    const name = () => eventName(summary, givenUid);
    try {
      read(vevent, summary, givenUid, name);
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError(`The event ${name()} could not be read (${quoted((error as Error).message, 120)}). The calendar was not read.`);
    }
  }
  return { events, total };
}

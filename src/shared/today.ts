import type { Offers } from '../api/offers';
import { dateInZone, defaultHotelTimeZone, todayIso } from '../domain/dates';
import { useAppSelector } from './hooks';
import { selectOffers } from './offers';
import { hotelTimeZoneMeta } from '../domain/pageMarks';

/**
 * The hotel's time zone, as its server says in <meta name="hotel-time-zone"> (HOTEL_TIME_ZONE),
 * India by default. Read here, not in hotelMode.ts: every page's first script reads that one, and
 * the domain core's dates would join the home page's first load (1.3 kB gzipped, measured).
 */
function hotelTimeZone(): string {
  if (typeof document === 'undefined') return defaultHotelTimeZone;
  return document.querySelector(`meta[name="${hotelTimeZoneMeta}"]`)?.getAttribute('content')?.trim() || defaultHotelTimeZone;
}

/** The hotel's date (YYYY-MM-DD) of an instant, whatever this device's zone: the day the desk took a payment. */
export function hotelDate(at: Date): string {
  try {
    return dateInZone(hotelTimeZone(), at);
  } catch {
    // A zone this browser does not know: India's, the hotel's unless its server says otherwise.
    return dateInZone(defaultHotelTimeZone, at);
  }
}

/**
 * The site's "today", YYYY-MM-DD. Where the hotel keeps the bookings, the hotel's (the one its
 * server judges every stay by: server/bookingRules.ts hotelToday), whatever this device's zone: a
 * guest abroad is offered the nights the hotel sells, and none it would refuse as past. Where this
 * browser keeps them (the spec's site), this device's.
 */
export function siteToday(keeper: Offers['keeper'], now: Date = new Date()): string {
  return keeper === 'hotel' ? hotelDate(now) : todayIso(now);
}

/** The site's today for the store's source of bookings (siteToday). */
export function useSiteToday(): string {
  return siteToday(useAppSelector(selectOffers).keeper);
}

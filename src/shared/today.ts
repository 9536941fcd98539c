import type { Offers } from '../api/offers';
import { todayIso } from '../domain/dates';
import { useAppSelector } from './hooks';
import { hotelDate } from './hotelMode';
import { selectOffers } from './offers';

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

import { paths } from './paths';

/**
 * Links to one booking's screens, built from the route table. They live apart from paths.ts
 * because the entry carries that table to match the first route, and these are wanted only once
 * a screen is drawn: here they load with the screens that link, not on every first visit.
 */
export function formCPath(bookingId: string): string {
  return paths.adminFormCBooking.replace(':bookingId', encodeURIComponent(bookingId));
}

export function customerBookingPath(bookingId: string): string {
  return paths.customerBooking.replace(':bookingId', encodeURIComponent(bookingId));
}

import type { ComponentType } from 'react';
import { isHotelMode } from '../shared/hotelMode';
import { paths } from '../shared/paths';

type Load = () => Promise<ComponentType>;

/**
 * Each route's screen chunk, named after its route. routes.tsx renders them; main.tsx starts
 * fetching the first screen's chunk together with React instead of after it. In hotel mode the
 * screens that read the hotel's server are other chunks (named "...-hotel"), so that browser-only
 * pages never download RTK Query; the booking screen and the portal adapt in place.
 */
export const screens = {
  [paths.home]: () => import(/* webpackChunkName: "home" */ '../features/home/HomePage').then((m) => m.HomePage),
  [paths.booking]: () => import(/* webpackChunkName: "booking" */ '../features/booking/BookingPage').then((m) => m.BookingPage),
  [paths.bookingDetails]: () =>
    isHotelMode()
      ? import(/* webpackChunkName: "booking-details-hotel" */ '../features/confirmation/HotelBookingDetailsPage').then(
          (m) => m.HotelBookingDetailsPage,
        )
      : import(/* webpackChunkName: "booking-details" */ '../features/confirmation/BookingDetailsPage').then((m) => m.BookingDetailsPage),
  [paths.adminBookings]: () =>
    isHotelMode()
      ? import(/* webpackChunkName: "admin-bookings-hotel" */ '../features/admin/HotelAdminPage').then((m) => m.HotelAdminPage)
      : import(/* webpackChunkName: "admin-bookings" */ '../features/admin/AdminBookingsPage').then((m) => m.AdminBookingsPage),
  [paths.viewBookings]: () =>
    isHotelMode()
      ? import(/* webpackChunkName: "view-bookings-hotel" */ '../features/viewBookings/HotelViewBookingsPage').then(
          (m) => m.HotelViewBookingsPage,
        )
      : import(/* webpackChunkName: "view-bookings" */ '../features/viewBookings/ViewBookingsPage').then((m) => m.ViewBookingsPage),
  [paths.bookingPortal]: () =>
    import(/* webpackChunkName: "booking-portal" */ '../features/portal/BookingPortalPage').then((m) => m.BookingPortalPage),
  [paths.customerBooking]: () =>
    isHotelMode()
      ? import(/* webpackChunkName: "customer-booking-hotel" */ '../features/guest/HotelCustomerBookingPage').then(
          (m) => m.HotelCustomerBookingPage,
        )
      : import(/* webpackChunkName: "customer-booking" */ '../features/guest/CustomerBookingPage').then((m) => m.CustomerBookingPage),
  '*': () => import(/* webpackChunkName: "not-found" */ '../features/layout/NotFoundPage').then((m) => m.NotFoundPage),
} satisfies Record<string, Load>;

/**
 * The store chunk that every screen but home renders inside (see withStore.tsx), once its store is
 * made. (The build's prerender stand-in for StoreProvider has its store at once and no storeReady.)
 */
export const loadStore = () =>
  import(/* webpackChunkName: "store" */ './StoreProvider').then((m) =>
    Promise.resolve(m.storeReady as Promise<void> | undefined).then(() => m),
  );

/** The route pattern a path lands on, matched as the router does: case-insensitively, one :param segment. */
export function routeOf(pathname: string): keyof typeof screens {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  for (const pattern of Object.keys(screens) as Array<keyof typeof screens>) {
    if (pattern !== '*' && new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path)) return pattern;
  }
  return '*';
}

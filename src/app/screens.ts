import type { ComponentType } from 'react';
import { paths } from '../shared/paths';

/** Loads the screen a route shows (the route is passed for the chunks that hold several screens). */
type Load = (route: string) => Promise<ComponentType>;

/**
 * A back-office screen: all of them come in one chunk, which says which screen each route shows
 * (backOfficeScreens.ts says why). The route, not the screen's name, is the key, so this table
 * (in every page's entry) carries no screen names.
 */
const backOffice: Load = (route) =>
  import(/* webpackChunkName: "back-office" */ './backOfficeScreens').then((m) => m.backOfficeScreens[route]!);

/** A guest's booking, or what opens from it: one chunk, keyed the same way (guestScreens.ts says why). */
const guest: Load = (route) => import(/* webpackChunkName: "customer-booking" */ './guestScreens').then((m) => m.guestScreens[route]!);

/**
 * Each route's screen chunk, named after its route. routes.tsx renders them; main.tsx starts
 * fetching the first screen's chunk together with React instead of after it. One screen per
 * route, whichever source of bookings the store was made with (StoreProvider.tsx).
 */
export const screens = {
  [paths.home]: () => import(/* webpackChunkName: "home" */ '../features/home/HomePage').then((m) => m.HomePage),
  [paths.booking]: () => import(/* webpackChunkName: "booking" */ '../features/booking/BookingPage').then((m) => m.BookingPage),
  [paths.bookingDetails]: () =>
    import(/* webpackChunkName: "booking-details" */ '../features/confirmation/BookingDetailsPage').then((m) => m.BookingDetailsPage),
  [paths.adminBookings]: () =>
    import(/* webpackChunkName: "admin-bookings" */ '../features/admin/AdminBookingsPage').then((m) => m.AdminBookingsPage),
  [paths.adminBursts]: backOffice,
  [paths.adminOutbox]: backOffice,
  [paths.adminDesk]: backOffice,
  [paths.adminFormC]: backOffice,
  [paths.adminFormCBooking]: backOffice,
  [paths.adminStaff]: backOffice,
  [paths.adminPrices]: backOffice,
  [paths.adminRooms]: backOffice,
  [paths.adminChannels]: backOffice,
  [paths.adminPayments]: backOffice,
  // The owner's reports in a chunk of their own: their charts and tables load on this screen only.
  [paths.adminReports]: () => import(/* webpackChunkName: "admin-reports" */ '../features/reports/ReportsPage').then((m) => m.ReportsPage),
  // Issue 40: the owner's services and a stay's bill at the desk.
  [paths.adminServices]: backOffice,
  [paths.adminBill]: backOffice,
  [paths.invoice]: guest,
  // Hotel mode with payments (issue 37): a booking's payment (where Razorpay sends the guest back) and its vouchers.
  [paths.bookingPayment]: guest,
  [paths.voucher]: guest,
  [paths.viewBookings]: () =>
    import(/* webpackChunkName: "view-bookings" */ '../features/viewBookings/ViewBookingsPage').then((m) => m.ViewBookingsPage),
  [paths.bookingPortal]: () =>
    import(/* webpackChunkName: "booking-portal" */ '../features/portal/BookingPortalPage').then((m) => m.BookingPortalPage),
  [paths.customerBooking]: guest,
  // Hotel mode's manage link; browser-only, the site's not-found page. Not in screensAskingTheApi:
  // the hotel's store has the API from the start, and this browser's source offers no manage links.
  [paths.manage]: guest,
  '*': () => import(/* webpackChunkName: "not-found" */ '../features/layout/NotFoundPage').then((m) => m.NotFoundPage),
} satisfies Record<string, Load>;

/**
 * The screens that ask the bookings API (the booking screen does only for rooms left, which only the hotel offers).
 * The prices screen and the invoice ask it only where the hotel offers them: there the store comes with the API.
 */
export const screensAskingTheApi: ReadonlySet<string> = new Set([
  paths.bookingDetails,
  paths.adminBookings,
  paths.adminBursts,
  paths.adminOutbox,
  paths.adminDesk,
  paths.adminFormC,
  paths.adminFormCBooking,
  paths.adminStaff,
  paths.viewBookings,
  paths.customerBooking,
]);

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

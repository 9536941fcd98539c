import type { ComponentType } from 'react';
import { paths } from '../shared/paths';

type Load = () => Promise<ComponentType>;

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
  [paths.adminBursts]: () => import(/* webpackChunkName: "admin-bursts" */ '../features/bursts/BurstsPage').then((m) => m.BurstsPage),
  [paths.adminOutbox]: () => import(/* webpackChunkName: "admin-outbox" */ '../features/outbox/OutboxPage').then((m) => m.OutboxPage),
  [paths.adminDesk]: () => import(/* webpackChunkName: "admin-desk" */ '../features/desk/DeskPage').then((m) => m.DeskPage),
  [paths.adminStaff]: () => import(/* webpackChunkName: "admin-staff" */ '../features/staffAccounts/StaffPage').then((m) => m.StaffPage),
  // Hotel-mode screens in chunks that exist already: a chunk of its own costs every page's entry its
  // name and hashes, and the booking screen is at its budget. The owner's prices go with the other
  // back-office screen, the invoice with the guest's booking (which links to it).
  [paths.adminPrices]: () => import(/* webpackChunkName: "admin-bursts" */ '../features/prices/PricesPage').then((m) => m.PricesPage),
  [paths.adminRooms]: () => import(/* webpackChunkName: "admin-bursts" */ '../features/rooms/RoomsPage').then((m) => m.RoomsPage),
  [paths.adminChannels]: () =>
    import(/* webpackChunkName: "admin-bursts" */ '../features/channels/ChannelsPage').then((m) => m.ChannelsPage),
  // The owner's reports in a chunk of their own: their charts and tables load on this screen only.
  [paths.adminReports]: () => import(/* webpackChunkName: "admin-reports" */ '../features/reports/ReportsPage').then((m) => m.ReportsPage),
  [paths.adminPayments]: () =>
    import(/* webpackChunkName: "admin-bursts" */ '../features/adminPayments/AdminPaymentsPage').then((m) => m.AdminPaymentsPage),
  // Issue 40: the owner's services and a stay's bill at the desk, with the other back-office screens.
  [paths.adminServices]: () => import(/* webpackChunkName: "admin-bursts" */ '../features/folio/ServicesPage').then((m) => m.ServicesPage),
  [paths.adminBill]: () => import(/* webpackChunkName: "admin-bursts" */ '../features/folio/BillPage').then((m) => m.BillPage),
  [paths.invoice]: () => import(/* webpackChunkName: "customer-booking" */ '../features/invoice/InvoicePage').then((m) => m.InvoicePage),
  // Hotel mode with payments (issue 37): a booking's payment (where Razorpay sends the guest back) and its vouchers.
  [paths.bookingPayment]: () =>
    import(/* webpackChunkName: "customer-booking" */ '../features/payment/PaymentPage').then((m) => m.PaymentPage),
  [paths.voucher]: () => import(/* webpackChunkName: "customer-booking" */ '../features/payment/VoucherPage').then((m) => m.VoucherPage),
  [paths.viewBookings]: () =>
    import(/* webpackChunkName: "view-bookings" */ '../features/viewBookings/ViewBookingsPage').then((m) => m.ViewBookingsPage),
  [paths.bookingPortal]: () =>
    import(/* webpackChunkName: "booking-portal" */ '../features/portal/BookingPortalPage').then((m) => m.BookingPortalPage),
  [paths.customerBooking]: () =>
    import(/* webpackChunkName: "customer-booking" */ '../features/guest/CustomerBookingPage').then((m) => m.CustomerBookingPage),
  // Hotel mode's manage link; browser-only, the site's not-found page. Not in screensAskingTheApi:
  // the hotel's store has the API from the start, and this browser's source offers no manage links.
  [paths.manage]: () => import(/* webpackChunkName: "customer-booking" */ '../features/manage/ManagePage').then((m) => m.ManagePage),
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

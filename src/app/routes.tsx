import type { RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout';
import { RouteError } from '../features/layout/RouteError';
import { paths } from './paths';

/** Each screen is its own chunk, named after its route, so the home page loads no booking code. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home, lazy: () => import(/* webpackChunkName: "home" */ '../features/home/HomePage').then((m) => ({ Component: m.HomePage })) },
          { path: paths.booking, lazy: () => import(/* webpackChunkName: "booking" */ '../features/booking/BookingPage').then((m) => ({ Component: m.BookingPage })) },
          {
            path: paths.bookingDetails,
            lazy: () => import(/* webpackChunkName: "booking-details" */ '../features/confirmation/BookingDetailsPage').then((m) => ({ Component: m.BookingDetailsPage })),
          },
          {
            path: paths.adminBookings,
            lazy: () => import(/* webpackChunkName: "admin-bookings" */ '../features/admin/AdminBookingsPage').then((m) => ({ Component: m.AdminBookingsPage })),
          },
          {
            path: paths.viewBookings,
            lazy: () => import(/* webpackChunkName: "view-bookings" */ '../features/viewBookings/ViewBookingsPage').then((m) => ({ Component: m.ViewBookingsPage })),
          },
          {
            path: paths.bookingPortal,
            lazy: () => import(/* webpackChunkName: "booking-portal" */ '../features/portal/BookingPortalPage').then((m) => ({ Component: m.BookingPortalPage })),
          },
          {
            path: paths.customerBooking,
            lazy: () => import(/* webpackChunkName: "customer-booking" */ '../features/guest/CustomerBookingPage').then((m) => ({ Component: m.CustomerBookingPage })),
          },
          { path: '*', lazy: () => import(/* webpackChunkName: "not-found" */ '../features/layout/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];

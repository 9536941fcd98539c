/**
 * A guest's booking and what opens from it (its invoice, payment and vouchers, the manage link),
 * one chunk for them all (screens.ts): each import() of a chunk names every chunk it needs, and
 * that list, once per route, is in every page's entry (issue 36: the home page's first-load
 * JavaScript must not grow as screens are added).
 */
import type { ComponentType } from 'react';
import { paths } from '../shared/paths';
import { CustomerBookingPage } from '../features/guest/CustomerBookingPage';
import { InvoicePage } from '../features/invoice/InvoicePage';
import { PaymentPage } from '../features/payment/PaymentPage';
import { VoucherPage } from '../features/payment/VoucherPage';
import { ManagePage } from '../features/manage/ManagePage';

/** The screen each of these routes shows (screens.ts loads this chunk for them). */
export const guestScreens: Record<string, ComponentType> = {
  [paths.customerBooking]: CustomerBookingPage,
  [paths.invoice]: InvoicePage,
  [paths.bookingPayment]: PaymentPage,
  [paths.voucher]: VoucherPage,
  [paths.manage]: ManagePage,
};

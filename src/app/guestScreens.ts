/**
 * A guest's booking and what opens from it (its invoice, payment and vouchers, the manage link),
 * one chunk for them all (screens.ts): each import() of a chunk names every chunk it needs, and
 * that list, once per route, is in every page's entry (issue 36: the home page's first-load
 * JavaScript must not grow as screens are added).
 */
export { CustomerBookingPage } from '../features/guest/CustomerBookingPage';
export { InvoicePage } from '../features/invoice/InvoicePage';
export { PaymentPage } from '../features/payment/PaymentPage';
export { VoucherPage } from '../features/payment/VoucherPage';
export { ManagePage } from '../features/manage/ManagePage';

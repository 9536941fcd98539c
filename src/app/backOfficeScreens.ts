/**
 * The back office's screens, one chunk for them all (screens.ts): staff move between them, and
 * each chunk of its own would cost every page's entry its ID and hashes in webpack's table of
 * chunks (issue 36: the home page's first-load JavaScript must not grow as screens are added).
 * The spec's bookings screen keeps its own chunk, and the reports theirs (charts and tables only
 * owners load).
 */
export { DeskPage } from '../features/desk/DeskPage';
export { FormCPage } from '../features/formC/FormCPage';
export { FormCPendingPage } from '../features/formC/FormCPendingPage';
export { StaffPage } from '../features/staffAccounts/StaffPage';
export { OutboxPage } from '../features/outbox/OutboxPage';
export { BurstsPage } from '../features/bursts/BurstsPage';
export { PricesPage } from '../features/prices/PricesPage';
export { RoomsPage } from '../features/rooms/RoomsPage';
export { ChannelsPage } from '../features/channels/ChannelsPage';
export { AdminPaymentsPage } from '../features/adminPayments/AdminPaymentsPage';
export { ServicesPage } from '../features/folio/ServicesPage';
export { BillPage } from '../features/folio/BillPage';

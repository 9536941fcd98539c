/**
 * The back office's screens, one chunk for them all (screens.ts): staff move between them, and
 * each chunk of its own would cost every page's entry its ID and hashes in webpack's table of
 * chunks (issue 36: the home page's first-load JavaScript must not grow as screens are added).
 * The spec's bookings screen keeps its own chunk, and the reports theirs (charts and tables only
 * owners load).
 */
import type { ComponentType } from 'react';
import { paths } from '../shared/paths';
import { DeskPage } from '../features/desk/DeskPage';
import { FormCPage } from '../features/formC/FormCPage';
import { FormCPendingPage } from '../features/formC/FormCPendingPage';
import { StaffPage } from '../features/staffAccounts/StaffPage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { BurstsPage } from '../features/bursts/BurstsPage';
import { PricesPage } from '../features/prices/PricesPage';
import { RoomsPage } from '../features/rooms/RoomsPage';
import { ChannelsPage } from '../features/channels/ChannelsPage';
import { AdminPaymentsPage } from '../features/adminPayments/AdminPaymentsPage';
import { ServicesPage } from '../features/folio/ServicesPage';
import { BillPage } from '../features/folio/BillPage';

/** The screen each back-office route shows (screens.ts loads this chunk for these routes). */
export const backOfficeScreens: Record<string, ComponentType> = {
  [paths.adminBursts]: BurstsPage,
  [paths.adminOutbox]: OutboxPage,
  [paths.adminDesk]: DeskPage,
  [paths.adminFormC]: FormCPendingPage,
  [paths.adminFormCBooking]: FormCPage,
  [paths.adminStaff]: StaffPage,
  [paths.adminPrices]: PricesPage,
  [paths.adminRooms]: RoomsPage,
  [paths.adminChannels]: ChannelsPage,
  [paths.adminPayments]: AdminPaymentsPage,
  [paths.adminServices]: ServicesPage,
  [paths.adminBill]: BillPage,
};

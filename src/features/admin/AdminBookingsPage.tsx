import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { Pending } from '../../shared/Pending';
import { useHydrated } from '../../shared/useHydrated';
import { StorageNotice } from '../bookings/StorageNotice';
import { AdminGate, isOwner } from '../staff/AdminGate';
import { BackupPanel } from './BackupPanel';
import { BookingsList } from './BookingsList';
import { OccupancyPanel } from './OccupancyPanel';
import { RecentChanges } from './RecentChanges';
import { UnreadableNotice } from './UnreadableNotice';
import './admin.css';
import './adminPanels.css';

/**
 * Admin Booking Dashboard: search, page through and delete bookings, and back them up. The parts
 * only some sources offer (sign-in, occupancy, recent changes) show where the source offers them;
 * the notices about this browser's storage show where the bookings are kept in it.
 */
export function AdminBookingsPage() {
  const offers = useAppSelector(selectOffers);
  // The build prerenders this screen before any bookings are read.
  const hydrated = useHydrated();
  const inThisBrowser = offers.keeper === 'browser';
  return (
    <section className="page admin" aria-labelledby="page-title">
      <title>Admin Booking Dashboard</title>
      <h1 id="page-title">Admin Booking Dashboard</h1>
      <AdminGate>
        {(staff) => (
          <>
            <StorageNotice />
            {inThisBrowser && <UnreadableNotice />}
            <BookingsList />
            {(offers.occupancy || offers.audit) && (
              <div className="hotel-admin__panels">
                {offers.occupancy && <OccupancyPanel />}
                {offers.audit && <RecentChanges />}
              </div>
            )}
            {/* Below the bookings, so moved by them: unseen until they are in, when this browser holds some. */}
            {/* Import and export are the owner's (the whole guest list at once): not for front-desk staff. */}
            {isOwner(staff) && (
              <Pending when={!hydrated} block movable keepWrapper>
                <BackupPanel />
              </Pending>
            )}
          </>
        )}
      </AdminGate>
    </section>
  );
}

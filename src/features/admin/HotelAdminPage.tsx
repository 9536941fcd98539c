import { AdminGate } from '../hotel/AdminGate';
import { HotelBackupPanel } from './HotelBackupPanel';
import { OccupancyPanel } from './OccupancyPanel';
import { RecentChanges } from './RecentChanges';
import { ServerBookings } from './ServerBookings';
import './admin.css';
import './hotelAdmin.css';

/**
 * Admin Booking Dashboard in hotel mode: the hotel's bookings from its server, for a signed-in
 * administrator only. The browser-only backup and unreadable-records panels belong to the
 * bookings kept in this browser, so they are not shown here; importing such a backup is.
 */
export function HotelAdminPage() {
  return (
    <section className="page admin" aria-labelledby="page-title">
      <title>Admin Booking Dashboard</title>
      <h1 id="page-title">Admin Booking Dashboard</h1>
      <AdminGate>
        {() => (
          <>
            <ServerBookings />
            <div className="hotel-admin__panels">
              <OccupancyPanel />
              <RecentChanges />
            </div>
            <HotelBackupPanel />
          </>
        )}
      </AdminGate>
    </section>
  );
}

import { NavLink } from 'react-router-dom';
import type { Offers } from '../../api/offers';
import type { StaffRole } from '../../domain/wire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';

interface Link {
  to: string;
  label: string;
  /** The source must offer this. */
  offer?: keyof Offers;
  /** Only an owner may open it (server/API.md: the role rule of every admin endpoint). */
  ownerOnly?: boolean;
}

const links: readonly Link[] = [
  { to: paths.adminBookings, label: 'Bookings' },
  { to: paths.adminDesk, label: 'Today at the desk', offer: 'desk' },
  { to: paths.adminBursts, label: 'Bursts', offer: 'bursts', ownerOnly: true },
  { to: paths.adminOutbox, label: 'Outbox', offer: 'outbox', ownerOnly: true },
  { to: paths.adminRooms, label: 'Rooms', offer: 'rooms', ownerOnly: true },
  { to: paths.adminChannels, label: 'Channels', offer: 'channels', ownerOnly: true },
  { to: paths.adminPrices, label: 'Prices & rooms', offer: 'prices', ownerOnly: true },
  { to: paths.adminPayments, label: 'Payments', offer: 'payments', ownerOnly: true },
  { to: paths.adminStaff, label: 'Staff', offer: 'staff', ownerOnly: true },
  { to: paths.adminReports, label: 'Reports', offer: 'reports', ownerOnly: true },
];

/**
 * The back office's own navigation: one screen per task, each at its own address, and only the
 * ones the signed-in person's role may open. Shown only where the source offers more than the
 * bookings dashboard (the hotel); the browser-only site has the one screen and no navigation.
 */
export function AdminNav({ role }: { role: StaffRole }) {
  const offers = useAppSelector(selectOffers);
  const shown = links.filter((link) => (!link.offer || offers[link.offer]) && (!link.ownerOnly || role === 'owner'));
  if (shown.length < 2) return null;
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul>
        {shown.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className="admin-nav__link" end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

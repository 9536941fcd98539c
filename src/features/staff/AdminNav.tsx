import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';

const links = [
  { to: paths.adminBookings, label: 'Bookings' },
  { to: paths.adminBursts, label: 'Bursts' },
  { to: paths.adminPrices, label: 'Prices & rooms', offer: 'prices' },
] as const;

/**
 * The back office's own navigation: one screen per task, each at its own address. Shown only
 * where the source offers more than the bookings dashboard (the hotel); the browser-only site has
 * the one screen and no navigation.
 */
export function AdminNav() {
  const offers = useAppSelector(selectOffers);
  if (!offers.bursts) return null;
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul>
        {links
          .filter((link) => !('offer' in link) || offers[link.offer])
          .map(({ to, label }) => (
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

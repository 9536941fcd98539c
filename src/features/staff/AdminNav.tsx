import { NavLink } from 'react-router-dom';
import type { Offers } from '../../api/offers';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';

/** Each screen, and the offer it needs (none: every source has it). */
const links: ReadonlyArray<{ to: string; label: string; offer?: keyof Pick<Offers, 'bursts' | 'outbox'> }> = [
  { to: paths.adminBookings, label: 'Bookings' },
  { to: paths.adminBursts, label: 'Bursts', offer: 'bursts' },
  { to: paths.adminOutbox, label: 'Outbox', offer: 'outbox' },
];

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
          .filter(({ offer }) => !offer || offers[offer])
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

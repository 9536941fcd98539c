import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, staffNetwork, staffSearch, uniqueEmail } from '../../hotelNetwork';
import { renderHotelRoute, renderRoute } from '../../testUtils';

/** Three bookings for one email of this test's own (the hotel's server is shared with other tests). */
async function aBurst(count = 3) {
  const email = uniqueEmail('burst');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await bookAtHotel({ email })).booking.bookingId);
  return { email, ids };
}

async function openBursts() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-bursts', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'Bursts of bookings' })).toBeInTheDocument();
  return view;
}

const emailsTable = () => screen.findByRole('table', { name: 'Emails' });

afterEach(() => jest.restoreAllMocks());
// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

describe('Bursts of bookings (hotel)', () => {
  it('without a session shows only the sign-in form and no bursts', async () => {
    const { network } = renderHotelRoute('/admin-bursts');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('lists the burst from one email with its counts, and its bookings when chosen; the nav leads to both screens', async () => {
    const { email, ids } = await aBurst();
    const { user, network } = await openBursts();
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Bursts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/admin-bookings');

    const row = (await within(await emailsTable()).findByText(email)).closest('tr')!;
    // futureStay's 2 nights, one room each.
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['3', '6']);
    expect(network.calls('GET', '/api/admin/bursts')[0]!.query.get('hours')).toBe('24');

    await user.click(within(row).getByRole('button', { name: `Show the bookings for ${email}` }));
    const bookings = await screen.findByRole('table', { name: `Bookings for ${email}` });
    await waitFor(() => expect(within(bookings).getAllByRole('row')).toHaveLength(4));
    for (const id of ids) expect(within(bookings).getByText(id)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete all 3 bookings' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(network.calls('GET', '/api/admin/bursts').some((call) => call.query.get('hours') === '168')).toBe(true));
  });

  it('deletes them all after the owner confirms, and can bring them back', async () => {
    const { email, ids } = await aBurst();
    const { user, network } = await openBursts();
    await user.click(await within(await emailsTable()).findByRole('button', { name: `Show the bookings for ${email}` }));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Delete all 3 bookings' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining(`Delete all 3 bookings for ${email}?`));
    expect(await screen.findByText('3 bookings were deleted. Each can be restored for 30 days.')).toBeInTheDocument();
    const [deleted] = network.calls('DELETE', '/api/admin/bursts/bookings');
    expect(deleted!.query.get('email')).toBe(email);
    expect(deleted!.headers.get('x-csrf-token')).toBeTruthy();
    expect(await staffSearch(email)).toEqual([]);
    // Gone from the list of who booked lately.
    await waitFor(async () => expect(within(await emailsTable()).queryByText(email)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo: restore 3 bookings' }));
    expect(await screen.findByText('3 bookings were restored.')).toBeInTheDocument();
    expect((await staffSearch(email)).map((b) => b.bookingId).sort()).toEqual([...ids].sort());
  });

  it('deletes nothing when the owner dismisses the question', async () => {
    const { email } = await aBurst();
    const { user, network } = await openBursts();
    await user.click(await within(await emailsTable()).findByRole('button', { name: `Show the bookings for ${email}` }));
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(await screen.findByRole('button', { name: 'Delete all 3 bookings' }));
    expect(network.calls('DELETE', '/api/admin/bursts/bookings')).toEqual([]);
    expect(await staffSearch(email)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Delete all 3 bookings' })).toBeInTheDocument();
  });

  it('says so when the hotel cannot be reached for the delete', async () => {
    const { email } = await aBurst();
    const { user, network } = await openBursts();
    await user.click(await within(await emailsTable()).findByRole('button', { name: `Show the bookings for ${email}` }));
    await screen.findByRole('button', { name: 'Delete all 3 bookings' });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    network.outages.push('network');
    await user.click(screen.getByRole('button', { name: 'Delete all 3 bookings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the hotel. Please check your connection and try again.');
    expect(await staffSearch(email)).toHaveLength(3);
  });
});

describe('Bursts of bookings (browser only)', () => {
  it('says it is not offered here and shows no back-office navigation', async () => {
    renderRoute('/admin-bursts');
    expect(await screen.findByText(/not offered here/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('leaves the dashboard without navigation', async () => {
    renderRoute('/admin-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  });
});

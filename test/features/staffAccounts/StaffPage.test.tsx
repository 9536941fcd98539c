import { act, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import { staffNetwork } from '../../hotelNetwork';
import { addStaff, deskStaff, signedInAs } from '../../support/deskStaff';
import { renderHotelRoute, renderRoute } from '../../testUtils';

afterEach(() => jest.restoreAllMocks());
// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

/** A request of the test's own while the screen may still be taking an answer in (React wants such updates inside act). */
const meanwhile = <T,>(work: () => Promise<T>): Promise<T> => act(work);

const staffTable = () => screen.findByRole('table', { name: 'People who can sign in' });

describe('Staff (hotel)', () => {
  it('the owner adds a front-desk person, sets their password, and removes them: signed out at once', async () => {
    const owner = await staffNetwork();
    const { user, network } = renderHotelRoute('/admin-staff', { network: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Bookings',
      'Today at the desk',
      'Form C',
      'Bursts',
      'Outbox',
      'Rooms',
      'Channels',
      'Prices & rooms',
      'Payments',
      'Services',
      'Staff',
      'Reports',
    ]);
    const me = (await within(await staffTable()).findByText('admin')).closest('tr')!;
    expect(me).toHaveTextContent('admin (you)');
    expect(within(me).getByText('Owner')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Remove admin' })).not.toBeInTheDocument();

    const name = `Priya ${randomBytes(3).toString('hex')}`;
    const form = screen.getByRole('region', { name: 'Add a person' });
    await user.type(within(form).getByLabelText('Name'), name);
    expect(within(form).getByLabelText('Role')).toHaveValue('desk');
    await user.type(within(form).getByLabelText('Password (at least 10 characters)'), 'first desk password');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(`${name} was added (front desk) and can sign in now.`)).toBeInTheDocument();
    expect(network.calls('POST', '/api/admin/staff')[0]!.body).toEqual({ username: name, password: 'first desk password', role: 'desk' });
    const row = (await within(await staffTable()).findByText(name)).closest('tr')!;
    expect(within(row).getByText('Front desk')).toBeInTheDocument();

    const theirs = await meanwhile(() => signedInAs({ username: name, password: 'first desk password' }));
    await user.click(within(row).getByRole('button', { name: `Set a new password for ${name}` }));
    const passwordForm = await screen.findByRole('region', { name: `New password for ${name}` });
    await user.type(within(passwordForm).getByLabelText('New password'), 'second desk password');
    await user.click(within(passwordForm).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(`The password of ${name} was changed; they are signed out everywhere.`)).toBeInTheDocument();
    expect((await meanwhile(() => theirs.fetch('/api/admin/session'))).status).toBe(401);

    const again = await meanwhile(() => signedInAs({ username: name, password: 'second desk password' }));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(
      within((await within(await staffTable()).findByText(name)).closest('tr')!).getByRole('button', { name: `Remove ${name}` }),
    );
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining(`Remove ${name}?`));
    expect(await screen.findByText(`${name} was removed and signed out everywhere.`)).toBeInTheDocument();
    expect((await meanwhile(() => again.fetch('/api/admin/session'))).status).toBe(401);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'People who can sign in' })).queryByText(name)).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: `Set a new password for admin` })).toBeInTheDocument());
  });

  it('says why a name cannot be added (already taken in any letter case)', async () => {
    const taken = await addStaff('desk', 'Taken');
    const { user } = renderHotelRoute('/admin-staff', { network: await staffNetwork() });
    const form = await screen.findByRole('region', { name: 'Add a person' });
    await user.type(within(form).getByLabelText('Name'), taken.username.toUpperCase());
    await user.type(within(form).getByLabelText('Password (at least 10 characters)'), 'some long password');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`Someone is already called ${taken.username.toUpperCase()}`);
  });

  it('is not for the front desk: a notice, no list, and no Staff link', async () => {
    const desk = await deskStaff();
    renderHotelRoute('/admin-staff', { network: desk.network });
    expect(await screen.findByText('Staff accounts are for the hotel’s owner: front-desk staff cannot open them.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(desk.network.calls('GET', '/api/admin/staff')).toEqual([]);
  });
});

describe('Staff (browser only)', () => {
  it('says it is not offered here', async () => {
    renderRoute('/admin-staff');
    expect(await screen.findByText(/Staff accounts are not offered here/)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { staffNetwork } from '../../hotelNetwork';
import { deskStaff } from '../../support/deskStaff';
import { renderHotelRoute, renderRoute } from '../../testUtils';

// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

/**
 * The owner's Rooms screen (issue 38) against the real hotel server of the Jest global setup. The
 * server is shared by every screen's tests, so nothing here changes how many rooms are for sale:
 * a room is renamed and named back, and a number in use is refused.
 */
describe('Rooms (hotel)', () => {
  it('lists the rooms of each type; the owner renames one, and a number in use is refused with its reason', async () => {
    const { user } = renderHotelRoute('/admin-rooms', { network: await staffNetwork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms' })).toBeInTheDocument();
    const classic = await screen.findByRole('region', { name: /^Classic Rooms/ });
    const suits = screen.getByRole('region', { name: /^Suit Rooms/ });
    const numbers = (region: HTMLElement) =>
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.rooms-page__number')?.textContent);
    expect(numbers(classic)).toEqual(['101', '102', '103', '104', '105', '106', '107', '108']);
    expect(numbers(suits)).toEqual(['201', '202', '203', '204']);
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Rooms' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(suits).getByRole('button', { name: 'Rename room 204' }));
    const field = within(suits).getByLabelText('New number for room 204');
    await user.clear(field);
    await user.type(field, 'Hill View');
    await user.click(within(suits).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Room 204 is now room Hill View.')).toBeInTheDocument();
    await waitFor(() => expect(numbers(suits)).toEqual(['201', '202', '203', 'Hill View']));

    // Back to 204; then 201 cannot be added again: it is in use.
    await user.click(within(suits).getByRole('button', { name: 'Rename room Hill View' }));
    await user.clear(within(suits).getByLabelText('New number for room Hill View'));
    await user.type(within(suits).getByLabelText('New number for room Hill View'), '204');
    await user.click(within(suits).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Room Hill View is now room 204.')).toBeInTheDocument();
    await user.type(within(suits).getByLabelText('Add a Suit Room: its number'), '201');
    await user.click(within(suits).getByRole('button', { name: 'Add room' }));
    expect(await within(suits).findByRole('alert')).toHaveTextContent('Another room in use is numbered 201. Please choose another number.');
    expect(numbers(suits)).toEqual(['201', '202', '203', '204']);
  });

  it('is the owner’s: the front desk is told so and asks the hotel for nothing', async () => {
    const desk = await deskStaff();
    const { network } = renderHotelRoute('/admin-rooms', { network: desk.network });
    expect(await screen.findByText('The rooms are the hotel’s owner’s to name: the front desk sees them at the desk.')).toBeInTheDocument();
    expect(network.calls('GET', '/api/admin/rooms')).toEqual([]);
  });
});

describe('Rooms (browser-only)', () => {
  it('says it is not offered here', async () => {
    renderRoute('/admin-rooms');
    expect(
      await screen.findByText('Rooms by number are not offered here: this site keeps its bookings in this browser only.'),
    ).toBeInTheDocument();
  });
});

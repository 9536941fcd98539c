import { screen, waitFor, within } from '@testing-library/react';
import { callHotel, staffNetwork } from '../../hotelNetwork';
import { renderHotelRoute } from '../../testUtils';

/**
 * A room type's guests and meal plans on the owner's Prices & rooms screen (issue 40), against the
 * real hotel server of the Jest global setup. That server is shared with every other suite, which
 * book Suit Rooms with the default plan: a test that changes a setting puts it back.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openSuitRoom() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-prices', { network });
  // The first test waits for the screen's code to load as well (slow on a busy machine).
  await screen.findByRole('heading', { level: 2, name: 'Chosen nights of Classic Rooms' }, { timeout: 30_000 });
  await view.user.click(screen.getByRole('radio', { name: 'Suit Room' }));
  const form = await screen.findByRole('form', { name: 'Suit Room: guests and meal plans' });
  return { ...view, form };
}

/** The meal plans a guest is offered for a Suit Room, as the hotel's availability answer says them. */
async function suitRoomPlans() {
  const asked = await callHotel(`/api/availability?checkIn=${day(60)}&checkOut=${day(61)}`);
  expect(asked.status).toBe(200);
  const suit = asked.body.rooms.find((room: { roomId: string }) => room.roomId === 'executive');
  return suit.plans as Array<{ packageIndex: number; pricePaise: number; per: string }>;
}

jest.setTimeout(60_000);

describe('Prices & rooms (hotel): guests and meal plans of a room type', () => {
  it("shows the type's saved guest rules and meal plans", async () => {
    const { user, form } = await openSuitRoom();
    const f = within(form);
    // As the hotel is seeded (migration 100): a Suit Room takes 2 adults and an extra bed, and 2 children; breakfast only.
    expect(f.getByLabelText('Adults the price includes')).toHaveDisplayValue('2');
    expect(f.getByLabelText('Most adults (extra bed)')).toHaveDisplayValue('3');
    expect(f.getByLabelText('Most children')).toHaveDisplayValue('2');
    expect(f.getByLabelText('Children stay free below age')).toHaveDisplayValue('6');
    expect(f.getByLabelText('Extra adult, a night (₹)')).toHaveValue('1000');
    expect(f.getByLabelText('Child, a night (₹)')).toHaveValue('500');

    expect(f.getByRole('checkbox', { name: 'Room With Breakfast (CP): On' })).toBeChecked();
    expect(f.getByLabelText('Room With Breakfast (CP): Price (₹)')).toHaveValue('0');
    expect(f.getByRole('combobox', { name: 'Room With Breakfast (CP): Charged' })).toHaveDisplayValue('per room');
    expect(f.getByRole('checkbox', { name: 'Room Only (EP): On' })).not.toBeChecked();
    expect(f.getByRole('checkbox', { name: 'Half Board (MAP): On' })).not.toBeChecked();
    expect(f.getByLabelText('Half Board (MAP): Price (₹)')).toHaveValue('600');
    expect(f.getByRole('combobox', { name: 'Half Board (MAP): Charged' })).toHaveDisplayValue('per person');
    expect(f.getByRole('checkbox', { name: 'Full Board (AP): On' })).not.toBeChecked();
    expect(f.getByLabelText('Full Board (AP): Price (₹)')).toHaveValue('1100');
    expect(f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' })).toBeEnabled();

    // Another type's form shows that type's: a Classic Room takes one child.
    await user.click(screen.getByRole('radio', { name: 'Classic Room' }));
    const classic = await screen.findByRole('form', { name: 'Classic Room: guests and meal plans' });
    expect(within(classic).getByLabelText('Most children')).toHaveDisplayValue('1');
    expect(within(classic).getByRole('button', { name: 'Save guests and meal plans for Classic Room' })).toBeInTheDocument();
  });

  it('turns on Half Board for Suit Rooms at ₹600 per person: saved, and the hotel then offers it to guests', async () => {
    const { user, form, network } = await openSuitRoom();
    const f = within(form);
    const save = f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' });
    expect((await suitRoomPlans()).map((plan) => plan.packageIndex)).toEqual([0]);
    try {
      await user.click(f.getByRole('checkbox', { name: 'Half Board (MAP): On' }));
      const price = f.getByLabelText('Half Board (MAP): Price (₹)');
      await user.clear(price);
      await user.type(price, '600');
      await user.selectOptions(f.getByRole('combobox', { name: 'Half Board (MAP): Charged' }), 'per person');
      await user.click(save);

      expect(await f.findByText('Guests and meal plans for Suit Room are saved.')).toBeInTheDocument();
      const [sent] = network.calls('PUT', '/api/admin/room-types/executive/stay-options');
      expect(sent!.headers.get('x-csrf-token')).toBeTruthy();
      expect(sent!.body).toMatchObject({
        guestRules: { includedAdults: 2, maxAdults: 3, maxChildren: 2, extraAdultPaise: 100_000, extraChildPaise: 50_000 },
        plans: [
          { packageIndex: 0, enabled: true },
          { packageIndex: 1, enabled: false },
          { packageIndex: 2, enabled: true, pricePaise: 60_000, per: 'person' },
          { packageIndex: 3, enabled: false },
        ],
      });
      expect(await suitRoomPlans()).toEqual(
        expect.arrayContaining([expect.objectContaining({ packageIndex: 2, pricePaise: 60_000, per: 'person' })]),
      );
      // The saved type comes back into the screen: the box stays ticked and the words stay.
      await waitFor(() => expect(network.calls('GET', '/api/admin/prices').length).toBeGreaterThan(1));
      await waitFor(() => expect(f.getByRole('checkbox', { name: 'Half Board (MAP): On' })).toBeChecked());
      expect(f.getByText('Guests and meal plans for Suit Room are saved.')).toBeInTheDocument();
    } finally {
      // Half Board off again, as the other suites expect it.
      const map = f.getByRole('checkbox', { name: 'Half Board (MAP): On' });
      if ((map as HTMLInputElement).checked) await user.click(map);
      await user.click(save);
      await waitFor(async () => expect((await suitRoomPlans()).map((plan) => plan.packageIndex)).toEqual([0]));
    }
  });

  it("turning every plan off says the hotel's rule and asks the hotel nothing", async () => {
    const { user, form, network } = await openSuitRoom();
    const f = within(form);
    await user.click(f.getByRole('checkbox', { name: 'Room With Breakfast (CP): On' }));
    for (const name of ['Room With Breakfast (CP)', 'Room Only (EP)', 'Half Board (MAP)', 'Full Board (AP)'])
      expect(f.getByRole('checkbox', { name: `${name}: On` })).not.toBeChecked();
    await user.click(f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' }));
    const alert = await f.findByRole('alert');
    expect(alert).toHaveTextContent('Turn on at least one meal plan: the room is sold with it.');
    expect(alert).toHaveClass('notice--error');
    expect(network.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('more adults included than a room takes is refused before sending; a price that is not rupees marks its field', async () => {
    const { user, form, network } = await openSuitRoom();
    const f = within(form);
    await user.selectOptions(f.getByLabelText('Adults the price includes'), '3');
    await user.selectOptions(f.getByLabelText('Most adults (extra bed)'), '2');
    await user.click(f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' }));
    expect(await f.findByRole('alert')).toHaveTextContent(
      'The adults the price includes cannot be more than the most adults a room takes.',
    );
    await user.selectOptions(f.getByLabelText('Most adults (extra bed)'), '3');
    const price = f.getByLabelText('Full Board (AP): Price (₹)');
    await user.clear(price);
    await user.type(price, 'eleven hundred');
    await user.click(f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' }));
    expect(await f.findByRole('alert')).toHaveTextContent('Enter the price of Full Board (AP) in rupees, up to ₹1,00,000.00.');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a hotel that cannot be reached: says so, and the changes stay in the fields to save again', async () => {
    const { user, form, network } = await openSuitRoom();
    const f = within(form);
    await user.click(f.getByRole('checkbox', { name: 'Room Only (EP): On' }));
    network.outages.push('network');
    await user.click(f.getByRole('button', { name: 'Save guests and meal plans for Suit Room' }));
    expect(await f.findByRole('alert')).toHaveTextContent('We could not reach the hotel. Please check your connection and try again.');
    expect(f.getByRole('checkbox', { name: 'Room Only (EP): On' })).toBeChecked();
    expect(network.calls('PUT', '/api/admin/room-types/executive/stay-options')).toHaveLength(1);
    expect((await suitRoomPlans()).map((plan) => plan.packageIndex)).toEqual([0]);
  });
});

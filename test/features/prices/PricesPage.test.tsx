import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, callHotel, futureStay, signInStaff, staffNetwork } from '../../hotelNetwork';
import { renderHotelRoute, renderRoute } from '../../testUtils';
import { longDate, monthName } from '../../../src/domain/dateWords';

/**
 * The owner's Prices & rooms screen against the real hotel server of the Jest global setup. The
 * server is shared with every other test: these tests work on nights 8 to 25 days ahead (other
 * tests book from 30 days on), and remove every rule they add.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The calendar button of a night, found by the start of its name ("12 December 2026: ₹3,000, 8 left"). */
const nightButton = (iso: string) => screen.getByRole('button', { name: new RegExp(`^${longDate(iso)}: `) });

async function openPrices() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-prices', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'Prices & rooms' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'Chosen nights of Classic Rooms' });
  return view;
}

afterEach(() => jest.restoreAllMocks());
jest.setTimeout(60_000);

describe('Prices & rooms (hotel)', () => {
  it('without a session shows only the sign-in form', async () => {
    const { network } = renderHotelRoute('/admin-prices');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('the owner chooses two nights on the calendar and sets their price; the calendar and the rules show it, and Remove takes it back', async () => {
    const { user, network } = await openPrices();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Prices & rooms' })).toHaveAttribute('aria-current', 'page');
    const [first, last] = [day(8), day(9)];
    expect(nightButton(first)).toHaveAccessibleName(expect.stringMatching(/: ₹3,000\.00, \d+ left$/));

    await user.click(nightButton(first));
    await user.click(nightButton(last));
    expect(nightButton(first)).toHaveAttribute('aria-pressed', 'true');
    expect(nightButton(last)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('First night')).toHaveValue(first);
    expect(screen.getByLabelText('Last night')).toHaveValue(last);
    await user.type(screen.getByLabelText('Price per night (₹)'), '7500.01');
    await user.click(screen.getByRole('button', { name: 'Set price' }));

    expect(
      await screen.findByText(`Classic Room: ₹7,500.01 a night for the nights from ${longDate(first)} to ${longDate(last)}.`),
    ).toBeInTheDocument();
    const [sent] = network.calls('POST', '/api/admin/price-rules');
    expect(sent!.headers.get('x-csrf-token')).toBeTruthy();
    await waitFor(() => expect(nightButton(last)).toHaveAccessibleName(expect.stringMatching(/: ₹7,500\.01, \d+ left$/)));
    expect(nightButton(day(10))).toHaveAccessibleName(expect.stringMatching(/: ₹3,000\.00,/));
    // A guest's availability answer has the new price.
    const asked = await callHotel(`/api/availability?checkIn=${first}&checkOut=${day(10)}`);
    expect(asked.body.rooms[0].stayPaise).toBe(2 * 750_001);

    const rules = screen.getByRole('region', { name: 'Rules in force' });
    const remove = within(rules).getByRole('button', {
      name: `Remove Price ₹7,500.01, Classic Room, ${longDate(first)} – ${longDate(last)}`,
    });
    await user.click(remove);
    await waitFor(() => expect(nightButton(first)).toHaveAccessibleName(expect.stringMatching(/: ₹3,000\.00,/)));
  });

  it('closes a night for the whole hotel and sets a minimum stay; both show on the calendar of either room type', async () => {
    const { user } = await openPrices();
    const night = day(11);
    await user.click(nightButton(night));
    await user.click(screen.getByRole('checkbox', { name: 'Every room type (the whole hotel)' }));
    await user.click(screen.getByRole('button', { name: 'Close for sale' }));
    expect(await screen.findByText(`The whole hotel closed for the night of ${longDate(night)}.`)).toBeInTheDocument();
    await waitFor(() => expect(nightButton(night)).toHaveAccessibleName(expect.stringMatching(/, closed$/)));

    await user.click(screen.getByRole('radio', { name: 'Suit Room' }));
    await screen.findByRole('heading', { level: 2, name: 'Chosen nights of Suit Rooms' });
    expect(nightButton(night)).toHaveAccessibleName(expect.stringMatching(/: ₹4,000\.00, \d+ left, closed$/));
    await user.click(nightButton(day(12)));
    await user.clear(screen.getByLabelText('Minimum stay (nights)'));
    await user.type(screen.getByLabelText('Minimum stay (nights)'), '3');
    await user.click(screen.getByRole('button', { name: 'Set minimum stay' }));
    expect(
      await screen.findByText(`Suit Room: stays arriving on the night of ${longDate(day(12))} must be at least 3 nights.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(nightButton(day(12))).toHaveAccessibleName(expect.stringMatching(/, minimum 3 nights$/)));

    // The guest's availability answer says so.
    const asked = await callHotel(`/api/availability?checkIn=${night}&checkOut=${day(12)}`);
    expect(asked.body.rooms.map((r: { nights: Array<{ closed: boolean }> }) => r.nights[0]!.closed)).toEqual([true, true]);

    const rules = screen.getByRole('region', { name: 'Rules in force' });
    await user.click(within(rules).getByRole('button', { name: `Remove Closed, Whole hotel, ${longDate(night)}` }));
    await waitFor(() => expect(nightButton(night)).toHaveAccessibleName(expect.not.stringMatching(/closed/)));
    const removeMinimum = await within(rules).findByRole('button', {
      name: `Remove Minimum stay 3 nights, Suit Room, ${longDate(day(12))}`,
    });
    await waitFor(() => expect(removeMinimum).toBeEnabled());
    await user.click(removeMinimum);
    await waitFor(() => expect(nightButton(day(12))).toHaveAccessibleName(expect.not.stringMatching(/minimum/)));
  });

  it('will not set fewer rooms than are booked on a night, and names the night', async () => {
    // Three Suit Rooms booked on a night of this test's own.
    const stay = futureStay(1, 20);
    await bookAtHotel({ roomId: 'executive', rooms: 3, ...stay });
    const { user } = await openPrices();
    await user.click(screen.getByRole('radio', { name: 'Suit Room' }));
    const rooms = await screen.findByLabelText('Rooms of this type');
    await user.clear(rooms);
    await user.type(rooms, '2');
    await user.click(screen.getByRole('button', { name: 'Save rooms and prices' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The hotel cannot have 2 Suit Rooms: more are taken on`);
    expect(alert).toHaveTextContent(`${longDate(stay.checkIn)} (`);
    const calendar = await callHotel(`/api/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    expect(calendar.body.rooms[1].capacity).toBe(4);
  });

  it('says a room type is saved, and keeps saying it once the saved prices come back', async () => {
    const { user } = await openPrices();
    await user.click(screen.getByRole('radio', { name: 'Suit Room' }));
    const discount = await screen.findByLabelText('Discounted price (₹)');
    const before = (discount as HTMLInputElement).value;
    const setDiscount = async (rupees: string) => {
      await user.clear(screen.getByLabelText('Discounted price (₹)'));
      await user.type(screen.getByLabelText('Discounted price (₹)'), rupees);
      await user.click(screen.getByRole('button', { name: 'Save rooms and prices' }));
    };
    try {
      await setDiscount('4100');
      expect(await screen.findByText(/^Suit Room: 4 rooms, ₹4,100\.00 a night/)).toBeInTheDocument();
      // The calendar shows the new price: the saved type came back, and the words stay.
      await waitFor(() => expect(nightButton(day(40))).toHaveAccessibleName(expect.stringMatching(/: ₹4,100\.00, /)));
      expect(screen.getByText(/^Suit Room: 4 rooms, ₹4,100\.00 a night/)).toBeInTheDocument();
      expect(screen.getByLabelText('Discounted price (₹)')).toHaveValue('4100');
    } finally {
      await setDiscount(before);
      await screen.findByText(new RegExp(`^Suit Room: 4 rooms, ₹${Number(before).toLocaleString('en-IN')}\\.00 a night`));
    }
  });

  it('saves the legal details and GSTIN for the invoice, refusing a GSTIN that is not one', async () => {
    const { user } = await openPrices();
    const gstin = screen.getByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '32ABCDE1234');
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('gstin: must be a GSTIN of 15 characters, like 29ABCDE1234F1Z5');
    await user.clear(gstin);
    await user.type(gstin, '32ABCDE1234F1Z5');
    await user.clear(screen.getByLabelText('Legal name'));
    await user.type(screen.getByLabelText('Legal name'), 'Valley View Hospitality Pvt Ltd');
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }));
    expect(await screen.findByText('The invoice details are saved.')).toBeInTheDocument();
    expect(
      screen.getByText(/GST per room per night: up to ₹7,500\.00, 2\.5% CGST \+ 2\.5% SGST; above that, 9% CGST \+ 9% SGST\./),
    ).toBeInTheDocument();
  });
});

describe('Prices & rooms (hotel): the calendar moves, and a night says its price and why (issue 34 item 6)', () => {
  const monthAfter = (iso: string, count: number) => {
    const month = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + count;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  };

  it('the minimum stay and rooms out of service start empty; set without a number, they say so as an error and ask the hotel nothing', async () => {
    const { user, network } = await openPrices();
    expect(screen.getByLabelText('Minimum stay (nights)')).toHaveValue('');
    expect(screen.getByLabelText('Rooms out of service')).toHaveValue('');
    await user.click(nightButton(day(13)));
    await user.click(screen.getByRole('button', { name: 'Set rooms out of service' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter how many rooms are out of service (0 puts them back).');
    expect(alert).toHaveClass('notice--error');
    expect(screen.getByLabelText('Rooms out of service')).toHaveAttribute('aria-invalid', 'true');
    // Said in the form that was used, under its buttons.
    expect(screen.getByRole('form', { name: 'Chosen nights of Classic Rooms' })).toContainElement(alert);
    await user.click(screen.getByRole('button', { name: 'Set minimum stay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the minimum stay: 1 to 90 nights.');
    expect(network.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('moves a month at a time and to the month of a date, as far as three years ahead', async () => {
    const { user, network } = await openPrices();
    const today = day(0);
    // The calendar's months are the captioned tables (the rules in force, which other tests add, are one more table).
    const months = () =>
      screen
        .getAllByRole('table')
        .map((t) => t.querySelector('caption')?.textContent)
        .filter((caption) => caption !== undefined);
    expect(months()[0]).toBe(`Classic Rooms, ${monthName(today)}`);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(months()[0]).toBe(`Classic Rooms, ${monthName(monthAfter(today, 1))}`));
    expect(months()).toHaveLength(4);
    const asked = network.calls('GET', '/api/admin/prices').at(-1)!.query;
    expect(asked.get('from')).toBe(monthAfter(today, 1));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(months()[0]).toBe(`Classic Rooms, ${monthName(today)}`));

    // Next season, two years on: its nights are there to choose.
    const season = day(2 * 365);
    await user.type(screen.getByLabelText('Go to date'), season);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(months()[0]).toBe(`Classic Rooms, ${monthName(season)}`));
    expect(nightButton(season)).toHaveAccessibleName(expect.stringMatching(/: ₹[\d,]+\.\d\d, \d+ left/));
    expect(screen.getByText(`${monthName(season)} to ${monthName(monthAfter(season, 3))}`)).toBeInTheDocument();

    // Past the three years the rules reach: said so, and the calendar stays.
    await user.clear(screen.getByLabelText('Go to date'));
    await user.type(screen.getByLabelText('Go to date'), day(4 * 365));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a date from today to three years ahead: the rules reach that far.');
    expect(months()[0]).toBe(`Classic Rooms, ${monthName(season)}`);
  });

  it('a date typed as the first night moves the calendar there', async () => {
    const { user } = await openPrices();
    const later = day(300);
    await user.type(screen.getByLabelText('First night'), later);
    expect(await screen.findByRole('button', { name: new RegExp(`^${longDate(later)}: `) })).toBeInTheDocument();
  });

  it('a night chosen says the price it will be charged and the rule that sets it: the newest rule covering it wins', async () => {
    const network = await staffNetwork();
    const csrf = await signInStaff(network);
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': csrf };
    const add = async (body: Record<string, unknown>) => {
      const answer = await network.fetch('/api/admin/price-rules', { method: 'POST', headers, body: JSON.stringify(body) });
      return ((await answer.json()) as { id: number }).id;
    };
    const [first, middle, last] = [day(14), day(15), day(17)];
    const season = await add({ roomId: 'deluxe', firstNight: first, lastNight: last, pricePaise: 600_000 });
    const single = await add({ roomId: 'deluxe', firstNight: middle, lastNight: middle, pricePaise: 650_000 });
    try {
      const view = renderHotelRoute('/admin-prices', { network });
      await screen.findByRole('heading', { level: 2, name: 'Chosen nights of Classic Rooms' });
      await view.user.click(nightButton(middle));
      const details = screen.getByRole('region', { name: new RegExp(`^Classic Rooms, the night of \\w{3} ${longDate(middle)}$`) });
      expect(details).toHaveTextContent('₹6,500.00 a night for one room, tax exclusive');
      expect(details).toHaveTextContent(
        `Set by the price rule ₹6,500.00, ${longDate(middle)}. The newest rule covering a night wins: it overrides an older one (₹6,000.00, ${longDate(first)} – ${longDate(last)}).`,
      );
      await view.user.click(nightButton(first));
      expect(details).toHaveTextContent(
        `Set by the price rule ₹6,000.00, ${longDate(first)} – ${longDate(last)}. The newest rule covering a night wins.`,
      );
      await view.user.click(nightButton(day(18)));
      expect(details).toHaveTextContent("No price rule covers this night: it costs the Classic Room's discounted price");
      expect(details).toHaveTextContent(/\d+ rooms? left of 8: \d+ booked, \d+ out of service\./);
    } finally {
      for (const id of [single, season]) await network.fetch(`/api/admin/price-rules/${id}`, { method: 'DELETE', headers });
    }
  });
});

describe('Prices & rooms (browser-only)', () => {
  it('says the screen is not offered, and asks nothing', async () => {
    renderRoute('/admin-prices');
    expect(await screen.findByText(/Setting prices and rooms is not offered here/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

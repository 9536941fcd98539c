import { screen, waitFor, within } from '@testing-library/react';
import { bookAtHotel, stayOfItsOwn, staffNetwork } from '../../hotelNetwork';
import { deskStaff } from '../../support/deskStaff';
import { renderHotelRoute, renderRoute } from '../../testUtils';

/**
 * The owner's Reports screen against the real hotel server of the Jest global setup, which other
 * tests share: the figures checked exactly are those of nights of their own, years ahead, that
 * only this file books.
 */

afterEach(() => jest.restoreAllMocks());
jest.setTimeout(60_000);

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The hotel's today (India). */
const hotelToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function openReports() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-reports', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 3, name: 'Occupancy' });
  return view;
}

/** A tile's figure, found by its heading. */
const tile = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

describe('Reports (hotel)', () => {
  it('without a session shows only the sign-in form and asks for no figures', async () => {
    const { network } = renderHotelRoute('/admin-reports');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('shows the figures of the nights chosen, each with what it means, as the hotel worked them out', async () => {
    const stay = stayOfItsOwn(7);
    // Two Classic Rooms for three nights (₹3,000 each) and a Suit Room for two (₹4,000): 8 room-nights, ₹26,000.
    await bookAtHotel({ roomId: 'deluxe', rooms: 2, checkIn: stay.checkIn, checkOut: addDays(stay.checkIn, 3) });
    await bookAtHotel({ roomId: 'executive', rooms: 1, checkIn: addDays(stay.checkIn, 1), checkOut: addDays(stay.checkIn, 3) });
    const { user, network } = await openReports();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');

    const chooser = screen.getByRole('form', { name: 'Which nights and rooms' });
    await user.clear(within(chooser).getByLabelText('First night'));
    await user.type(within(chooser).getByLabelText('First night'), stay.checkIn);
    await user.clear(within(chooser).getByLabelText('Last night'));
    await user.type(within(chooser).getByLabelText('Last night'), addDays(stay.checkIn, 6));
    await user.click(within(chooser).getByRole('button', { name: 'Show these nights' }));

    await waitFor(() => expect(within(tile('Room revenue')).getByText('₹26,000.00')).toBeInTheDocument());
    const asked = network.calls('GET', '/api/admin/reports').at(-1)!;
    expect(Object.fromEntries(asked.query)).toEqual({ from: stay.checkIn, to: addDays(stay.checkIn, 6) });
    expect(within(tile('ADR')).getByText('₹3,250.00')).toBeInTheDocument();
    expect(tile('Occupancy')).toHaveTextContent(/8 of [\d,]+ room-nights sold/);
    expect(tile('Average stay')).toHaveTextContent('2.5 nights2 stays arriving');
    expect(tile('Cancellations')).toHaveTextContent('0.0%0 of 2 bookings');
    expect(tile('RevPAR')).toHaveTextContent('Revenue per available room: room revenue ÷ room-nights available');
    expect(screen.getByRole('radio', { name: 'Nights of your own (below)' })).toBeChecked();

    // The sources: all of it from the website.
    const sources = screen.getByRole('region', { name: 'Where the bookings came from' });
    expect(within(sources).getByRole('img', { name: /Room-nights sold each night by where the booking came from/ })).toBeInTheDocument();
    const websiteRow = within(sources)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Website'))!;
    expect(websiteRow).toHaveTextContent('Website28100.0%₹26,000.00');

    // The table behind the occupancy chart, opened from the keyboard.
    const occupancy = screen.getByRole('region', { name: 'Occupancy by night' });
    expect(within(occupancy).getByRole('img', { name: /^Occupancy each night from/ })).toBeInTheDocument();
    within(occupancy).getByText('The occupancy of each night as a table').focus();
    await user.keyboard('{Enter}');
    const nights = within(occupancy).getAllByRole('row');
    // A header and the seven nights; the second night holds all three rooms.
    expect(nights).toHaveLength(8);
    expect(within(nights[2]!).getAllByRole('cell')[3]).toHaveTextContent(/^3$/);

    // The money: ₹26,000 at 5%.
    const money = screen.getByRole('region', { name: 'Room revenue and GST' });
    expect(within(money).getAllByRole('row')[1]).toHaveTextContent('5% (CGST 2.5% + SGST 2.5%)8₹26,000.00₹650.00₹650.00₹27,300.00');

    // One room type: the Suit Room alone.
    await user.selectOptions(within(chooser).getByLabelText('Room type'), 'Suit Rooms');
    await waitFor(() => expect(within(tile('Room revenue')).getByText('₹8,000.00')).toBeInTheDocument());
    expect(network.calls('GET', '/api/admin/reports').at(-1)!.query.get('roomId')).toBe('executive');
  });

  it('the presets ask for the nights they name, counted from the hotel’s today', async () => {
    const { user, network } = await openReports();
    const today = hotelToday();
    expect(Object.fromEntries(network.calls('GET', '/api/admin/reports')[0]!.query)).toEqual({});
    await user.click(screen.getByRole('radio', { name: 'Next 30 days' }));
    await waitFor(() =>
      expect(Object.fromEntries(network.calls('GET', '/api/admin/reports').at(-1)!.query)).toEqual({ from: today, to: addDays(today, 29) }),
    );
    await user.click(screen.getByRole('radio', { name: /^Last month/ }));
    const lastMonthStart = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
    await waitFor(() => expect(network.calls('GET', '/api/admin/reports').at(-1)!.query.get('from')).toBe(lastMonthStart));
    await user.click(screen.getByRole('radio', { name: 'Financial year' }));
    const start = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 4 ? 1 : 0);
    await waitFor(() =>
      expect(Object.fromEntries(network.calls('GET', '/api/admin/reports').at(-1)!.query)).toEqual({
        from: `${start}-04-01`,
        to: `${start + 1}-03-31`,
      }),
    );
    expect(await screen.findByText(`1 Apr ${start} to 31 Mar ${start + 1}`)).toBeInTheDocument();
  });

  it('a range that cannot be asked for is said, and nothing is asked', async () => {
    const { user, network } = await openReports();
    const chooser = screen.getByRole('form', { name: 'Which nights and rooms' });
    const before = network.calls('GET', '/api/admin/reports').length;
    await user.clear(within(chooser).getByLabelText('Last night'));
    await user.type(within(chooser).getByLabelText('Last night'), '2020-01-01');
    await user.click(within(chooser).getByRole('button', { name: 'Show these nights' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The last night must be on or after the first night.');
    expect(network.calls('GET', '/api/admin/reports')).toHaveLength(before);
  });

  it('the accountant’s GST figures of a month, and its invoice register as a CSV file', async () => {
    const { booking } = await bookAtHotel({ roomId: 'deluxe', ...stayOfItsOwn(2) });
    const { user, network } = await openReports();
    const gst = screen.getByRole('region', { name: 'GST returns' });
    const today = hotelToday();
    const fyStart = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 4 ? 1 : 0);
    await user.selectOptions(
      await within(gst).findByLabelText('Financial year'),
      `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`,
    );
    await waitFor(() => expect(within(gst).getByRole('option', { name: monthOf(today) })).toBeInTheDocument());
    await user.selectOptions(within(gst).getByLabelText('Month'), within(gst).getByRole('option', { name: monthOf(today) }));
    await waitFor(() => expect(network.calls('GET', '/api/admin/reports/gst').at(-1)!.query.get('month')).toBe(hotelToday().slice(0, 7)));
    expect(await within(gst).findByRole('heading', { name: 'Documents issued (table 13)' })).toBeInTheDocument();
    await waitFor(() => expect(within(gst).getByText(/invoices: [\d,]+ issued/)).toBeInTheDocument());

    const createObjectURL = jest.fn(() => 'blob:register');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    await user.click(within(gst).getByRole('button', { name: 'Invoice register' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const sent = network.calls('GET', '/api/admin/reports/gst/invoice-register')[0]!;
    expect(Object.fromEntries(sent.query)).toEqual({ month: hotelToday().slice(0, 7), format: 'csv' });
    const text = await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text();
    expect(
      text.startsWith('Invoice number,Invoice date,Booking ID,Guest,Status,Taxable value,CGST,SGST,Invoice value,SAC,Place of supply\r\n'),
    ).toBe(true);
    expect(text).toContain(`,${booking.bookingId},`);
  });

  it('the front desk sees no Reports link, and the screen says it is the owner’s', async () => {
    const desk = await deskStaff();
    renderHotelRoute('/admin-reports', { network: desk.network });
    expect(await screen.findByText('Reports are for the hotel’s owner: front-desk staff cannot open them.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(desk.network.calls('GET', /^\/api\/admin\/reports/)).toEqual([]);
  });
});

describe('Reports (browser-only)', () => {
  it('says they are not offered, and shows no back-office navigation', async () => {
    renderRoute('/admin-reports');
    expect(await screen.findByText('Reports are not offered here: this site keeps its bookings in this browser only.')).toBeInTheDocument();
  });
});

function monthOf(iso: string): string {
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${names[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

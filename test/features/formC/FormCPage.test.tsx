import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays } from '../../../src/domain/dates';
import { bookAtHotel, staffNetwork } from '../../hotelNetwork';
import { deskStaff } from '../../support/deskStaff';
import { renderHotelRoute } from '../../testUtils';

// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

/** Types each particular into its labelled field of the form. */
function fill(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

/** About `years` from an ISO date (a year of 365 days: any valid date will do). */
const yearsFrom = (iso: string, years: number) => addDays(iso, years * 365);

const checklist = () => screen.getByRole('region', { name: 'Still missing' });

describe('Form C (hotel)', () => {
  it('without a session shows only the sign-in form, and asks for no particulars', async () => {
    const { network } = renderHotelRoute('/admin-desk/form-c/BK123456');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('front desk: records a guest from abroad; the checklist shrinks to nothing; the same rule refuses a wrong date; a guest is removed until it is submitted', async () => {
    const { booking } = await bookAtHotel();
    const desk = await deskStaff();
    const { user, network } = renderHotelRoute(`/admin-desk/form-c/${booking.bookingId}`, { network: desk.network });
    expect(await screen.findByRole('heading', { level: 1, name: `Form C: ${booking.bookingId}` })).toBeInTheDocument();
    expect(await screen.findByText(/^Any guests from abroad\?/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a guest from abroad' }));
    let form = screen.getByRole('form', { name: 'A guest from abroad' });
    // The day of arrival at the hotel starts as the booking's check-in.
    expect(within(form).getByLabelText('Date of arrival at the hotel')).toHaveValue(booking.checkIn);
    fill(form, { 'Full name': 'Anna Schmidt', Nationality: 'Indian' });
    await user.click(within(form).getByRole('button', { name: 'Save guest' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Nationality: Form C is for foreign nationals; an Indian national needs no Form C.',
    );
    // Refused before anything was sent, by the rule the server applies too.
    expect(network.calls('POST', `/api/admin/form-c/${booking.bookingId}/guests`)).toHaveLength(0);

    fill(form, { Nationality: 'German', 'Passport number': 'Z9876543Q' });
    await user.click(within(form).getByRole('button', { name: 'Save guest' }));
    expect(await screen.findByText('Saved the particulars of Anna Schmidt.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Guest 1: Anna Schmidt' })).toBeInTheDocument();
    expect(within(checklist()).getByRole('listitem')).toHaveTextContent(
      'Anna Schmidt: Passport date of issue, Passport place of issue, Passport valid until, Visa number, Visa type, Visa date of issue, Visa valid until, Date of arrival in India, Arrived from (city, country), Next destination, Address in India',
    );

    // A second guest, added by mistake, removed.
    await user.click(screen.getByRole('button', { name: 'Add another guest from abroad' }));
    fill(screen.getByRole('form', { name: 'A guest from abroad' }), { 'Full name': 'Jonas Schmidt', Nationality: 'Austrian' });
    await user.click(within(screen.getByRole('form', { name: 'A guest from abroad' })).getByRole('button', { name: 'Save guest' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Guest 2: Jonas Schmidt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Jonas Schmidt' }));
    expect(await screen.findByText('Removed Jonas Schmidt from this Form C.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Guest 2: Jonas Schmidt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Anna Schmidt' }));
    form = screen.getByRole('form', { name: 'Guest 1: Anna Schmidt' });
    fill(form, { 'Passport date of issue': yearsFrom(booking.checkIn, -5), 'Passport valid until': yearsFrom(booking.checkIn, -6) });
    await user.click(within(form).getByRole('button', { name: 'Save guest' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Passport valid until: must be after the passport’s date of issue.');
    fill(form, {
      'Passport valid until': yearsFrom(booking.checkIn, 5),
      'Passport place of issue': 'Berlin',
      'Visa number': 'VE1234567',
      'Visa type': 'e-Tourist',
      'Visa date of issue': yearsFrom(booking.checkIn, -1),
      'Visa valid until': yearsFrom(booking.checkOut, 1),
      'Date of arrival in India': booking.checkIn,
      'Arrived from (city, country)': 'Frankfurt, Germany',
      'Next destination': 'Goa',
      'Address in India': 'Valley View Resort, Munnar',
    });
    await user.click(within(form).getByRole('button', { name: 'Save guest' }));
    expect(await screen.findByText('Nothing: every guest’s Form C is complete.')).toBeInTheDocument();
    const sheet = screen.getByRole('region', { name: 'Guest 1: Anna Schmidt' });
    expect(within(sheet).getByText('Z9876543Q')).toBeInTheDocument();
    expect(within(sheet).getByText('Frankfurt, Germany')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export for FRRO (CSV)' })).toHaveAttribute(
      'href',
      `/api/admin/form-c/${booking.bookingId}/export?format=csv`,
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as submitted to the FRRO' }));
    expect(await screen.findByText('Marked as submitted to the FRRO.')).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(`^Submitted to the FRRO on .* by ${desk.username}: its guests can be corrected but no longer removed\\.$`),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Anna Schmidt' })).not.toBeInTheDocument();
  });

  it('a booking without guests from abroad is answered No; an unknown booking says so', async () => {
    const { booking } = await bookAtHotel();
    const desk = await deskStaff();
    const { user, unmount } = renderHotelRoute(`/admin-desk/form-c/${booking.bookingId}`, { network: desk.network });
    await user.click(await screen.findByRole('button', { name: 'No guests from abroad' }));
    expect(await screen.findByText('Nothing: no guests from abroad on this booking.')).toBeInTheDocument();
    expect(screen.getByText('Saved: no guests from abroad on this booking.')).toBeInTheDocument();
    unmount();
    renderHotelRoute('/admin-desk/form-c/BK000001', { network: desk.network });
    expect(await screen.findByRole('alert')).toHaveTextContent('No booking found with ID: BK000001');
  });

  it('the owner sets how long particulars are kept; the desk does not see it', async () => {
    const desk = await deskStaff();
    const first = renderHotelRoute('/admin-desk/form-c', { network: desk.network });
    expect(await screen.findByRole('heading', { level: 1, name: 'Form C still due' })).toBeInTheDocument();
    expect(await screen.findByText(/arrived today or yesterday/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Keeping guests’ particulars' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderHotelRoute('/admin-desk/form-c', { network: await staffNetwork() });
    const form = await screen.findByRole('form', { name: 'Keeping guests’ particulars' });
    const days = within(form).getByLabelText('Days kept after check-out');
    await waitFor(() => expect(days).toHaveValue('180'));
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Days kept after check-out: a whole number from 1 to 3650.');
    await user.clear(days);
    await user.type(days, '180');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved: particulars are erased 180 days after check-out.')).toBeInTheDocument();
  });
});

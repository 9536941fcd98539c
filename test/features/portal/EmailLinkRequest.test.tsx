import { screen, waitFor } from '@testing-library/react';
import { bookAtHotel, uniqueEmail } from '../../hotelNetwork';
import { outboxFor } from '../../manageLinks';
import { renderHotelRoute, renderRoute } from '../../testUtils';

const sameAnswer = 'If that booking ID and email address belong to a booking, its link is on its way to that address.';
const linkMails = async (bookingId: string) => (await outboxFor(bookingId)).filter((item) => item.kind === 'link');

async function askForLink(bookingId: string, email: string) {
  const view = renderHotelRoute('/booking-portal');
  const { user } = view;
  await user.type(await screen.findByLabelText('Booking ID'), bookingId);
  await user.type(screen.getByLabelText('Email you booked with'), email);
  await user.click(await screen.findByRole('button', { name: 'Email me my booking link' }));
  return view;
}

afterEach(() => jest.restoreAllMocks());
jest.setTimeout(40_000);

describe('Booking portal, hotel: Email me my booking link', () => {
  it('mails the manage link when the ID and email match (any case), and says so without leaving the portal', async () => {
    const { booking } = await bookAtHotel({ email: uniqueEmail('Link') });
    const { router, network } = await askForLink(` ${booking.bookingId.toLowerCase()} `, booking.email.toUpperCase());
    expect(await screen.findByText(sameAnswer)).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/booking-portal');
    expect(network.calls('POST', '/api/bookings/link')[0]!.body).toEqual({
      bookingId: booking.bookingId,
      email: booking.email.toUpperCase(),
    });
    const [mail] = await linkMails(booking.bookingId);
    expect(mail).toMatchObject({ to: booking.email, kind: 'link' });
    expect(mail!.text).toMatch(new RegExp(`/manage#${booking.bookingId}\\.`));
  });

  it('answers the same when the email does not match, and mails nothing', async () => {
    const { booking } = await bookAtHotel({ email: uniqueEmail('owner') });
    await askForLink(booking.bookingId, uniqueEmail('stranger'));
    expect(await screen.findByText(sameAnswer)).toHaveAttribute('role', 'status');
    await waitFor(async () => expect(await linkMails(booking.bookingId)).toEqual([]));
  });

  it('asks for both the ID and the email before asking the hotel', async () => {
    const { user, network } = renderHotelRoute('/booking-portal');
    await user.type(await screen.findByLabelText('Booking ID'), 'BK123456');
    await user.click(await screen.findByRole('button', { name: 'Email me my booking link' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please enter your Booking ID and the email you booked with.');
    expect(network.requests).toEqual([]);
  });
});

describe('Booking portal, browser only', () => {
  it('offers no booking link by email: nothing is mailed from this browser', async () => {
    renderRoute('/booking-portal');
    expect(await screen.findByLabelText('Booking ID')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me my booking link' })).not.toBeInTheDocument();
  });
});

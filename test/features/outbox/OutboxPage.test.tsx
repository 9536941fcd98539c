import { screen, waitFor, within } from '@testing-library/react';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { bookAtHotel, staffNetwork } from '../../hotelNetwork';
import { renderHotelRoute, renderRoute } from '../../testUtils';

/**
 * The admin's Outbox against the real hotel server of the Jest global setup, which runs without
 * SMTP_URL: every message waits there (held) and nothing leaves the machine.
 */

async function openOutbox() {
  const network = await staffNetwork();
  const view = renderHotelRoute('/admin-outbox', { network });
  expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
  return view;
}

const messagesTable = () => screen.findByRole('table', { name: 'Messages, newest first' });

/** The row of the message to `to`, in the list as it stands. */
async function rowTo(to: string) {
  return (await within(await messagesTable()).findByText(to)).closest('tr')!;
}

afterEach(() => jest.restoreAllMocks());
// Real HTTP answers on a busy machine.
jest.setTimeout(40_000);

describe('Outbox (hotel, no SMTP_URL)', () => {
  it('without a session shows only the sign-in form and asks for no message', async () => {
    const { network } = renderHotelRoute('/admin-outbox');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(network.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/session']);
  });

  it('says messages are held and how to set up SMTP, and lists a booking’s confirmation: to, subject, kind, Held, no tries', async () => {
    const { booking } = await bookAtHotel();
    const { network, user } = await openOutbox();
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/admin-bookings');
    expect(
      await screen.findByText(
        'No mail leaves this server: SMTP_URL is not set, so messages wait here (held). Set SMTP_URL (smtp://user:pass@host:587 or smtps://…) and MAIL_FROM and restart to send them.',
      ),
    ).toBeInTheDocument();
    expect(network.calls('GET', '/api/admin/outbox')[0]!.query.get('limit')).toBe('100');
    // The test server runs without PUBLIC_URL: the emailed links lead to this machine, and the screen says so (issue 34).
    expect(
      screen.getByText(
        "The links in the hotel's emails point at http://localhost:8080, which only this machine opens: a guest's phone or computer cannot. Set PUBLIC_URL to the site's address as guests reach it (such as https://stay.example.in) and restart.",
      ),
    ).toBeInTheDocument();

    const table = await messagesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'To', 'Subject', 'Kind', 'State', 'Tries', 'Last error', 'Action']);
    const row = await rowTo(booking.email);
    const [when, to, subject, kind, state, tries, lastError] = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(when).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect([to, subject, kind, state, tries, lastError]).toEqual([
      booking.email,
      `Booking confirmed: ${booking.bookingId} at Valley View Resort`,
      'Booking confirmed',
      'Held',
      '0',
      '—',
    ]);
    // A held message was never tried: nothing to send again.
    expect(within(row).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
    // Newest first: a later booking's message comes above.
    const later = await bookAtHotel();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const laterRow = await rowTo(later.booking.email);
    const rows = within(await messagesTable()).getAllByRole('row');
    expect(rows.indexOf(laterRow)).toBeLessThan(rows.indexOf(await rowTo(booking.email)));
  });

  it('opens a message: its facts, the plain text with the booking and its manage link, and the HTML in a frame that runs no scripts', async () => {
    const { booking } = await bookAtHotel();
    const { user } = await openOutbox();
    const subject = `Booking confirmed: ${booking.bookingId} at Valley View Resort`;
    await user.click(within(await rowTo(booking.email)).getByRole('button', { name: `Open the message “${subject}” to ${booking.email}` }));

    const message = await screen.findByRole('region', { name: subject });
    expect(within(message).getByRole('heading', { level: 2, name: subject })).toHaveFocus();
    const facts = Object.fromEntries(
      within(message)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling!.textContent]),
    );
    expect(facts).toMatchObject({ To: booking.email, Booking: booking.bookingId, State: 'Held' });
    expect(facts['Message-ID']).toBeTruthy();

    const text = within(message).getByRole('region', { name: 'Plain text' }).textContent!;
    expect(text).toContain('Your booking is confirmed');
    expect(text).toContain(booking.bookingId);
    expect(text).toContain(booking.roomName);
    expect(text).toMatch(new RegExp(`Manage your booking: \\S+/manage#${booking.bookingId}\\.1\\.[A-Za-z0-9_-]{43}`));

    const frame = within(message).getByTitle(`The message “${subject}” as HTML`);
    expect(frame.tagName).toBe('IFRAME');
    // Sandboxed without allow-scripts or allow-same-origin: the message's HTML is read as untrusted.
    expect(frame.getAttribute('sandbox')!.split(' ').sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox']);
    const html = frame.getAttribute('srcdoc')!;
    expect(html).toContain(`<base target="_blank">`);
    expect(html).toContain(booking.bookingId);

    await user.click(within(message).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: subject })).not.toBeInTheDocument();
  });

  it('Resend over the real API: 404 for an unknown message; a held one is held again, tries counted afresh', async () => {
    // No message can be sent or fail without SMTP, so none offers Resend here; the API's answers are the real ones.
    const network = await staffNetwork();
    const refused = await network.fetch('/api/admin/outbox/2147483647/resend', {
      method: 'POST',
      headers: { 'x-requested-with': 'hotel-site', 'x-csrf-token': await csrfOf(network) },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'Not Found', message: 'No message with ID: 2147483647' });

    const { booking } = await bookAtHotel();
    const { id } = await messageFor(booking.email);
    const resent = await network.fetch(`/api/admin/outbox/${id}/resend`, {
      method: 'POST',
      headers: { 'x-requested-with': 'hotel-site', 'x-csrf-token': await csrfOf(network) },
    });
    expect(await resent.json()).toEqual({ resent: id });
    // Without SMTP it is held again, tries counted afresh.
    expect(await messageFor(booking.email)).toMatchObject({ state: 'held', tries: 0 });
  });

  it('when the hotel cannot be reached, says so and offers to try again', async () => {
    const network = await staffNetwork();
    // The session check answers (the first request); the outbox's request meets a proxy whose server is away.
    const { user } = renderHotelRoute('/admin-outbox', { network });
    await waitFor(() => expect(network.calls('GET', '/api/admin/session')).toHaveLength(1));
    network.outages.push(503);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the hotel. Please check your connection and try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await messagesTable()).toBeInTheDocument();
  });
});

/**
 * A hotel that sends its mail (test/support/mailingHotel.ts: its own database, a real SMTP server
 * on loopback, the real sender with one try per message), in a process of its own; the screens
 * reach it for the tests of this block instead of the shared server.
 */
describe('Outbox (hotel with SMTP_URL)', () => {
  let hotel: ChildProcessWithoutNullStreams;
  let answers: AsyncIterator<string>;
  const sharedUrl = process.env.HOTEL_TEST_URL;
  const ask = async (command: string) => {
    hotel.stdin.write(`${command}\n`);
    return JSON.parse((await answers.next()).value as string) as Record<string, unknown>;
  };

  beforeAll(async () => {
    const root = path.resolve(__dirname, '../../..');
    hotel = spawn(path.join(root, 'node_modules/.bin/tsx'), ['test/support/mailingHotel.ts'], { cwd: root, stdio: 'pipe' });
    hotel.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    answers = createInterface({ input: hotel.stdout })[Symbol.asyncIterator]();
    const ready = await answers.next();
    if (ready.done) throw new Error('the mailing hotel did not start');
    process.env.HOTEL_TEST_URL = (JSON.parse(ready.value as string) as { url: string }).url;
  }, 120_000);
  afterAll(async () => {
    process.env.HOTEL_TEST_URL = sharedUrl;
    if (!hotel) return;
    const ended = new Promise((resolve) => hotel.once('exit', resolve));
    hotel.stdin.end();
    await ended;
  }, 60_000);

  it('says how mail is sent; a refused message is Failed with its error, Resend sends it, and it arrives once', async () => {
    expect(await ask('refuse')).toEqual({ refusing: true });
    const { booking } = await bookAtHotel();
    const subject = `Booking confirmed: ${booking.bookingId} at Valley View Resort`;
    await waitFor(async () => expect(await messageFor(booking.email)).toMatchObject({ state: 'failed' }), { timeout: 15_000 });

    const { user } = await openOutbox();
    expect(
      await screen.findByText(
        'Messages are sent over SMTP (SMTP_URL). A failed try is retried with a growing delay; Resend sends one again.',
      ),
    ).toBeInTheDocument();
    const row = await rowTo(booking.email);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(2, 6)).toEqual([subject, 'Booking confirmed', 'Failed', '1']);
    expect(cells[6]).toMatch(/550|Mailbox unavailable/);

    expect(await ask('accept')).toEqual({ refusing: false });
    await user.click(within(row).getByRole('button', { name: `Resend “${subject}” to ${booking.email}` }));
    expect(await screen.findByText(`“${subject}” to ${booking.email} will be sent again now.`)).toBeInTheDocument();
    await waitFor(async () => expect(await ask(`received ${booking.email}`)).toEqual({ received: 1 }), { timeout: 15_000 });

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(
      async () => {
        const sentRow = await rowTo(booking.email);
        expect(within(sentRow).getAllByRole('cell')[4]).toHaveTextContent(/^Sentat \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
        expect(within(sentRow).getAllByRole('cell')[6]).toHaveTextContent('—');
      },
      { timeout: 15_000 },
    );
    // A sent message can be sent again too.
    expect(within(await rowTo(booking.email)).getByRole('button', { name: `Resend “${subject}” to ${booking.email}` })).toBeEnabled();
  });
});

describe('Outbox (browser only)', () => {
  it('says it is not offered here and shows no messages', async () => {
    renderRoute('/admin-outbox');
    expect(await screen.findByText(/The outbox is not offered here/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  });
});

async function csrfOf(network: Awaited<ReturnType<typeof staffNetwork>>): Promise<string> {
  return ((await (await network.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
}

/** The newest message to `to`, as the API lists it (the tests' own hand, not the screen). */
async function messageFor(to: string) {
  const network = await staffNetwork();
  const reply = (await (await network.fetch('/api/admin/outbox?limit=200')).json()) as {
    items: Array<{ id: number; to: string; state: string; tries: number; text: string }>;
  };
  const found = reply.items.find((item) => item.to === to);
  if (!found) throw new Error(`no message to ${to}`);
  return found;
}

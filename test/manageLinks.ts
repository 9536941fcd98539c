import { callHotel, staffNetwork } from './hotelNetwork';

/**
 * The guest's manage links as the hotel mails them: read from the admin's Outbox (the test
 * server runs without SMTP_URL, so every message waits there, rendered), as a guest would read
 * the link in their inbox. Nothing here makes or alters a token.
 */
export interface OutboxItem {
  bookingId: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export async function outboxFor(bookingId: string): Promise<OutboxItem[]> {
  const staff = await staffNetwork();
  const response = await staff.fetch('/api/admin/outbox?limit=200');
  if (response.status !== 200) throw new Error(`outbox failed: ${response.status}`);
  const { items } = (await response.json()) as { items: OutboxItem[] };
  return items.filter((item) => item.bookingId === bookingId);
}

/** The token of the newest guest message of `kind` for the booking that carries a manage link. */
export async function manageTokenFor(bookingId: string, kind = 'confirmed'): Promise<string> {
  const message = (await outboxFor(bookingId)).find((item) => item.kind === kind);
  const token = message && /\/manage#([A-Za-z0-9_.-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`no "${kind}" message with a manage link for ${bookingId}`);
  return token;
}

/** The hotel's answer to a manage link, asked directly (not through the screens), for tests to check what is stored. */
export async function managedAtHotel(token: string) {
  return callHotel('/api/manage', { headers: { 'x-manage-token': token } });
}

import { staffNetwork } from '../hotelNetwork';

/**
 * The hotel's legal details for the invoice (Prices & rooms, "Invoice details and GST"), as the
 * owner sets them, for the length of `run`; then put back as they were. The test server is shared
 * by the screens' tests, and other tests read and set them too.
 */
export async function withHotelSettings<T>(
  change: { legalName?: string; address?: string; gstin?: string },
  run: () => Promise<T>,
): Promise<T> {
  const staff = await staffNetwork();
  const csrf = ((await (await staff.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const before = (await (await staff.fetch('/api/admin/hotel-settings')).json()) as Record<string, unknown>;
  const put = (body: unknown) =>
    staff.fetch('/api/admin/hotel-settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    });
  const set = await put({ ...before, ...change });
  if (set.status !== 200) throw new Error(`setting the hotel's details failed: ${set.status}`);
  try {
    return await run();
  } finally {
    await put(before);
  }
}

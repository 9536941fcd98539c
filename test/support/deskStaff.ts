import { randomBytes } from 'node:crypto';
import { HotelNetwork, staffNetwork } from '../hotelNetwork';

/**
 * Staff of the hotel's server under test for the front-desk and staff screens (issue 23): a new
 * person with a role, added by the owner through the API, and a network signed in as them.
 */
export interface TestStaff {
  username: string;
  password: string;
  network: HotelNetwork;
}

export const csrfOf = async (network: HotelNetwork) =>
  ((await (await network.fetch('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;

/** The owner adds a person with this role (a unique name: the server is shared by the tests). */
export async function addStaff(role: 'owner' | 'desk', name = 'Desk'): Promise<{ username: string; password: string }> {
  const owner = await staffNetwork();
  const username = `${name} ${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const response = await owner.fetch('/api/admin/staff', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': await csrfOf(owner) },
    body: JSON.stringify({ username, password, role }),
  });
  if (response.status !== 201) throw new Error(`adding staff failed: ${response.status} ${await response.text()}`);
  return { username, password };
}

/** A network signed in as this person; the sign-in is forgotten from its requests. */
export async function signedInAs(person: { username: string; password: string }): Promise<HotelNetwork> {
  const network = new HotelNetwork();
  const response = await network.fetch('/api/admin/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site' },
    body: JSON.stringify(person),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  network.requests.length = 0;
  return network;
}

/** A new front-desk person, signed in. */
export async function deskStaff(): Promise<TestStaff> {
  const person = await addStaff('desk');
  return { ...person, network: await signedInAs(person) };
}

/** The hotel's today (Asia/Kolkata), as the server judges it. */
export const hotelToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export const addDaysTo = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 40: what the desk does before a check-out, through the API as `network`'s person: takes in
 * cash whatever is due on the stay's bill (nothing when nothing is).
 */
export async function settleBill(network: HotelNetwork, bookingId: string): Promise<void> {
  const bill = (await (await network.fetch(`/api/admin/bookings/${bookingId}/bill`)).json()) as { balancePaise: number };
  if (bill.balancePaise <= 0) return;
  const response = await network.fetch(`/api/admin/bookings/${bookingId}/bill/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', 'x-csrf-token': await csrfOf(network) },
    body: JSON.stringify({ method: 'cash', amountPaise: bill.balancePaise }),
  });
  if (response.status !== 201) throw new Error(`settling the bill: ${response.status} ${await response.text()}`);
}

import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Booking } from '../src/domain/wire';
import { adminPassword } from './server/support/testServer';

/**
 * The network between the screens under test and a real hotel server (test/support/
 * hotelServerSetup.ts): `fetch` for the app's hotel source, carrying cookies as a browser does.
 * Tests read `requests` to see what the browser sent, and queue `outages` to play a hotel that
 * cannot be reached ('network': no connection) or a proxy whose server is away (502/503/504):
 * faults of the network edge only; every answer that arrives is the real server's.
 */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type NodeFetch = typeof fetch;
const nodeFetch = (globalThis as unknown as { nodeFetch: NodeFetch }).nodeFetch;

export const hotelUrl = (): string => {
  const url = process.env.HOTEL_TEST_URL;
  if (!url) throw new Error('No hotel server: the browser app project starts one in test/support/hotelServerSetup.ts.');
  return url;
};

export class HotelNetwork {
  requests: SeenRequest[] = [];
  /**
   * Queued faults, one per request: 'network' (never reached the hotel), a gateway status, or
   * 'answerLost' (the hotel got the request and acted on it, but its answer never came back).
   */
  outages: Array<'network' | 'answerLost' | number> = [];
  private cookies = new Map<string, string>();

  /** What the app's fetchBaseQuery calls: a Request (jsdom's stand-in, test/polyfills.ts) or a URL and init. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = typeof input === 'object' && 'method' in input ? (input as Request & { body: string | null }) : null;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? request?.headers);
    const body = (typeof init?.body === 'string' ? init.body : request?.body) ?? null;
    this.requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: body === null ? undefined : JSON.parse(body),
    });
    const outage = this.outages.shift();
    if (outage === 'network') throw new TypeError('Failed to fetch');
    if (outage !== undefined && outage !== 'answerLost')
      return new Response(JSON.stringify({ error: 'Bad Gateway', message: 'The hotel is not answering.' }), {
        status: outage,
        headers: { 'content-type': 'application/json' },
      });
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await nodeFetch(hotelUrl() + url.pathname + url.search, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (outage === 'answerLost') {
      await response.body?.cancel();
      throw new TypeError('Failed to fetch');
    }
    return response;
  };

  calls(method: string, path: string | RegExp): SeenRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }
}

/** Calls the hotel's API directly (not through the screens), as the tests' own hand. */
export async function callHotel(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await nodeFetch(hotelUrl() + path, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any answer's fields and assert them
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
export const randomBookingId = () => `BK${1 + Math.floor(Math.random() * 9)}${randomDigits(5)}`;
export const randomGuestKey = () =>
  Array.from({ length: 43 }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'[Math.floor(Math.random() * 64)]).join(
    '',
  );
/** A unique address per test: the server is shared, so tests find their own bookings by it. */
export const uniqueEmail = (name = 'guest') => `${name}.${Date.now().toString(36)}${randomDigits(6)}@example.com`;

/**
 * A stay on dates unlikely to be full: each test books its own nights, anywhere in the next 55
 * years (the test server's horizon is 100): drawn from a few months, two test files booking the
 * four Suit Rooms two or three at a time met on a night often enough to fail a run.
 */
export function futureStay(nights = 2, from = 30 + Math.floor(Math.random() * 20_000)) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { checkIn: day(from), checkOut: day(from + nights) };
}

/** Books through the API as a guest on another device would; answers the booking and its guest key. */
export async function bookAtHotel(overrides: Partial<Record<string, unknown>> = {}) {
  const guestKey = randomGuestKey();
  const body = {
    draftId: randomUUID(),
    bookingId: randomBookingId(),
    roomId: 'deluxe',
    packageIndex: 0,
    rooms: 1,
    ...futureStay(),
    email: uniqueEmail(),
    guestKey,
    ...overrides,
  };
  const answer = await callHotel('/api/bookings', { method: 'POST', body });
  if (answer.status !== 201) throw new Error(`booking failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  // Made with dates and a room, so the answer has them.
  return { booking: answer.body.booking as Booking & { roomId: string; checkIn: string; checkOut: string }, guestKey };
}

export const staffPassword = adminPassword;

/**
 * Signs `network` in as the hotel's administrator, as an earlier visit to the staff screens would
 * have (the session cookie then goes with every request); forgets that request, so tests see only
 * what the screens sent. Answers the session's CSRF token.
 */
export async function signInStaff(network: HotelNetwork): Promise<string> {
  const response = await network.fetch('/api/admin/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'hotel-site' },
    body: JSON.stringify({ username: 'admin', password: staffPassword }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  network.requests.length = 0;
  return csrfToken;
}

/** Days in each stay's stretch of its own: longer than any stay a test asks for. */
const stretchDays = 40;

/**
 * A stay years ahead, far past futureStay's range and the Channels test's nights, that no other
 * test in this run books: tests that count the rooms left on it own its nights. Each call claims
 * the next free stretch of 40 nights by creating its file exclusively (`wx`) in the run's
 * directory (made by hotelServerSetup.ts), which holds across suites and Jest workers. A random
 * pick clashed once in a few hundred runs, and the count it asserted came out one room short.
 */
export function stayOfItsOwn(nights = 3) {
  if (nights > stretchDays) throw new Error(`a stay of its own is at most ${stretchDays} nights`);
  const claims = process.env.HOTEL_TEST_STAYS;
  if (!claims) throw new Error('No stays directory: the browser app project makes one in test/support/hotelServerSetup.ts.');
  for (let stretch = 0; ; stretch += 1) {
    try {
      closeSync(openSync(join(claims, String(stretch)), 'wx'));
      return futureStay(nights, 1100 + stretch * stretchDays);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The date as the screens show it (MM/DD/YYYY). */
export const shownDate = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

/** A network whose browser is already signed in as the hotel's administrator. */
export async function staffNetwork(): Promise<HotelNetwork> {
  const network = new HotelNetwork();
  await signInStaff(network);
  return network;
}

/** The hotel's bookings whose ID, email or room contain `q`, as its administrator lists them (not through the screens). */
export async function staffSearch(q: string): Promise<Booking[]> {
  const network = await staffNetwork();
  const response = await network.fetch(`/api/admin/bookings?q=${encodeURIComponent(q)}&pageSize=100`);
  if (response.status !== 200) throw new Error(`search failed: ${response.status}`);
  return ((await response.json()) as { items: Booking[] }).items;
}

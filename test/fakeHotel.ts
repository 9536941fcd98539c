import { rooms as roomTypes } from '../src/domain/rooms';
import type { ServerBooking } from '../src/features/hotel/hotelTypes';

/**
 * A stand-in for the hotel's server at the network boundary: a `fetch` that answers as
 * server/API.md says, from memory. Tests read `requests` to see what the browser sent, and
 * queue `outages` to play a server that cannot be reached.
 */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

interface Stored {
  booking: ServerBooking;
  guestKey?: string;
  draftId?: string;
  deleted?: boolean;
}

type Outage = 'network' | number;

const capacity: Record<string, number> = Object.fromEntries(roomTypes.map((r) => [r.id, r.roomsInHotel]));

/** A minimal fetch Response (jsdom has none): what fetchBaseQuery reads. */
class FakeResponse {
  readonly ok: boolean;
  readonly headers: Headers;
  constructor(
    readonly status: number,
    private readonly text_: string,
    headers: Record<string, string> = {},
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers });
  }
  text(): Promise<string> {
    return Promise.resolve(this.text_);
  }
  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.text_));
  }
  clone(): FakeResponse {
    return new FakeResponse(this.status, this.text_, Object.fromEntries(this.headers.entries()));
  }
}

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  new FakeResponse(status, body === undefined ? '' : JSON.stringify(body), headers);
const problem = (status: number, error: string, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { error, message, ...extra });

function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let t = Date.parse(checkIn); t < Date.parse(checkOut); t += 86_400_000) nights.push(new Date(t).toISOString().slice(0, 10));
  return nights;
}

export class FakeHotel {
  readonly requests: SeenRequest[] = [];
  readonly stored = new Map<string, Stored>();
  readonly audit: Array<{ at: string; bookingId: string; action: string; actor: 'admin' | 'guest'; address: string }> = [];
  /** Answered, in order, before anything else: a thrown network error or a bare status. */
  outages: Outage[] = [];
  /** Rooms already taken per room type per night, besides the stored bookings (YYYY-MM-DD -> rooms). */
  readonly extraTaken: Record<string, Record<string, number>> = { deluxe: {}, executive: {} };
  signedIn = false;
  readonly csrfToken = 'csrf-token-1';
  /** The sign-in answers 429 while this is above 0. */
  throttleSeconds = 0;
  /** The next confirm's booking ID is replaced by this one, as the server does on a clash. */
  clashId: string | null = null;
  private clock = Date.parse('2030-01-01T10:00:00Z');

  /** Puts a booking on the server (as if made earlier), with its nights taken. */
  addBooking(booking: Partial<ServerBooking> & { bookingId: string }, guestKey?: string): ServerBooking {
    const full: ServerBooking = {
      roomId: 'deluxe',
      roomName: 'Classic Room',
      checkIn: '2030-03-10',
      checkOut: '2030-03-12',
      rooms: 1,
      totalPrice: 6000,
      email: 'guest@example.com',
      createdAt: new Date((this.clock += 60_000)).toISOString(),
      ...booking,
    };
    this.stored.set(full.bookingId, { booking: full, guestKey });
    return full;
  }

  takenOn(roomId: string, night: string): number {
    let taken = this.extraTaken[roomId]?.[night] ?? 0;
    for (const { booking, deleted } of this.stored.values()) {
      if (deleted || booking.roomId !== roomId || !booking.checkIn || !booking.checkOut) continue;
      if (night >= booking.checkIn && night < booking.checkOut) taken += booking.rooms;
    }
    return taken;
  }

  roomsLeft(roomId: string, checkIn: string, checkOut: string): number {
    const most = Math.max(0, ...nightsOf(checkIn, checkOut).map((night) => this.takenOn(roomId, night)));
    return Math.max(0, (capacity[roomId] ?? 0) - most);
  }

  /** The requests made to one path (and method), in order. */
  calls(method: string, path: string | RegExp): SeenRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<FakeResponse> => {
    const request = input as unknown as { url: string; method: string; headers: Headers; text(): Promise<string> };
    const url = new URL(typeof input === 'string' ? input : request.url, 'http://hotel.test');
    const method = (init?.method ?? request.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? request.headers);
    const text = typeof init?.body === 'string' ? init.body : await request.text?.();
    const seen: SeenRequest = { method, path: url.pathname, query: url.searchParams, headers, body: text ? JSON.parse(text) : undefined };
    this.requests.push(seen);
    const outage = this.outages.shift();
    if (outage === 'network') throw new TypeError('Failed to fetch');
    if (outage !== undefined) return problem(outage, 'Service Unavailable', 'The hotel is not answering.');
    if (method !== 'GET' && headers.get('x-requested-with') !== 'hotel-site')
      return problem(403, 'Forbidden', 'This request must come from the hotel site itself.');
    return this.answer(seen);
  };

  private answer(req: SeenRequest): FakeResponse {
    const { method, path, query, headers } = req;
    const body = req.body as Record<string, unknown> | undefined;
    if (method === 'GET' && path === '/api/availability') {
      const checkIn = query.get('checkIn')!;
      const checkOut = query.get('checkOut')!;
      const rooms = roomTypes.map((r) => ({
        roomId: r.id,
        title: r.title,
        capacity: r.roomsInHotel,
        left: this.roomsLeft(r.id, checkIn, checkOut),
      }));
      return json(200, { checkIn, checkOut, rooms });
    }
    if (method === 'POST' && path === '/api/bookings') return this.confirm(body!);
    if (method === 'POST' && path === '/api/bookings/lookup') {
      const found = this.live(String(body!.bookingId));
      if (!found || found.booking.email.toLowerCase() !== String(body!.email).trim().toLowerCase())
        return this.notFound(String(body!.bookingId));
      return json(200, { booking: found.booking });
    }
    let match = /^\/api\/bookings\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const found = this.live(decodeURIComponent(match[1]!));
      if (!found) return this.notFound(decodeURIComponent(match[1]!));
      const key = headers.get('x-guest-key');
      if (key && key === found.guestKey) return json(200, { booking: found.booking });
      const { bookingId, checkIn, checkOut } = found.booking;
      return json(200, { booking: { bookingId, checkIn, checkOut } });
    }
    match = /^\/api\/bookings\/([^/]+)\/email$/.exec(path);
    if (method === 'PUT' && match) {
      const found = this.live(decodeURIComponent(match[1]!));
      const key = headers.get('x-guest-key');
      const allowed =
        found &&
        ((key && key === found.guestKey) ||
          (typeof body!.currentEmail === 'string' && body!.currentEmail.toLowerCase() === found.booking.email.toLowerCase()));
      if (!found || !allowed) return this.notFound(decodeURIComponent(match[1]!));
      found.booking = { ...found.booking, email: String(body!.email).trim() };
      this.log(found.booking.bookingId, 'email', 'guest');
      return json(200, { booking: found.booking });
    }
    if (path.startsWith('/api/admin/')) return this.admin(req);
    return problem(404, 'Not Found', `Route ${method}:${path} not found`);
  }

  private admin({ method, path, query, headers, body }: SeenRequest): FakeResponse {
    if (method === 'POST' && path === '/api/admin/sign-in') {
      if (this.throttleSeconds > 0)
        return problem(429, 'Too Many Requests', `Too many sign-in attempts. Try again in ${this.throttleSeconds} seconds.`, {});
      const { username, password } = body as { username: string; password: string };
      if (username !== 'admin' || password !== 'correct horse') return problem(401, 'Unauthorized', 'Wrong name or password.');
      this.signedIn = true;
      return json(200, { username, csrfToken: this.csrfToken });
    }
    if (method === 'POST' && path === '/api/admin/sign-out') {
      this.signedIn = false;
      return new FakeResponse(204, '');
    }
    if (!this.signedIn) return problem(401, 'Unauthorized', 'Please sign in as the hotel administrator.');
    if (method !== 'GET' && headers.get('x-csrf-token') !== this.csrfToken)
      return problem(403, 'Forbidden', 'This request is missing the session’s security token. Reload the page and try again.');
    if (method === 'GET' && path === '/api/admin/session') return json(200, { username: 'admin', csrfToken: this.csrfToken });
    if (method === 'GET' && path === '/api/admin/bookings') {
      const q = (query.get('q') ?? '').trim().toLowerCase();
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 50);
      const items = [...this.stored.values()]
        .filter((s) => !s.deleted)
        .map((s) => s.booking)
        .filter((b) => q === '' || `${b.bookingId}\u001f${b.email}\u001f${b.roomName}`.toLowerCase().includes(q))
        .reverse();
      return json(200, {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: items.length,
        totalExact: true,
      });
    }
    let match = /^\/api\/admin\/bookings\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && match) {
      const found = this.live(match[1]!);
      if (!found) return this.notFound(match[1]!);
      found.deleted = true;
      this.log(found.booking.bookingId, 'delete', 'admin');
      return json(200, { booking: found.booking });
    }
    match = /^\/api\/admin\/bookings\/([^/]+)\/restore$/.exec(path);
    if (method === 'POST' && match) {
      const found = this.stored.get(match[1]!);
      if (!found?.deleted) return this.notFound(match[1]!);
      const { roomId, checkIn, checkOut, rooms } = found.booking;
      if (roomId && checkIn && checkOut && this.roomsLeft(roomId, checkIn, checkOut) < rooms)
        return problem(409, 'Conflict', 'Its rooms were booked meanwhile, so this booking cannot be restored.');
      found.deleted = false;
      this.log(found.booking.bookingId, 'restore', 'admin');
      return json(200, { booking: found.booking });
    }
    if (method === 'GET' && path === '/api/admin/occupancy') {
      const from = query.get('from') ?? '2030-01-01';
      const days = Number(query.get('days') ?? 60);
      const nights = Array.from({ length: days }, (_, i) => new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10));
      const rooms = roomTypes.map((r) => ({
        roomId: r.id,
        title: r.title,
        capacity: r.roomsInHotel,
        booked: nights.map((n) => this.takenOn(r.id, n)),
      }));
      return json(200, { from, days, rooms });
    }
    if (method === 'GET' && path === '/api/admin/audit') return json(200, { items: [...this.audit].reverse().slice(0, 50) });
    if (method === 'POST' && path === '/api/admin/import') {
      let imported = 0;
      const conflicts: Array<{ bookingId: string; reason: string }> = [];
      for (const record of body as Array<Record<string, unknown>>) {
        const id = String(record.bookingId);
        if (this.stored.has(id)) conflicts.push({ bookingId: id, reason: 'the hotel already has a booking with this ID' });
        else {
          this.addBooking({ ...(record as Partial<ServerBooking>), bookingId: id, roomId: null });
          imported++;
        }
      }
      return json(200, { imported, conflicts });
    }
    return problem(404, 'Not Found', `Route ${method}:${path} not found`);
  }

  private confirm(body: Record<string, unknown>): FakeResponse {
    const draftId = String(body.draftId);
    for (const s of this.stored.values()) if (s.draftId === draftId) return json(200, { booking: s.booking });
    const roomId = String(body.roomId);
    const room = roomTypes.find((r) => r.id === roomId);
    const { checkIn, checkOut } = body as { checkIn: string; checkOut: string };
    const rooms = Number(body.rooms);
    if (!room || !checkIn || !checkOut || !(rooms >= 1 && rooms <= 3)) return problem(400, 'Bad Request', 'body must have the stay');
    const left = this.roomsLeft(roomId, checkIn, checkOut);
    if (left < rooms) {
      const message = left === 0 ? `No ${room.title}s are left for those dates.` : `Only ${left} ${room.title}s are left for those dates.`;
      return problem(409, 'Conflict', message, { roomId, left });
    }
    const bookingId = this.clashId ?? String(body.bookingId);
    this.clashId = null;
    const nights = nightsOf(checkIn, checkOut).length;
    const booking = this.addBooking(
      {
        bookingId,
        roomId: room.id,
        roomName: room.title,
        checkIn,
        checkOut,
        rooms,
        email: String(body.email).trim(),
        totalPrice: room.packages[0]!.discountPrice * rooms * nights,
      },
      String(body.guestKey),
    );
    this.stored.get(bookingId)!.draftId = draftId;
    return json(201, { booking });
  }

  private live(bookingId: string): Stored | undefined {
    const found = this.stored.get(bookingId.trim().toUpperCase());
    return found && !found.deleted ? found : undefined;
  }

  private notFound(bookingId: string): FakeResponse {
    return problem(404, 'Not Found', `No booking found with ID: ${bookingId}`);
  }

  private log(bookingId: string, action: string, actor: 'admin' | 'guest'): void {
    this.audit.push({ at: new Date((this.clock += 60_000)).toISOString(), bookingId, action, actor, address: '203.0.113.7' });
  }
}

/** Answers every fetch from `hotel` until removeFakeHotel is called (testUtils does after each test). */
export function installFakeHotel(hotel: FakeHotel = new FakeHotel()): FakeHotel {
  (globalThis as { fetch?: unknown }).fetch = hotel.fetch;
  return hotel;
}

export function removeFakeHotel(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}

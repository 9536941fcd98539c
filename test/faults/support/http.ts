import { randomBytes, randomUUID } from 'node:crypto';
import { daysFromNow } from '../../server/support/stays';

/** One answer as the load sees it: status 0 when no answer came (`error` says why), and how long it took. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any answer's fields and assert them
  body: Record<string, any> | null;
  ms: number;
  error?: string;
  /** The name=value part of a Set-Cookie answer (an admin session). */
  cookie?: string;
}

export async function send(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(base + path, {
      method: init.method ?? 'GET',
      headers: {
        'x-requested-with': 'hotel-site',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: Answer['body'] = null;
    try {
      body = text ? (JSON.parse(text) as Answer['body']) : null;
    } catch {
      body = { text };
    }
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    return { status: response.status, body, ms: performance.now() - started, ...(cookie ? { cookie } : {}) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const name = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { status: 0, body: null, ms: performance.now() - started, error: name };
  }
}

export type ConfirmBody = ReturnType<typeof randomConfirm>;

let nextId = 100_000 + Math.floor(Math.random() * 800_000);

/** A confirm for a random stay of 1 to maxLength nights among `nights` nights from `firstDay` days from now: either room type, 1-3 rooms. */
export function randomConfirm(random: () => number, window: { firstDay: number; nights: number; maxLength: number }) {
  const length = Math.min(window.nights, 1 + Math.floor(random() * window.maxLength));
  const start = window.firstDay + Math.floor(random() * (window.nights - length + 1));
  nextId = nextId >= 999_999 ? 100_000 : nextId + 1;
  return {
    draftId: randomUUID(),
    bookingId: `BK${nextId}`,
    roomId: random() < 0.5 ? 'deluxe' : 'executive',
    packageIndex: 0,
    rooms: 1 + Math.floor(random() * 3),
    checkIn: daysFromNow(start),
    checkOut: daysFromNow(start + length),
    email: 'storm@example.com',
    guestKey: randomBytes(32).toString('base64url'),
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts of each value ("201: 120, 409: 380"). */
export function tally(values: readonly (string | number)[]): string {
  const counts = new Map<string | number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([value, n]) => `${value}: ${n}`)
    .join(', ');
}

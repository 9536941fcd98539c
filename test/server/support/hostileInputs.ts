/**
 * Hostile inputs for test/server/security.test.ts, and a bare HTTP client that sends exactly
 * what it is given (no helpful headers, no JSON encoding), as an attacker's script would.
 */

/** A real address that holds SQL quoting: a server that splices text into SQL breaks on it. */
export const quotedEmail = "o'reilly'--@example.com";

/** Text a field may receive from anyone: SQL, markup, length, and Unicode edge cases. */
export const hostileText: Array<[string, string]> = [
  ['SQL always true', "' OR 1=1 --"],
  ['SQL drop table', "'; DROP TABLE bookings; --"],
  ['SQL in a valid email', quotedEmail],
  ['script tag', '<script>alert(1)</script>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['10k characters', 'x'.repeat(10_000)],
  ['right-to-left override', 'invoice\u202Efdp.exe'],
  ['zero-width joiners', 'a\u200D\u200D\u200Db'],
  ['lone surrogate', 'a\ud800b'],
  ['NUL', 'a\u0000b'],
  ['emoji', '🏨 👨‍👩‍👧 🇮🇳'],
  // Issue 25: an ID the guest routes would upper-case, and an email that is markup.
  ['a lower-case booking ID', 'bk123456'],
  ['markup shaped like an email', '<img src=x onerror=alert(1)>@example.com'],
];

/** Values of the wrong JSON type (for a query string: repeated keys, bracketed keys, no value). */
export const wrongTypes: Array<[string, unknown]> = [
  ['number', 12345],
  ['number as string', '2'],
  ['array', ['a', 'b']],
  ['object', { $ne: null }],
  ['null', null],
  // Issue 25: once converted, each of these passed as the number 2 (or 0).
  ['boolean', true],
  ['a number in an array', [2]],
  ['zero as text', '0'],
];

export const hostileValues: Array<[string, unknown]> = [...hostileText, ...wrongTypes];

/** Whole request bodies that are not what any of our pages sends. */
export const hostileBodies: Array<[string, string, string]> = [
  ['malformed JSON', 'application/json', '{"email": '],
  ['JSON with trailing garbage', 'application/json', '{"email": "a@b.co"} x'],
  ['an empty body', 'application/json', ''],
  ['a raw NUL inside a string', 'application/json', '{"email": "a\u0000b@example.com"}'],
  ['__proto__ pollution', 'application/json', '{"__proto__": {"admin": true}}'],
  ['constructor pollution', 'application/json', '{"constructor": {"prototype": {"admin": true}}}'],
  ['a bare string', 'application/json', '"\' OR 1=1 --"'],
  ['null', 'application/json', 'null'],
  ['a number', 'application/json', '12345'],
  ['deep nesting', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
  // Only the import takes 2 MB: a million levels, deeper than any recursive walk's stack.
  ['deep nesting past the stack', 'application/json', '['.repeat(1_000_000) + ']'.repeat(1_000_000)],
  ['a 1 MB body', 'application/json', JSON.stringify('x'.repeat(1024 * 1024))],
  ['UTF-16 charset', 'application/json; charset=utf-16', '{}'],
  ['XML', 'application/xml', '<booking/>'],
];

/**
 * Percent-encodes text for a URL. A lone surrogate cannot be UTF-8, so it goes as the three
 * bytes a careless encoder writes for it (WTF-8), which the server must refuse, not choke on.
 */
export function encode(text: string): string {
  return Array.from(text)
    .map((char) => {
      if (!/\p{Cs}/u.test(char)) return encodeURIComponent(char);
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** One query parameter: arrays repeat the key, objects become key[name]=…, null leaves the value out. */
export function queryPart(key: string, value: unknown): string {
  if (value === null) return key;
  if (Array.isArray(value)) return value.map((item) => queryPart(key, item)).join('&');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([name, item]) => `${key}[${encode(name)}]=${encode(String(item))}`)
      .join('&');
  return `${key}=${encode(String(value))}`;
}

/** A path segment: a wrong type shows up as whatever its text is. */
export function pathPart(value: unknown): string {
  return encode(typeof value === 'string' ? value : JSON.stringify(value));
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any answer's fields and assert them
  json: any;
}

/** Sends exactly these headers and this body (following a redirect unless `redirect: 'manual'`). */
export async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; redirect?: RequestRedirect } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    body: init.body,
    redirect: init.redirect,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the checks say so
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Why this answer is not a proper refusal ({ error, message } as JSON, 4xx), or null when it is. */
export function refusalProblem(answer: Answer): string | null {
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}`;
  if (!/^application\/json/.test(answer.headers.get('content-type') ?? '')) return `content-type ${answer.headers.get('content-type')}`;
  const { error, message } = (answer.json ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || !error) return 'no error name';
  if (typeof message !== 'string' || !message.trim()) return 'no message';
  return null;
}

import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';

/**
 * Reads a channel's calendar from the address the owner pasted. The address is typed by a person
 * and fetched by the server, so it is bounded like any request the server makes on someone's
 * word: http and https only; at most `maxBytes` (after decompression) within `timeoutMs` in all,
 * redirects included; at most `maxRedirects` redirects, each checked again; and no address on this
 * machine or a private network (loopback, RFC 1918, link-local such as a cloud's metadata service,
 * unique-local IPv6 …) unless `allowPrivate` (CHANNEL_FEEDS_ALLOW_PRIVATE).
 *
 * Every address a name resolves to is checked, and the connection goes to the address that was
 * checked (the request's own lookup answers it), never to a second resolution: a name that
 * resolves to a public address once and to 127.0.0.1 the next time (DNS rebinding) cannot slip
 * past the check.
 */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** true: any address; a list: these addresses and networks (192.168.1.20, 10.0.0.0/8) besides public ones. */
  allowPrivate: boolean | readonly string[];
  /** Name resolution (default: the system's, dns.lookup); tests give a DNS of their own. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export const defaultFetchLimits: FetchLimits = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, allowPrivate: false };

/** A feed that could not be read, with a sentence for the owner saying why. */
export class FeedError extends Error {}

const userAgent = 'hotel-site calendar sync (iCal)';

/** Addresses a feed may not be on unless allowed: this machine, private and shared networks, and what no site is on. */
const privateV4 = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: a cloud's metadata service lives here
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  privateV4.addSubnet(network, bits, 'ipv4');
const privateV6 = new BlockList();
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // NAT64 for a local network (RFC 8215): its IPv4 addresses are private ones
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: a tunnel to an IPv4 host hidden in the address; no calendar is served from one
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const)
  privateV6.addSubnet(network, bits, 'ipv6');

/**
 * The IPv4 address an IPv6 address carries, if any. Such an address reaches that IPv4 host (through
 * the kernel, a translator or a tunnel), so it is judged as that host: IPv4-mapped ::ffff:0:0/96,
 * IPv4-compatible ::/96 (deprecated, still accepted by parsers: ::127.0.0.1), IPv4-translated
 * ::ffff:0:0:0/96, NAT64 64:ff9b::/96, and 6to4 2002::/16 (the IPv4 address in its next 32 bits).
 */
function embeddedV4(words: readonly number[]): string | null {
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6]!, words[7]!);
  if (zero(0, 4) && words[4] === 0xffff && words[5] === 0) return v4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return null;
}

/** An IPv6 address as its eight 16-bit words (a zone such as %eth0 left out), or null. */
function expandV6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const words = [...left, ...new Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

/**
 * Whether an address is on this machine, a private or shared network, or nowhere a site can be.
 * The one statement of the rule: every address a feed's name resolves to, and every address typed
 * in a feed's URL, is checked here.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const words = expandV6(address);
  if (!words) return true;
  const v4 = embeddedV4(words);
  if (v4 !== null) return privateV4.check(v4, 'ipv4');
  return privateV6.check(address.split('%')[0]!, 'ipv6');
}

const allowedLists = new WeakMap<readonly string[], BlockList>();
/** The owner's exceptions (CHANNEL_FEEDS_ALLOW_PRIVATE=192.168.1.20,10.0.0.0/8) as a list to check against. */
function allowedNetworks(entries: readonly string[]): BlockList {
  let list = allowedLists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address!, family);
      else list.addSubnet(address!, Number(bits), family);
    }
    allowedLists.set(entries, list);
  }
  return list;
}

/** Whether each entry is an address or a network, as CHANNEL_FEEDS_ALLOW_PRIVATE may list them. */
export function validAllowEntry(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const privateHelp =
  'Feeds on this machine or on a private network are refused (set CHANNEL_FEEDS_ALLOW_PRIVATE=1, or to that address, and restart the server to allow them).';

/** Every address of the host, checked; the one to connect to. */
async function checkedAddress(hostname: string, limits: FetchLimits): Promise<LookupAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await (limits.resolve ?? ((name: string) => dnsLookup(name, { all: true, verbatim: true })))(bare);
    } catch {
      throw new FeedError(`The name ${bare} was not found (DNS).`);
    }
  }
  if (addresses.length === 0) throw new FeedError(`The name ${bare} was not found (DNS).`);
  if (limits.allowPrivate !== true) {
    const allowed = allowedNetworks(limits.allowPrivate || []);
    const inside = addresses.find((a) => isPrivateAddress(a.address) && !allowed.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
    if (inside) throw new FeedError(`${bare} is at ${inside.address}, an address on this machine or a private network. ${privateHelp}`);
  }
  return addresses[0]!;
}

function describe(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : `${Math.round(bytes / 1024)} KB`;
}

interface Answer {
  status: number;
  statusText: string;
  location: string | null;
  body: Buffer;
}

/** One request to a checked address, its body read up to the limit (decompressed). */
function requestOnce(url: URL, address: LookupAddress, limits: FetchLimits, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The first reason wins: destroying a stream over the limit also reports the cut connection.
    let settled = false;
    const fail = (error: Error) => {
      if (!settled) reject(error);
      settled = true;
    };
    // The connection goes to the address checked above, whatever the name resolves to now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        headers: { 'user-agent': userAgent, accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'accept-encoding': 'gzip, deflate' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, statusText: response.statusMessage ?? '', location: response.headers.location ?? null, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          response.destroy();
          fail(new FeedError(`The calendar is ${describe(declared)}, more than the ${describe(limits.maxBytes)} a calendar may be.`));
          return;
        }
        const encoding = (response.headers['content-encoding'] ?? '').toLowerCase().trim();
        const stream =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? response.pipe(zlib.createGunzip())
            : encoding === 'deflate'
              ? response.pipe(zlib.createInflate())
              : response;
        const broken = (error: Error) =>
          fail(signal.aborted ? error : new FeedError(`The calendar could not be read to its end (${error.message}).`));
        response.on('error', broken);
        response.on('aborted', () => broken(new Error('the connection was cut')));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            fail(new FeedError(`The calendar is more than the ${describe(limits.maxBytes)} a calendar may be.`));
            response.destroy();
            stream.destroy();
            return;
          }
          chunks.push(chunk);
        });
        if (stream !== response) stream.on('error', broken);
        stream.on('end', () => {
          if (!settled) resolve({ status, statusText: response.statusMessage ?? '', location: null, body: Buffer.concat(chunks) });
          settled = true;
        });
      },
    );
    request.on('error', fail);
    request.end();
  });
}

function failure(error: unknown, url: URL, limits: FetchLimits): FeedError {
  if (error instanceof FeedError) return error;
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError' || code === 'ABORT_ERR')
    return new FeedError(`${url.host} did not answer within ${limits.timeoutMs / 1000} s.`);
  if (code === 'ECONNREFUSED') return new FeedError(`${url.host} refused the connection.`);
  if (code === 'ECONNRESET') return new FeedError(`${url.host} closed the connection.`);
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return new FeedError(`${url.host}'s certificate is not valid (${code}).`);
  return new FeedError(`${url.host} could not be reached (${code ?? message ?? 'unknown error'}).`);
}

/** webcal:// is how some calendars offer a subscription: the same address over https. */
export function feedAddress(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    return 'is not a web address (it should begin with https://)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must begin with https:// or http://';
  if (!url.hostname) return 'has no host name';
  return url;
}

/** The calendar's text: the whole answer, checked to be a calendar; a FeedError saying why not otherwise. */
export async function fetchFeed(address: string, limits: FetchLimits = defaultFetchLimits): Promise<string> {
  const first = feedAddress(address);
  if (typeof first === 'string') throw new FeedError(`The address ${first}.`);
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), limits.timeoutMs);
  let url = first;
  try {
    for (let redirects = 0; ; redirects++) {
      let answer: Answer;
      try {
        answer = await requestOnce(url, await checkedAddress(url.hostname, limits), limits, controller.signal);
      } catch (error) {
        throw failure(error, url, limits);
      }
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (redirects >= limits.maxRedirects) throw new FeedError(`The address redirected more than ${limits.maxRedirects} times.`);
        const next = feedAddress(new URL(answer.location, url).toString());
        if (typeof next === 'string') throw new FeedError(`The address redirected to one that ${next}.`);
        url = next;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300)
        throw new FeedError(
          `${url.host} answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''} instead of the calendar.`,
        );
      const text = answer.body.toString('utf8').replace(/^\uFEFF/, '');
      const start = text.trimStart().slice(0, 200);
      if (!/^BEGIN:VCALENDAR/i.test(start)) {
        const looksLikePage = /^</.test(start);
        throw new FeedError(
          looksLikePage
            ? `${url.host} answered with a web page, not a calendar: check that the address is the calendar's export (iCal) link.`
            : `${url.host} answered with something that is not a calendar (it does not begin with BEGIN:VCALENDAR).`,
        );
      }
      return text;
    }
  } finally {
    clearTimeout(deadline);
  }
}

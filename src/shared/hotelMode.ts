import { hotelModeMeta } from '../domain/pageMarks';

/**
 * Hotel mode: the project's own Node server serves the site and keeps the bookings, and says so
 * with <meta name="hotel-mode" content="on"> in every page it serves. The same build on a static
 * host has no such tag and stays browser-only. The tag is read once, the first time anything asks,
 * so no request is ever made to find out.
 */
let mode: boolean | undefined;

function readMeta(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`meta[name="${hotelModeMeta}"]`)?.getAttribute('content')?.trim().toLowerCase() === 'on';
}

export function isHotelMode(): boolean {
  mode ??= readMeta();
  return mode;
}

/** Tests choose the mode; `undefined` reads the page's tag again on the next question. */
export function forceHotelMode(on: boolean | undefined): void {
  mode = on;
}

/**
 * The names a page carries from one part of the site to another, before and while React runs
 * (README, "How a page starts"): the server and the build write them into the HTML, the first
 * inline scripts and the entry (src/main.tsx) read and set them, and the stylesheets show or
 * hide parts of the page by them from its first frame. Each name is written here once and
 * everything that reads or writes one takes it from here: the server (server/site.ts), the build
 * (webpack.config.js, scripts/prerender) and the browser app. A stylesheet may only name what is
 * listed here: the build refuses any other (scripts/cssPageMarks.js), so renaming a mark breaks
 * the build, not the page.
 *
 * This sits in the domain core because the server and the browser share nothing else; it is
 * plain strings, no DOM.
 */

// Data attributes, set on an element (most of them on #root) or written into the page's HTML.

/** On <html>: the browser refuses site storage (the first inline script, webpack.config.js); CSS then shows the storage notice. */
export const noStorageMark = 'data-no-storage';
/** The "bookings cannot be saved" notice, always in the page, hidden while it does not apply (StorageNotice.tsx). */
export const storageNoticeMark = 'data-storage-notice';
/** The admin screen's notice of stored records it cannot read, shown before React when it applies (earlyUnreadableNotice.ts). */
export const unreadableNoticeMark = 'data-unreadable-notice';
/** On #root: the route the build prerendered the page for (scripts/prerender/injectPage.js). */
export const prerenderedMark = 'data-prerendered';
/** On #root: the scripts the screen needs only after hydrating, downloaded beside React's (main.tsx). */
export const prefetchMark = 'data-prefetch';
/** A place the guest's stored data fills, held at its size until then (src/shared/Pending.tsx). */
export const pendingMark = 'data-pending';
/** On #root: this browser's data is to come, so what it may move waits unseen (main.tsx, ui.css). */
export const fillingMark = 'data-filling';
/** On #root: React owns the page (startApp.tsx); until then the page is the early form's and the carried screen's. */
export const adoptedMark = 'data-adopted';
/** Home's <template> holding a screen Book Now shows before React, by the route it answers (carriedScreen.js). */
export const carriedRouteMark = 'data-route';
/** A stylesheet written into the page, under its file's address: the name is mini-css-extract-plugin's, whose loader looks there before fetching. */
export const styleHrefMark = 'data-href';
/** A package card the hotel has priced for the chosen dates (PackageCard.tsx); booking.css keeps the unpriced lines' room. */
export const pricedMark = 'data-priced';

// The names of the <meta> tags a page carries.

/** Sent by the hotel's server in every page (content "on"): this site keeps its bookings at the hotel. */
export const hotelModeMeta = 'hotel-mode';
/** Sent by the hotel's server: the hotel's time zone, whose date is the site's today. */
export const hotelTimeZoneMeta = 'hotel-time-zone';
/** Written by the build on a frame this browser's data fills: the scripts to fetch at once when there is data. */
export const dataScriptsMeta = 'data-scripts';

/**
 * The names a stylesheet's selectors style the page by ([data-...] attributes, meta[name=...]
 * tags) that are not listed above, each once. The build fails on any (scripts/cssPageMarks.js).
 */
export function unknownMarksInCss(css: string): string[] {
  const known = new Set<string>([
    noStorageMark,
    storageNoticeMark,
    unreadableNoticeMark,
    prerenderedMark,
    prefetchMark,
    pendingMark,
    fillingMark,
    adoptedMark,
    carriedRouteMark,
    styleHrefMark,
    pricedMark,
    hotelModeMeta,
    hotelTimeZoneMeta,
    dataScriptsMeta,
  ]);
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const named = [...selectors.matchAll(/\[\s*(data-[\w-]+)|meta\[\s*name\s*=\s*['"]?([\w-]+)/g)].map((m) => (m[1] ?? m[2])!);
  return [...new Set(named.filter((name) => !known.has(name)))];
}

#!/usr/bin/env node
// npm run size: a production build, then for each route the JavaScript and CSS the browser loads
// first (the page's own <script>/<link> tags plus the route's lazy chunks), raw and gzip, checked
// against the budgets of issue 6, and that React and the router carry their compile hint
// (webpack.config.js). Exits 1 when a check fails. Sizes in kB of 1000 bytes; gzip at level 6,
// what static servers use by default.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const webpack = require('webpack');
const makeConfig = require('../webpack.config.js');
const { styleHrefMark } = require('./pageMarks');

// The entry holds no React: every route loads the "app" chunk (React, the router) with its screen.
// Each route's page is prerendered and loads them once it has loaded (src/main.tsx); they are
// counted all the same, so each figure is everything the page runs. Every screen but home also
// loads the store chunk beside its own (src/app/withStore.tsx), and the screens that ask the bookings
// API the browser's source of bookings, which brings the API (src/app/StoreProvider.tsx).
const routes = [
  { path: '/', page: 'index.html', groups: ['app', 'home'] },
  { path: '/booking', page: 'booking.html', groups: ['app', 'booking', 'date-picker', 'store'] },
  { path: '/booking-details', page: 'booking-details.html', groups: ['app', 'booking-details', 'store', 'browser-source'] },
  { path: '/admin-bookings', page: 'admin-bookings.html', groups: ['app', 'admin-bookings', 'store', 'browser-source'] },
  { path: '/view-bookings', page: 'view-bookings.html', groups: ['app', 'view-bookings', 'store', 'browser-source'] },
  { path: '/booking-portal', page: 'booking-portal.html', groups: ['app', 'booking-portal', 'store'] },
  { path: '/customer-booking/:bookingId', page: 'customer-booking.html', groups: ['app', 'customer-booking', 'store', 'browser-source'] },
];
const jsBudgets = { '/': 110_000, '/booking': 200_000 };
// Modules allowed only in chunks that the booking screen alone loads.
const bookingOnly = /node_modules[\\/](react-dates|moment)[\\/]/;
const momentLocale = /node_modules[\\/]moment[\\/]locale[\\/]/;

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(7);

function build() {
  const compiler = webpack(makeConfig({}, { mode: 'production' }));
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats.stats.find((s) => s.compilation.name === 'client'));
    });
  });
}

/**
 * The scripts and stylesheets a built page names in its own HTML (minified: quotes optional); a
 * stylesheet the build wrote into the page keeps its file's address as data-href (same bytes).
 */
function pageAssets(html) {
  const attr = (tag, name) => new RegExp(`\\b${name}=("[^"]*"|[^\\s>]+)`).exec(tag)?.[1].replace(/"/g, '');
  const tags = html.match(/<(script|link|style)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    if (tag.startsWith('<script')) return attr(tag, 'src') ?? [];
    if (tag.startsWith('<style')) return attr(tag, styleHrefMark) ?? [];
    const rel = attr(tag, 'rel');
    return rel === 'stylesheet' || (rel === 'preload' && attr(tag, 'as') === 'script') ? (attr(tag, 'href') ?? []) : [];
  });
}

function measure(outDir, files) {
  return files.reduce(
    (sum, file) => {
      const content = fs.readFileSync(path.join(outDir, file));
      const kind = file.endsWith('.js') ? 'js' : 'css';
      sum[kind].raw += content.length;
      sum[kind].gzip += zlib.gzipSync(content, { level: 6 }).length;
      return sum;
    },
    { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } },
  );
}

/** Module names per chunk id, including the modules webpack concatenated into one. */
function chunkModules(json) {
  const names = (modules) => modules.flatMap((m) => [m.name, ...names(m.modules ?? [])]);
  return new Map(json.chunks.map((chunk) => [chunk.id, names(chunk.modules ?? [])]));
}

async function main() {
  const stats = await build();
  const outDir = stats.compilation.outputOptions.path;
  const json = stats.toJson({ all: false, chunks: true, chunkModules: true, nestedModules: true, chunkGroups: true, ids: true });
  const groups = json.namedChunkGroups;
  const failures = [];

  console.log(`\nFirst-load JavaScript and CSS per route (kB = 1000 bytes; gzip level 6), from ${outDir}\n`);
  console.log('Route                           JS raw  JS gzip   CSS raw CSS gzip   JS gzip budget');
  for (const route of routes) {
    const html = fs.readFileSync(path.join(outDir, route.page), 'utf8');
    const lazy = route.groups.flatMap((name) => {
      if (!groups[name]) throw new Error(`No chunk named "${name}": check the webpackChunkName comments in src/app`);
      return groups[name].assets.map((asset) => asset.name);
    });
    const files = [...new Set([...pageAssets(html).map((href) => href.replace(/^\//, '')), ...lazy])].filter((f) => /\.(js|css)$/.test(f));
    const size = measure(outDir, files);
    const budget = jsBudgets[route.path];
    const verdict = budget === undefined ? '' : `${kB(budget)}  ${size.js.gzip <= budget ? 'pass' : 'FAIL'}`;
    if (budget !== undefined && size.js.gzip > budget)
      failures.push(`${route.path}: ${kB(size.js.gzip).trim()} kB of gzipped JavaScript, budget ${kB(budget).trim()} kB`);
    console.log(`${route.path.padEnd(30)} ${kB(size.js.raw)}  ${kB(size.js.gzip)}  ${kB(size.css.raw)}  ${kB(size.css.gzip)}  ${verdict}`);
    console.log(`${''.padEnd(32)}${files.join(' ')}`);
  }

  // Which named chunk groups (routes, store, web-vitals) load each chunk; entry chunks load everywhere.
  const loaders = new Map();
  for (const [name, group] of Object.entries(groups)) for (const id of group.chunks) loaders.set(id, [...(loaders.get(id) ?? []), name]);
  const modules = chunkModules(json);
  for (const chunk of json.chunks) {
    const names = modules.get(chunk.id);
    const where = chunk.initial
      ? 'the entry chunk'
      : `chunk ${chunk.names[0] ?? chunk.id} (loaded by ${(loaders.get(chunk.id) ?? []).join(', ')})`;
    const locale = names.find((name) => momentLocale.test(name));
    if (locale) failures.push(`moment locale ${locale} in ${where}`);
    const outsideBooking = chunk.initial || (loaders.get(chunk.id) ?? []).some((name) => name !== 'booking' && name !== 'date-picker');
    const stray = names.find((name) => bookingOnly.test(name));
    if (stray && outsideBooking) failures.push(`${stray} in ${where}; react-dates and moment belong to the booking screen only`);
  }

  // The compile hint (webpack.config.js) works only as the first line of the chunk it is in.
  const hint = '//# allFunctionsCalledOnLoad\n';
  for (const name of ['react', 'router']) {
    const file = json.chunks.find((chunk) => chunk.names.includes(name))?.files?.find((f) => f.endsWith('.js'));
    const opens = file && fs.readFileSync(path.join(outDir, file), 'utf8').startsWith(hint);
    if (!opens) failures.push(`the ${name} chunk${file ? ` (${file})` : ''} does not open with Chrome's compile hint`);
  }

  console.log('');
  console.log(`React and the router open with Chrome's compile hint: ${failures.some((f) => /compile hint/.test(f)) ? 'FAIL' : 'pass'}`);
  console.log(
    `react-dates and moment only in the booking screen's chunks, no moment locale: ${failures.some((f) => /moment|react-dates/.test(f)) ? 'FAIL' : 'pass'}`,
  );
  if (failures.length) {
    console.error(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('All size budgets met.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hotelModeMeta, hotelTimeZoneMeta } from '../src/domain/pageMarks';
import { hotelTimeZone } from './bookingRules';
import { decodedPath } from './plugins/paths';

/** The tag that switches the built site to hotel mode (src/shared/hotelMode.ts reads it). */
export const hotelModeTag = `<meta name="${hotelModeMeta}" content="on" />`;

/** The policy the build wrote into the pages as a meta tag, read back so that both say the same. */
export function pagePolicy(html: string): string | null {
  // The minified build writes http-equiv=Content-Security-Policy without quotes.
  const found = /<meta\s+http-equiv=(["']?)Content-Security-Policy\1\s+content=(?:"([^"]+)"|'([^']+)')/i.exec(html);
  return found ? (found[2] ?? found[3] ?? null) : null;
}

/** The hotel's time zone for the browser's "today" (src/shared/today.ts siteToday); zone names are letters, digits, _ + - and /. */
const timeZoneTag = () => `<meta name="${hotelTimeZoneMeta}" content="${hotelTimeZone().replace(/[^\w/+-]/g, '')}" />`;

function withHotelMode(html: string): string {
  return html.replace('<head>', `<head>\n    ${hotelModeTag}\n    ${timeZoneTag()}`);
}

/**
 * Serves dist/ much as `npm run serve` does (public/serve.json): / and /booking get their
 * prerendered pages, other paths without a dot get the app shell, unknown files get 404.html with
 * status 404. (The static site also sends the other screens their prerendered frames, which show
 * the browser's own bookings; here those screens show the hotel's, so they get the app shell.)
 * The four pages are read once and carry the hotel-mode tag; hashed assets are cached for a year.
 */
export interface SitePages {
  root: string;
  home: string;
  booking: string;
  app: string;
  notFound: string;
}

export function readSite(distDir: string): SitePages {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'app.html'))) throw new Error(`No production build in ${root}: run "npm run build" first.`);
  const page = (name: string) => withHotelMode(readFileSync(path.join(root, name), 'utf8'));
  return { root, home: page('index.html'), booking: page('booking.html'), app: page('app.html'), notFound: page('404.html') };
}

/** The header and footer fragments that every page fetches (src/features/layout/fragments.ts): files, not pages. */
const fragments = new Set(['/header.html', '/footer.html']);

/**
 * Files in dist/ for the static host, not for visitors: serve.json is `npm run serve`'s
 * configuration (its rewrites say how the site is laid out). Not sent here in any letter case;
 * the path is answered as any path with a dot that is not a file: the not-found page.
 */
const hostFiles = new Set(['/serve.json']);
const isHostFile = (pathname: string) => hostFiles.has(pathname.toLowerCase());

export async function registerSite(app: FastifyInstance, pages: SitePages): Promise<void> {
  const { root } = pages;
  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

  /**
   * A page's file name (/booking.html, /INDEX.html) would serve the page as built, without the
   * hotel-mode tag: a booking made there would stay in the browser. The name redirects to its
   * route (/booking, /); the two shells (app.html, 404.html) answer as a path nobody routes does.
   */
  function pageFileAnswer(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const name = /^\/([A-Za-z0-9_-]+)\.html?$/i.exec(pathname)?.[1]?.toLowerCase();
    if (!name || fragments.has(pathname) || !existsSync(path.join(root, `${name}.html`))) return null;
    if (name === 'app' || name === '404') return sendPage(reply, pages.notFound, 404);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${name === 'index' ? '/' : `/${name}`}${query}`, 301);
  }

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    serve: true,
    cacheControl: false,
    // Pages are sent only with the hotel-mode tag (below): their file names go to pageFileAnswer.
    // The header and footer are fragments that every page fetches, not pages: they are files.
    allowedPath: (pathname) => (!/\.html?$/i.test(pathname) || fragments.has(pathname)) && !isHostFile(path.posix.normalize(pathname)),
    setHeaders(response, file) {
      const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(file);
      response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/', (_request, reply) => sendPage(reply, pages.home));
  // Pages: any path without a dot. /booking in any letter case, with or without a slash.
  app.get('/*', (request, reply) => {
    const pathname = decodedPath(request);
    if (pathname === null) return sendPage(reply, pages.notFound, 404);
    if (pathname.startsWith('/api/'))
      return reply.code(404).send({ error: 'Not Found', message: `No API route ${request.method} ${pathname}` });
    if (/^\/booking\/?$/i.test(pathname)) return sendPage(reply, pages.booking);
    const pageFile = pageFileAnswer(request, reply, pathname);
    if (pageFile) return pageFile;
    const file = path.join(root, path.normalize(pathname));
    if (file.startsWith(root + path.sep) && existsSync(file) && !file.endsWith('.html') && !isHostFile(`/${path.relative(root, file)}`))
      return reply.sendFile(path.relative(root, file));
    if (!pathname.includes('.')) return sendPage(reply, pages.app);
    return sendPage(reply, pages.notFound, 404);
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = decodedPath(request);
    if (pathname === null || pathname.startsWith('/api/'))
      return reply.code(404).send({ error: 'Not Found', message: `No API route ${request.method} ${request.url.split('?')[0]}` });
    if (request.method === 'GET' || request.method === 'HEAD') {
      const pageFile = pageFileAnswer(request, reply, pathname);
      if (pageFile) return pageFile;
    }
    return sendPage(reply, pages.notFound, 404);
  });
}

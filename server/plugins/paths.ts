import type { FastifyRequest } from 'fastify';

/**
 * The path as routing reads it: percent-decoded, so /%61pi/bookings is /api/bookings. Checks that
 * look at the raw URL would miss what routing then serves. null when it cannot be decoded (the
 * router refuses those itself).
 */
export function decodedPath(request: FastifyRequest): string | null {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** An API request: its route is an API route, or (unrouted, a 404) its decoded path is under /api/. */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url?.startsWith('/api/')) return true;
  const path = decodedPath(request);
  return path === null || path.toLowerCase().startsWith('/api/');
}

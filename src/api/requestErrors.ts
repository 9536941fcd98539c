import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** What every screen says when the hotel's server does not answer. */
export const unreachableMessage = 'We could not reach the hotel. Please check your connection and try again.';

/**
 * How a request failed, in one shape for both sources (RTK Query's own): a number is the
 * server's status, 'FETCH_ERROR' / 'TIMEOUT_ERROR' no answer at all, 'CUSTOM_ERROR' this
 * browser's storage refusing. `data.message` is written for a person.
 */
export type SourceError = FetchBaseQueryError;

export type RequestError = SourceError | SerializedError | undefined;

/** A refusal from this browser's storage, with its words for the guest. */
export function storageRefusal(message: string, details: Record<string, unknown> = {}): { error: SourceError } {
  return { error: { status: 'CUSTOM_ERROR', error: message, data: { message, ...details } } };
}

/** The server's own status code, or undefined when there was no answer from it. */
export function statusOf(error: RequestError): number | undefined {
  if (!error || !('status' in error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  // A proxy in front of a stopped server answers with an HTML page rather than JSON.
  return error.status === 'PARSING_ERROR' ? error.originalStatus : undefined;
}

/**
 * No answer from the hotel: the network failed, the request timed out, or a gateway said the
 * server behind it is away (502, 503, 504). Worth trying again; nothing was refused.
 */
export function isUnreachable(error: RequestError): boolean {
  if (!error || !('status' in error)) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  const status = statusOf(error);
  return status === 502 || status === 503 || status === 504;
}

/** The message for a person that came with a refusal: the server's, or this browser's storage's. */
export function serverMessage(error: RequestError): string | undefined {
  if (!error || !('status' in error) || (typeof error.status !== 'number' && error.status !== 'CUSTOM_ERROR')) return undefined;
  const data = error.data as { message?: unknown } | null | undefined;
  return typeof data?.message === 'string' && data.message.trim() !== '' ? data.message : undefined;
}

/** The words for any failed request: the unreachable message, the server's own, or `fallback`. */
export function describeError(error: RequestError, fallback: string): string {
  if (isUnreachable(error)) return unreachableMessage;
  return serverMessage(error) ?? fallback;
}

import type { FastifyInstance } from 'fastify';

/**
 * NUL and a surrogate without its pair: PostgreSQL text (UTF-8) can hold neither, so a value with
 * one would fail in the database (NUL: error 22021, a 500) or be stored changed (a lone surrogate
 * becomes U+FFFD). No field of ours takes them; they are refused up front, naming the field.
 */
const unstorable = (text: string) => text.includes('\u0000') || /\p{Cs}/u.test(text);

/** The path of the first string holding one ("email", "3.email"), "" for the value itself, or null. Iterative: a 5 MB import can nest deeper than the stack. */
function unstorableField(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (unstorable(item)) return path;
    } else if (item !== null && typeof item === 'object' && !(item instanceof Uint8Array)) {
      // (A raw body, the webhook's, is bytes: nothing of it is stored as text.)
      for (const [key, child] of Object.entries(item)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

export function registerPlainTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = unstorableField(value);
      if (field !== null) {
        return reply
          .code(400)
          .send({ error: 'Bad Request', message: `${field || part}: must be text without NUL characters or unpaired surrogates` });
      }
    }
  });
}

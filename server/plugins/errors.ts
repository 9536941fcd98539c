import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Errors that mean the database cannot be reached right now: the answer is 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code && /^(08|57P|53300|ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EPIPE|ENOENT)/.test(code)) return true;
  return /timeout exceeded when trying to connect|timeout expired|Connection terminated|connection timeout|Query read timeout|Client has encountered a connection error|the database system is (starting|shutting) up/i.test(
    message ?? '',
  );
}

export const unavailableMessage = "The hotel's booking system cannot be reached right now. Please try again in a minute.";

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "email: must be an email address" rather than AJV's "body/email must match format \"email\"". */
function describe(issue: ValidationIssue, context: string): string {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (issue.keyword) {
    case 'required':
      return `${String(issue.params.missingProperty)}: is required`;
    case 'additionalProperties':
      return `${String(issue.params.additionalProperty)}: is not a field this ${context === 'body' ? 'request' : context} takes`;
    case 'format':
      return `${field}: must be ${issue.params.format === 'email' ? 'an email address' : issue.params.format === 'uuid' ? 'a UUID' : `a valid ${String(issue.params.format)}`}`;
    default:
      return `${field || context}: ${issue.message ?? 'is not valid'}`;
  }
}

/** One answer shape for every error: { error, message }, and never a stack or a database detail. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, context) => {
    const error = new Error((errors as ValidationIssue[]).map((issue) => describe(issue, context)).join('; ')) as FastifyError;
    error.statusCode = 400;
    return error;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ error: 'Service Unavailable', message: unavailableMessage });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Internal Server Error', message: 'Something went wrong on the server. Please try again.' });
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
    };
    const message =
      messages[error.code] ??
      (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ? 'The request body does not match its Content-Length.' : error.message);
    const name =
      status === 413
        ? 'Payload Too Large'
        : status === 415
          ? 'Unsupported Media Type'
          : status === 429
            ? 'Too Many Requests'
            : status === 404
              ? 'Not Found'
              : 'Bad Request';
    return reply
      .code(status)
      .send({ error: name, message: error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : message });
  });
}

/**
 * A URL the router cannot decode, or a path segment past its length: Fastify answers these before
 * any hook runs (frameworkErrors), so the security headers every other answer gets come along here.
 */
export function answerUnroutable(securityHeaders: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void reply
      .code(tooLong ? 414 : 400)
      .headers(securityHeaders)
      .send({
        error: tooLong ? 'URI Too Long' : 'Bad Request',
        message: tooLong ? 'The address is too long.' : 'The address is not a valid URL.',
      });
  };
}

/**
 * The one JSON error model: every error leaves as ErrorBody {error, code, statusCode, fields?}.
 * - a domain module's refusal (DomainError, lib/domain-error.ts) → its kind's status, message, code and fields;
 * - request validation (zod) → 400 naming each field;
 * - client errors thrown with @fastify/sensible (`app.httpErrors.notFound(msg)`, route hooks) keep their status
 *   and text;
 * - unknown routes → 404 JSON;
 * - the database away (restarting, unreachable, statement timeout) → 503 with Retry-After (db/unavailable.ts);
 * - anything else → 500 with a generic text; the details go to the log only, never to the client.
 */
import sensible from '@fastify/sensible';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { isDatabaseUnavailable } from '#db/unavailable.js';
import { isDomainError, statusOfKind } from '#lib/domain-error.js';
import { controlCharacterPaths } from '#lib/control-characters.js';

/** Seconds a client is asked to wait before retrying while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

const codes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  402: 'PAYMENT_REQUIRED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  502: 'UPSTREAM_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  extra: Partial<ErrorBody> = {},
) {
  const body: ErrorBody = { error, code: codes[statusCode] ?? 'ERROR', statusCode, ...extra };
  return reply.code(statusCode).type('application/json').send(body);
}

const describeField = (where: string, path: string) => {
  const trimmed = path.replace(/^\//, '').replaceAll('/', '.');
  return trimmed ? `${where}.${trimmed}` : where;
};

export default fp(
  async (app) => {
    await app.register(sensible);

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDomainError(error)) {
        const { code, fields, extra } = error.details;
        return sendError(reply, statusOfKind[error.kind], error.message, {
          ...extra,
          ...(code ? { code } : {}),
          ...(fields ? { fields } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'body';
        const fields: FieldError[] = error.validation.map((v) => ({
          path: describeField(where, v.instancePath),
          message: v.message ?? 'is invalid',
        }));
        const summary = fields.map(
          (f) => `${f.path.replace(/^(body|querystring|params)\./, '')}: ${f.message}`,
        );
        return sendError(reply, 400, `Invalid request: ${summary.join('; ')}`, {
          code: 'VALIDATION_ERROR',
          fields,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
        return sendError(reply, 500, messages.generic.serverError, { code: 'INTERNAL_ERROR' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large) and our httpErrors.
        const code =
          status === 429
            ? 'TOO_MANY_REQUESTS'
            : (error as { code?: string }).code?.startsWith('FST_')
              ? codes[status]
              : undefined;
        return sendError(reply, status, error.message, code ? { code } : {});
      }
      if (isDatabaseUnavailable(error)) {
        // Expected during a database restart: one short line per request, not a stack trace.
        request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
        reply.header('retry-after', DATABASE_RETRY_AFTER_S);
        return sendError(reply, 503, messages.generic.serviceUnavailable, { code: 'SERVICE_UNAVAILABLE' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, messages.generic.serverError, { code: 'INTERNAL_ERROR' });
    });

    // No free-text field of any route may hold control characters (docs/decisions/0031): checked here once for
    // every route's JSON body, query and path, before its schema, so a new field cannot forget it. A NUL byte
    // reached PostgreSQL, which refuses it: a 500. Raw bodies (the Stripe webhook's signed bytes) and multipart
    // uploads are not parsed objects and are checked where they are read.
    app.addHook('preValidation', async (request, reply) => {
      const fields: FieldError[] = [];
      for (const [where, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        for (const path of controlCharacterPaths(value)) {
          fields.push({
            path: path ? `${where}.${path}` : where,
            message: messages.generic.controlCharacters,
          });
        }
      }
      if (fields.length === 0) return;
      const summary = fields.map(
        (f) => `${f.path.replace(/^(body|querystring|params)\./, '')}: ${f.message}`,
      );
      return sendError(reply, 400, `Invalid request: ${summary.join('; ')}`, {
        code: 'VALIDATION_ERROR',
        fields,
      });
    });

    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`),
    );
  },
  { name: 'errors' },
);

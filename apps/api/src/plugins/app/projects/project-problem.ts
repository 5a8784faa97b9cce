/**
 * A refusal of a projects/uploads request that names the field at fault: thrown by the services (also inside a
 * transaction, which it rolls back) and turned into the ErrorBody {error, code, statusCode, fields} by the
 * projects routes' error handler (`sendProjectProblem`). Plain `app.httpErrors` cannot carry `fields`.
 */
import type { FastifyReply } from 'fastify';
import type { FieldError } from '@bindery/contracts/common';
import { sendError } from '../errors.js';

export class ProjectProblem extends Error {
  readonly fields: FieldError[];

  constructor(
    readonly statusCode: number,
    message: string,
    /** The body field at fault ("pdf_upload_id", "configuration.binding_id"), if one is. */
    field?: string | FieldError[],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProjectProblem';
    this.fields =
      field === undefined ? [] : typeof field === 'string' ? [{ path: `body.${field}`, message }] : field;
  }
}

export function sendProjectProblem(reply: FastifyReply, problem: ProjectProblem) {
  return sendError(reply, problem.statusCode, problem.message, {
    ...(problem.code ? { code: problem.code } : {}),
    ...(problem.fields.length > 0 ? { fields: problem.fields } : {}),
  });
}

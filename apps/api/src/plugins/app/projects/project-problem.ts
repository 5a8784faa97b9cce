/**
 * A refusal of a projects/uploads request that names the field at fault: an ApiProblem (sent by the app's error
 * handler as the ErrorBody {error, code, statusCode, fields}) built from the field's body path.
 */
import type { FieldError } from '@bindery/contracts/common';
import { ApiProblem } from '../errors.js';

export class ProjectProblem extends ApiProblem {
  constructor(
    statusCode: number,
    message: string,
    /** The body field at fault ("pdf_upload_id", "configuration.binding_id"), if one is. */
    field?: string | FieldError[],
    code?: string,
  ) {
    const fields =
      field === undefined ? [] : typeof field === 'string' ? [{ path: `body.${field}`, message }] : field;
    super(statusCode, message, { ...(code ? { code } : {}), ...(fields.length > 0 ? { fields } : {}) });
    this.name = 'ProjectProblem';
  }
}

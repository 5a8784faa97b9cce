/**
 * A refusal of a projects/uploads request that names the field at fault: a DomainError whose fields carry the
 * field's body path ("pdf_upload_id" → body.pdf_upload_id), so the app's error handler sends the ErrorBody
 * {error, code, statusCode, fields} the forms read.
 */
import type { FieldError } from '@bindery/contracts/common';
import { DomainError, type DomainErrorKind } from '#lib/domain-error.js';

export function fieldRefusal(
  kind: DomainErrorKind,
  message: string,
  /** The body field at fault ("pdf_upload_id", "configuration.binding_id"), or the field errors themselves. */
  field?: string | FieldError[],
  code?: string,
): DomainError {
  const fields =
    field === undefined ? [] : typeof field === 'string' ? [{ path: `body.${field}`, message }] : field;
  return new DomainError(kind, message, {
    ...(code ? { code } : {}),
    ...(fields.length > 0 ? { fields } : {}),
  });
}

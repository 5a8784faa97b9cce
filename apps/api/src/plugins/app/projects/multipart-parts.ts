/**
 * An upload route's multipart body (the book uploads, the resale certificates): its one bound
 * (`multipartLimits`), the parts read with the one file streamed to staging (`readMultipart`), @fastify/multipart's
 * and busboy's errors as the client's refusals, and the client's file name made safe to keep.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { DomainError, isDomainError } from '#lib/domain-error.js';
import { fieldRefusal } from './field-refusal.js';
import type { FileStore } from './file-store.js';
import type { SniffedType } from './pdf-inspect.js';

/** What an upload route says of a body that is not the one file and fields it takes (docs/decisions/0012). */
export const multipartTexts = {
  notMultipart: 'Send the file as multipart/form-data with the fields purpose and file.',
  oneFile: 'Send one file per upload.',
  unknownField: (name: string, fields: readonly string[] = ['purpose']) =>
    `Unknown field ${name}: send only ${[...fields, 'file'].join(' and ')}.`,
  malformed: 'The upload was cut off or is not valid multipart data. Please try again.',
} as const;

export const EXTENSIONS: Record<SniffedType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The client's file name, made safe to store and to send back in Content-Disposition: no directories, no
 * control characters, at most 255 characters; a neutral name when nothing is left.
 */
export function safeFileName(name: string | undefined, type: SniffedType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned.length > 0 ? cleaned : `upload.${EXTENSIONS[type]}`;
}

/** @fastify/multipart's errors (FST_*) and busboy's parse errors are the client's; file-system errors are ours. */
function multipartProblem(err: unknown, spec: PartsSpec): DomainError | undefined {
  const e = err as { code?: string; syscall?: string; statusCode?: number };
  if (isDomainError(err) || e.syscall !== undefined) return undefined;
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fieldRefusal('too_large', spec.tooLarge, 'file');
    case 'FST_FILES_LIMIT':
      return fieldRefusal('invalid', multipartTexts.oneFile, 'file');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new DomainError('invalid', multipartTexts.unknownField('(extra)', spec.fields));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError('unsupported_media_type', multipartTexts.notMultipart);
    default:
      return e.statusCode !== undefined && e.statusCode >= 500
        ? undefined
        : new DomainError('invalid', multipartTexts.malformed);
  }
}

export interface Staged {
  path: string;
  clientName: string | undefined;
}

/** What an upload route accepts besides its one `file` part, and what it says when the file is over its limit. */
export interface PartsSpec {
  /** The text fields the route reads (anything else is refused as unknown). */
  fields: readonly string[];
  /** The 413 text for a file over the route's multipart fileSize limit. */
  tooLarge: string;
}

/**
 * @fastify/multipart's limits for an upload route that reads one file and these text fields (readParts): the
 * file at most `fileSize` bytes, the fields a few small values, nothing else. One field and one part beyond the
 * route's own, so an unknown field is read and named rather than cut at the limit. The one place these are set.
 */
export function multipartLimits(fileSize: number, fields: readonly string[]) {
  return {
    fileSize,
    files: 1,
    fields: fields.length + 1,
    parts: fields.length + 2,
    fieldSize: 1024,
    fieldNameSize: 100,
    headerPairs: 20,
  };
}

/** request.parts() for readParts: @fastify/multipart throws at once on a request that is not multipart. */
export function openParts(
  parts: () => AsyncIterableIterator<Multipart>,
  spec: PartsSpec,
): AsyncIterableIterator<Multipart> {
  try {
    return parts();
  } catch (err) {
    throw multipartProblem(err, spec) ?? err;
  }
}

/**
 * Reads the parts: the named text fields and the one file, streamed to staging (in whichever order they come). The
 * whole body is read even after a problem (an unknown part is discarded), so the client always gets the answer
 * instead of a stalled connection; the route's multipart limits (one file, a few fields) bound what that costs.
 * Shared by the book uploads and the resale certificates (plugins/app/certificates). A client that stops
 * sending is cut off by the app (lib/http-limits.ts): the stream fails here and the staged file is removed.
 */
export async function readMultipart(
  fileStore: Pick<FileStore, 'stagingPath'>,
  parts: AsyncIterableIterator<Multipart>,
  spec: PartsSpec,
): Promise<{ fields: Partial<Record<string, string>>; staged: Staged | undefined }> {
  const fields: Partial<Record<string, string>> = {};
  let staged: Staged | undefined;
  let problem: DomainError | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (spec.fields.includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        else problem ??= new DomainError('invalid', multipartTexts.unknownField(part.fieldname, spec.fields));
        continue;
      }
      if (part.fieldname !== 'file' || problem) {
        problem ??= new DomainError('invalid', multipartTexts.unknownField(part.fieldname, spec.fields));
        part.file.resume();
        continue;
      }
      staged = { path: await fileStore.stagingPath(), clientName: part.filename };
      await pipeline(part.file, createWriteStream(staged.path, { flags: 'wx', mode: 0o600 }));
      // Busboy ends the stream at the size limit and marks it truncated (the iterator then reports it too).
      if (part.file.truncated) problem ??= fieldRefusal('too_large', spec.tooLarge, 'file');
    }
    if (problem) throw problem;
  } catch (err) {
    if (staged) await rm(staged.path, { force: true });
    throw multipartProblem(err, spec) ?? err;
  }
  return { fields, staged };
}

/**
 * What the browser checks before an upload starts, with the spec's words (docs/spec/customer-journey.md §5): the type the
 * browser reports and the 50 MB limit. The server checks the bytes again and is the authority (docs/decisions/0012).
 */
import { messages } from '@bindery/contracts/messages';
import { UPLOAD_MAX_BYTES } from '@bindery/contracts/store/projects';
import type { FileCheck } from '../hooks/use-file-upload';

const m = messages.projects;

/** Some systems report no type for a PDF: the name decides then, and the server reads the bytes anyway. */
const isPdf = (file: File) =>
  file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
const COVER_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const tooLarge = (file: File) => file.size > UPLOAD_MAX_BYTES;

/** The interior PDF of the design page. */
export const checkInteriorPdf: FileCheck = (file) =>
  !isPdf(file) ? m.onlyPdf : tooLarge(file) ? m.fileTooLarge : null;

/** The optional cover: JPEG, PNG or PDF. */
export const checkCover: FileCheck = (file) =>
  !(COVER_TYPES.has(file.type) || isPdf(file)) ? m.coverType : tooLarge(file) ? m.fileTooLarge : null;

/** The cover expert form's PDF, with that form's own wording. */
export const checkExpertPdf: FileCheck = (file) =>
  !isPdf(file) ? m.onlyPdfShort : tooLarge(file) ? m.fileTooLarge : null;

export const PDF_ACCEPT = 'application/pdf,.pdf';
export const COVER_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

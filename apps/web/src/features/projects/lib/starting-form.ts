/**
 * Where the printed book's design form starts (design-project.tsx): a draft this browser kept, the edited project
 * as stored, or a blank form; then, once the server has said which of its files it still has, the form's start.
 */
import type { Project, UploadedFile } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import type { DesignForm, ProjectData } from './project-data';

/** Where the form starts, before its files are checked again with the server. */
export interface StartingForm {
  ids: Record<string, number>;
  quantity: number;
  pdfId: string | null;
  coverId: string | null;
}

/** The form's start once its files are checked: the server's own records of them, and what was lost. */
export interface InitialForm {
  ids: Record<string, number>;
  quantity: number;
  pdf: UploadedFile | null;
  cover: UploadedFile | null;
  lostNote: string | null;
}

/** A restored draft whose file the server no longer has for this account (not in the spec: docs/decisions/0038). */
export const filesLostText = (what: string) =>
  `Your uploaded ${what} is no longer available (files not used in a project are kept for 24 hours). Please upload it again.`;

/**
 * The draft this browser kept for this project (a reload, Back from the shop, Resume, the cover expert's return),
 * else the edited project as stored, else a blank form. A draft counts only for the same account, category and
 * project: another project's choices, or another customer's, never fill this one (docs/decisions/0038).
 */
export function startingForm(
  data: ProjectData,
  project: Project | null,
  user: SessionUser | null,
  draft: DesignForm | null,
): StartingForm {
  const ours =
    draft !== null &&
    draft.category === data.category &&
    (draft.project_id ?? null) === (data.projectId ?? null) &&
    (draft.user_id === undefined || draft.user_id === user?.id);
  if (ours) {
    return {
      ids: draft.ids,
      quantity: draft.quantity,
      pdfId: draft.pdf_upload?.id ?? null,
      coverId: draft.cover_upload?.id ?? null,
    };
  }
  if (project) {
    // An edit keeps the project's files unless others are chosen.
    return {
      ids: project.configuration ?? {},
      quantity: project.quantity,
      pdfId: project.pdf_upload_id,
      coverId: project.cover_upload_id,
    };
  }
  return { ids: {}, quantity: 1, pdfId: null, coverId: null };
}

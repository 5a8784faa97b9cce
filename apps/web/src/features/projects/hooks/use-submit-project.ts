/**
 * The last step of both the design page and the cover expert page: POST api/book/upload-book/ with the project
 * data and its uploads, then (docs/spec/customer-journey.md §4) say so, clear the saved project data, put the project in
 * the cart and go to /shop. An e Book goes the same way: it is priced at its flat fee and checked out with nothing
 * to ship (docs/decisions/0034); a project the server did not price goes to the dashboard.
 * The design page keeps its data instead, as the edit of the project just made (`keepAsEdit`): Back from the shop
 * then finds the page filled, and printing again changes that project rather than making a second one
 * (docs/decisions/0038).
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '@bindery/ui/toast';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import type {
  CoverExpertRequest,
  ProjectCategory,
  ProjectConfiguration,
  ProjectLanguage,
  UploadedFile,
} from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName } from '@bindery/pricing/products';
import { addToCart } from '#lib/cart.ts';
import { useUploadBook } from '../api/upload-book';
import { isOrderable } from '../lib/project-facts';
import {
  clearSavedProject,
  readDesignForm,
  saveDesignForm,
  saveProjectData,
  type ProjectData,
} from '../lib/project-data';

/**
 * What to say when a submission fails (docs/spec/customer-journey.md §8): the server's own message for a refusal
 * it explains (a 4xx with an error body); 'Submission failed: Unknown error' for a 2xx that is not a success (the
 * contract says the server never sends one, so the client does not read its body); else the page's fallback.
 */
export function submissionErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.body) return error.body.error;
  if (error.status >= 200 && error.status < 300)
    return messages.projects.submissionFailed(messages.projects.unknownError);
  return fallback;
}

export interface Submission {
  data: ProjectData;
  pdf: UploadedFile;
  configuration: Record<string, number> | null;
  quantity: number;
  coverUploadId?: string | null;
  coverExpert?: CoverExpertRequest;
  /** The warnings_key of the print check the customer reviewed (ADR 0070). */
  preflightAcknowledged?: string | null;
}

export interface SubmitOptions {
  /** Keep the page's data as the edit of the created project, also in this history entry (the design page). */
  keepAsEdit?: boolean;
}

export function useSubmitProject(user: SessionUser | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const mutation = useUploadBook(user?.id);

  /** Saves the data as the edit of `projectId` and puts it in this page's history entry, which Back returns to. */
  const keepAsEditOf = async (data: ProjectData, projectId: number) => {
    const edit: ProjectData = { ...data, projectId };
    saveProjectData(edit);
    const form = readDesignForm();
    if (form.status === 'ok') saveDesignForm({ ...form.data, project_id: projectId });
    // Awaited: a second navigation started before this one ends would cancel it.
    await navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: edit });
  };

  const submit = (
    s: Submission,
    successText: string,
    onError: (error: unknown) => void,
    options: SubmitOptions = {},
  ) =>
    mutation.mutate(
      {
        ...(s.data.projectId ? { project_id: s.data.projectId } : {}),
        title: s.data.projectTitle,
        // Checked against the contract's lists by the caller; the server checks them again.
        category: s.data.category as ProjectCategory,
        language: (s.data.language || null) as ProjectLanguage | null,
        pdf_upload_id: s.pdf.id,
        ...(s.coverUploadId !== undefined ? { cover_upload_id: s.coverUploadId } : {}),
        ...(s.preflightAcknowledged ? { preflight_acknowledged: s.preflightAcknowledged } : {}),
        ...(s.pdf.page_count ? { page_count: s.pdf.page_count } : {}),
        configuration: s.configuration as ProjectConfiguration | null,
        // An e Book is one digital edition: the server accepts only quantity 1 for it.
        quantity: productByName(s.data.category)?.digital ? 1 : s.quantity,
        ...(s.coverExpert ? { cover_expert: s.coverExpert } : {}),
      },
      {
        // mutate's callbacks are not awaited: the follow-up runs on its own (as before the typed lint).
        onSuccess: ({ project }) =>
          void (async () => {
            toast.show(successText, 'success');
            if (options.keepAsEdit) await keepAsEditOf(s.data, project.id);
            else clearSavedProject();
            if (isOrderable(project) && user) {
              addToCart(user.id, { id: project.id, title: project.title, category: project.category });
              await navigate('/shop');
            } else {
              await navigate('/userdashboard');
            }
          })(),
        onError,
      },
    );

  return { submit, isPending: mutation.isPending };
}

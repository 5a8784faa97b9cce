/**
 * What the project pages hand to each other (docs/spec/customer-journey.md §3): the project data of /start-project
 * (navigation state, also kept in local storage under `projectData` so a reload keeps it) and the design form,
 * kept under `designForm` as it changes (a reload, Back from the shop or the dashboard's Resume finds it filled)
 * and read by /cover-expert. Both are read with a schema: a corrupt entry is reported ('Error loading saved
 * project data. Please start over.') instead of breaking the page. The saved uploads are only ids to the design
 * page: it asks the server for each file again (owned, not expired) before showing it (docs/decisions/0038).
 */
import { z } from 'zod';
import { UploadedFile } from '@bindery/contracts/store/projects';

export const PROJECT_DATA_KEY = 'projectData';
export const DESIGN_FORM_KEY = 'designForm';

/** Category and language stay plain text here: the submit checks them against the contract's lists. */
export const ProjectData = z.object({
  projectTitle: z.string(),
  category: z.string(),
  language: z.string().nullable().optional(),
  /** Set when an existing project is edited (the dashboard's Edit): upload-book then replaces it. */
  projectId: z.number().int().positive().optional(),
});
export type ProjectData = z.infer<typeof ProjectData>;

/**
 * The design form under the spec's field names (trim_size_id, binding_id, …, page_count, quantity) plus what the
 * cover expert page needs to submit: the category it was made for and the interior PDF already uploaded.
 */
export const DesignForm = z.object({
  category: z.string(),
  ids: z.record(z.string(), z.number().int().positive()),
  page_count: z.number().int().positive().nullable(),
  quantity: z.number().int().positive().default(1),
  pdf_upload: UploadedFile.nullable(),
  /** The cover file chosen on the design page (docs/decisions/0038). */
  cover_upload: UploadedFile.nullable().optional(),
  /** Whose draft it is: another account signing in on this browser never gets it. */
  user_id: z.number().int().positive().optional(),
  /** The project this form edits; absent for a new project. A draft is restored only into the same project. */
  project_id: z.number().int().positive().optional(),
});
export type DesignForm = z.infer<typeof DesignForm>;

export type Saved<T> = { status: 'none' } | { status: 'corrupt' } | { status: 'ok'; data: T };

function read<T>(key: string, schema: z.ZodType<T>): Saved<T> {
  const raw = localStorage.getItem(key);
  if (raw === null) return { status: 'none' };
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? { status: 'ok', data: parsed.data } : { status: 'corrupt' };
  } catch {
    return { status: 'corrupt' };
  }
}

export const readProjectData = () => read(PROJECT_DATA_KEY, ProjectData);
export const readDesignForm = () => read(DESIGN_FORM_KEY, DesignForm);

export function saveProjectData(data: ProjectData) {
  localStorage.setItem(PROJECT_DATA_KEY, JSON.stringify(data));
}

export function saveDesignForm(form: DesignForm) {
  saveDesignFormText(JSON.stringify(form));
}

/** The design form already serialized (the design page keeps it as it changes, compared as text). */
export function saveDesignFormText(text: string) {
  localStorage.setItem(DESIGN_FORM_KEY, text);
}

/** After a submission: the next project starts from a clean page. */
export function clearSavedProject() {
  localStorage.removeItem(PROJECT_DATA_KEY);
  localStorage.removeItem(DESIGN_FORM_KEY);
}

/**
 * The design of a new project this browser kept for this account and that was never printed: the dashboard
 * offers to resume it (docs/decisions/0038). An edit is not one: its project is on the dashboard already.
 */
export function unfinishedDesign(userId: number): ProjectData | null {
  const project = readProjectData();
  const form = readDesignForm();
  if (project.status !== 'ok' || form.status !== 'ok') return null;
  if (project.data.projectId !== undefined || form.data.project_id !== undefined) return null;
  if (form.data.user_id !== userId || form.data.category !== project.data.category) return null;
  return project.data;
}

/** Navigation state wins (it is what the previous page just sent); local storage is the reload's fallback. */
export function projectDataFrom(state: unknown): Saved<ProjectData> {
  const fromState = ProjectData.safeParse(state);
  if (fromState.success) return { status: 'ok', data: fromState.data };
  return readProjectData();
}

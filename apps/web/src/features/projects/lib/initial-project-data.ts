/** Where /start-project's form starts (start-project.tsx). */
import { z } from 'zod';
import { ProjectData, readProjectData } from './project-data';

/** The dashboard's Edit hands over the project as it listed it. */
const EditState = z.object({
  isEdit: z.literal(true),
  projectData: z.object({
    id: z.number().int().positive(),
    title: z.string(),
    category: z.string(),
    language: z.string().nullable().optional(),
  }),
});

/**
 * Where the form starts: the dashboard's Edit; the project coming back from its design page (Change, the tabs: an
 * edit stays an edit); or, for a new project, what a reload kept in storage. A project id found only in storage
 * is an edit left unfinished: a new start must not continue it, or submitting the new book would replace that
 * project. `abandonedEdit` says to forget it.
 */
export function initialData(state: unknown): { data: ProjectData | null; abandonedEdit: boolean } {
  const edit = EditState.safeParse(state);
  if (edit.success) {
    const p = edit.data.projectData;
    return {
      data: { projectTitle: p.title, category: p.category, language: p.language ?? null, projectId: p.id },
      abandonedEdit: false,
    };
  }
  const current = ProjectData.safeParse(state);
  if (current.success) return { data: current.data, abandonedEdit: false };
  const saved = readProjectData();
  if (saved.status !== 'ok') return { data: null, abandonedEdit: false };
  return saved.data.projectId === undefined
    ? { data: saved.data, abandonedEdit: false }
    : { data: null, abandonedEdit: true };
}

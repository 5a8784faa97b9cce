/**
 * /start-project (docs/spec/customer-journey.md §2): the product type cards and the selects from GET api/book/dropdown-data/,
 * the Project Title (n/255), an optional Book Language and the required Book Category. 'Design Your Project' is
 * disabled (and dimmed) until a title and a category are set; it keeps the project data in local storage under
 * `projectData` (a reload keeps it) and goes to /design-project with it as navigation state. Opened from the
 * dashboard's Edit (state {projectData, isEdit: true}) it is prefilled from that project; the design page's Change
 * link and the tabs bring the project back as state. An edit left unfinished never turns a new project into an
 * edit of that project.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { SelectField } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import {
  PROJECT_CATEGORIES,
  PROJECT_LANGUAGES,
  PROJECT_TITLE_MAX,
  type DropdownDataResponse,
} from '@bindery/contracts/store/projects';
import { useDropdownData } from '../api/get-dropdown-data';
import { initialData } from '../lib/initial-project-data';
import { clearSavedProject, saveProjectData, type ProjectData } from '../lib/project-data';
import { ProductTypeCards } from './product-type-cards';
import { ProjectTabs } from './project-tabs';
import '../projects.css';

const m = messages.projects;

/** If the list cannot be loaded, the contract's own names still let the customer go on (without descriptions). */
const FALLBACK: DropdownDataResponse = {
  categories: PROJECT_CATEGORIES.map((name) => ({
    name,
    product_slug: null,
    description: '',
    calculator_name: '',
  })),
  languages: [...PROJECT_LANGUAGES],
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function StartProject() {
  const location = useLocation();
  const navigate = useNavigate();
  const [{ data: initial, abandonedEdit }] = useState(() => initialData(location.state));
  useEffect(() => {
    if (abandonedEdit) clearSavedProject();
  }, [abandonedEdit]);
  const [title, setTitle] = useState(initial?.projectTitle ?? '');
  const [language, setLanguage] = useState(initial?.language ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const dropdown = useDropdownData();
  const titleId = useId();
  const counterId = useId();
  const missingId = useId();

  const data = dropdown.data ?? (dropdown.isError ? FALLBACK : null);
  const missing: string[] = [];
  if (!title.trim()) missing.push(m.enterDetails);
  if (!category) missing.push(m.selectCategory);
  const projectId = initial?.projectId;

  const onDesign = () => {
    if (missing.length > 0) return;
    const next: ProjectData = {
      projectTitle: title.trim(),
      language: language || null,
      category,
      ...(projectId ? { projectId } : {}),
    };
    saveProjectData(next);
    void navigate('/design-project', { state: next });
  };

  return (
    <div className="b-container b-stack">
      <ProjectTabs project={initial ?? undefined} />
      <h1>{projectId ? 'Edit Your Project' : 'Start Your Project'}</h1>
      {!data ? (
        <Spinner label="Loading product types..." />
      ) : (
        <>
          {dropdown.isError ? (
            <Alert tone="warning">
              We could not load the product descriptions; you can still choose a category.
            </Alert>
          ) : null}
          <ProductTypeCards categories={data.categories} chosen={category} onChoose={setCategory} />
          <div className="b-field">
            <label className="b-label" htmlFor={titleId}>
              Project Title
            </label>
            <textarea
              id={titleId}
              className="b-textarea"
              name="title"
              rows={2}
              required
              maxLength={PROJECT_TITLE_MAX}
              value={title}
              aria-describedby={counterId}
              onChange={(e) => setTitle(e.target.value.slice(0, PROJECT_TITLE_MAX))}
            />
            <span id={counterId} className="p-counter">
              {title.length}/{PROJECT_TITLE_MAX}
            </span>
          </div>
          <div className="p-fields">
            <SelectField
              label="Book Language"
              name="language"
              placeholder="Select a language (optional)"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              options={data.languages.map((l) => ({ value: l, label: capitalize(l) }))}
            />
            <SelectField
              label="Book Category"
              name="category"
              required
              placeholder="Select a category"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              options={data.categories.map((c) => ({ value: c.name, label: categoryDisplayName(c.name) }))}
            />
          </div>
          <div className="b-stack" style={{ alignItems: 'flex-start', gap: 'var(--b-space-2)' }}>
            <Button
              variant="accent"
              disabled={missing.length > 0}
              aria-describedby={missing.length > 0 ? missingId : undefined}
              onClick={onDesign}
            >
              Design Your Project
            </Button>
            {missing.length > 0 ? (
              <span id={missingId} className="b-hint">
                {missing.join(' ')}
              </span>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * /cover-expert (docs/spec/customer-journey.md §2, §5, §8): the project summary (from `projectData` and the design form
 * saved as `designForm`), the cover expert form (name, email, book title, book genre, cover requirements) and the
 * book PDF (the design page's upload, or a new one with a progress bar). 'Submit to Cover Expert' checks every
 * field with the contract's rules (each error clears when its field is edited), then POSTs api/book/upload-book/
 * with the cover expert request; on success the saved project data is cleared, the project goes into the cart
 * and the customer to /shop.
 */
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { CoverExpertRequest } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { issuesByField } from '#lib/error-text.ts';
import { useFileUpload } from '../hooks/use-file-upload';
import { submissionErrorText, useSubmitProject } from '../hooks/use-submit-project';
import { checkExpertPdf, PDF_ACCEPT } from '../lib/file-checks';
import { readDesignForm, readProjectData, type DesignForm, type ProjectData } from '../lib/project-data';
import { FileDropZone } from './file-drop-zone';
import { ProjectTabs } from './project-tabs';
import '../projects.css';

const m = messages.projects;

type Field = 'contact_name' | 'contact_email' | 'book_title' | 'book_genre' | 'cover_description' | 'pdf';

const CONTACT_FIELDS: {
  field: 'contact_name' | 'contact_email' | 'book_title' | 'book_genre';
  label: string;
  type?: string;
  autoComplete?: string;
}[] = [
  { field: 'contact_name', label: 'Name', autoComplete: 'name' },
  { field: 'contact_email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'book_title', label: 'Book Title' },
  { field: 'book_genre', label: 'Book Genre' },
];

export function CoverExpert({ user }: { user: SessionUser | null }) {
  const [project] = useState(readProjectData);
  const [design] = useState(readDesignForm);

  let problem: string | null = null;
  if (project.status === 'corrupt' || design.status === 'corrupt') problem = m.savedDataCorrupt;
  else if (project.status === 'none' || design.status === 'none') problem = m.missingProjectData;

  return (
    <div className="b-container b-stack">
      <ProjectTabs withCoverExpert project={project.status === 'ok' ? project.data : undefined} />
      <h1>Cover Design Expert</h1>
      {problem || project.status !== 'ok' || design.status !== 'ok' ? (
        <>
          <Alert tone="error">{problem}</Alert>
          <p>
            <Link to="/start-project">Start your project</Link>
          </p>
        </>
      ) : (
        <CoverExpertForm data={project.data} design={design.data} user={user} />
      )}
    </div>
  );
}

function CoverExpertForm({
  data,
  design,
  user,
}: {
  data: ProjectData;
  design: DesignForm;
  user: SessionUser | null;
}) {
  const submit = useSubmitProject(user);
  const pdf = useFileUpload('interior', checkExpertPdf, design.pdf_upload);
  const [values, setValues] = useState({
    contact_name: user?.name ?? '',
    contact_email: user?.email ?? '',
    book_title: data.projectTitle,
    book_genre: '',
    cover_description: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const edit =
    (field: Exclude<Field, 'pdf'>) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setErrors((errs) => ({ ...errs, [field]: undefined }));
    };
  const startPdf = (file: File) => {
    setErrors((errs) => ({ ...errs, pdf: undefined }));
    return pdf.start(file);
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = CoverExpertRequest.safeParse(values);
    const found: Partial<Record<Field, string>> = parsed.success ? {} : issuesByField(parsed.error.issues);
    const upload = pdf.status === 'success' ? pdf.result : null;
    if (!upload && pdf.status !== 'error') found.pdf = m.pdfRequired;
    setErrors(found);
    if (!parsed.success || !upload) return;
    if (!user) {
      setFormError(messages.generic.unauthorized);
      return;
    }
    submit.submit(
      {
        data,
        pdf: upload,
        configuration: Object.keys(design.ids).length > 0 ? design.ids : null,
        quantity: design.quantity,
        coverExpert: parsed.data,
      },
      m.coverExpertSubmitted,
      (error) => setFormError(submissionErrorText(error, m.uploadFailed)),
    );
  };

  return (
    <div className="b-stack">
      <Card className="b-stack">
        <h2>Your project</h2>
        <dl className="b-summary" aria-label="Project summary">
          <dt>Title</dt>
          <dd>{data.projectTitle || m.untitled}</dd>
          <dt>Category</dt>
          <dd>{data.category || m.defaultCategory}</dd>
          <dt>Language</dt>
          <dd>
            {data.language ? data.language.charAt(0).toUpperCase() + data.language.slice(1) : 'Not set'}
          </dd>
          <dt>Page Count</dt>
          <dd>{pdf.result?.page_count ?? design.page_count ?? 'Not known yet'}</dd>
        </dl>
      </Card>
      <Card>
        <form className="b-stack" noValidate onSubmit={onSubmit} aria-label="Cover expert request">
          <div className="p-fields">
            {CONTACT_FIELDS.map((f) => (
              <TextField
                key={f.field}
                label={f.label}
                name={f.field}
                type={f.type}
                autoComplete={f.autoComplete}
                value={values[f.field]}
                onChange={edit(f.field)}
                error={errors[f.field]}
              />
            ))}
          </div>
          <CoverRequirements
            value={values.cover_description}
            onChange={edit('cover_description')}
            error={errors.cover_description}
          />
          <FileDropZone
            label="Book PDF"
            what="your book PDF"
            accept={PDF_ACCEPT}
            upload={{ ...pdf, start: startPdf }}
            hint="The interior PDF, up to 50 MB. Upload it again to replace the one from the design page."
            successDetail={pdf.result?.page_count ? `${pdf.result.page_count} pages` : undefined}
          />
          {errors.pdf ? <Alert tone="error">{errors.pdf}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div className="b-row">
            <Button
              type="submit"
              variant="accent"
              busy={submit.isPending}
              disabled={pdf.status === 'uploading'}
            >
              Submit to Cover Expert
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function CoverRequirements({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: React.ChangeEventHandler<HTMLTextAreaElement>;
  error?: string;
}) {
  return (
    <div className="b-field">
      <label className="b-label" htmlFor="cover-description">
        Cover Requirements
      </label>
      <textarea
        id="cover-description"
        name="cover_description"
        className="b-textarea"
        rows={5}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'cover-description-hint cover-description-error' : 'cover-description-hint'}
      />
      <span id="cover-description-hint" className="b-hint">
        Describe the cover you want (colours, images, text) and mention your binding type.
      </span>
      {error ? (
        <span id="cover-description-error" className="b-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

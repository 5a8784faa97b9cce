/**
 * The cover expert form (cover-expert.tsx): the project summary, the contact fields, the cover requirements and
 * the book PDF (the design page's upload, or a new one with a progress bar). Its state is use-cover-expert-form.ts.
 */
import type { ChangeEventHandler } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import type { SessionUser } from '@bindery/contracts/store/users';
import { useCoverExpertForm } from '../hooks/use-cover-expert-form';
import { PDF_ACCEPT } from '../lib/file-checks';
import type { DesignForm, ProjectData } from '../lib/project-data';
import { FileDropZone } from './file-drop-zone';
import { ProjectSummary } from './project-summary';

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

export function CoverExpertForm({
  data,
  design,
  user,
}: {
  data: ProjectData;
  design: DesignForm;
  user: SessionUser | null;
}) {
  const f = useCoverExpertForm(data, design, user);

  return (
    <div className="b-stack">
      <ProjectSummary data={data} pageCount={f.pageCount} />
      <Card>
        <form className="b-stack" noValidate onSubmit={f.onSubmit} aria-label="Cover expert request">
          <div className="p-fields">
            {CONTACT_FIELDS.map((c) => (
              <TextField
                key={c.field}
                label={c.label}
                name={c.field}
                type={c.type}
                autoComplete={c.autoComplete}
                value={f.values[c.field]}
                onChange={f.edit(c.field)}
                error={f.errors[c.field]}
              />
            ))}
          </div>
          <CoverRequirements
            value={f.values.cover_description}
            onChange={f.edit('cover_description')}
            error={f.errors.cover_description}
          />
          <FileDropZone
            label="Book PDF"
            what="your book PDF"
            accept={PDF_ACCEPT}
            upload={f.pdf}
            hint="The interior PDF, up to 50 MB. Upload it again to replace the one from the design page."
            successDetail={f.pdf.result?.page_count ? `${f.pdf.result.page_count} pages` : undefined}
          />
          {f.errors.pdf ? <Alert tone="error">{f.errors.pdf}</Alert> : null}
          {f.formError ? <Alert tone="error">{f.formError}</Alert> : null}
          <div className="b-row">
            <Button type="submit" variant="accent" busy={f.submitting} disabled={f.uploading}>
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
  onChange: ChangeEventHandler<HTMLTextAreaElement>;
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

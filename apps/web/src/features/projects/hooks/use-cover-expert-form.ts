/**
 * The state and submission of the cover expert form (cover-expert-form.tsx): the fields, checked with the
 * contract's rules on submit (each error clears when its field is edited), the book PDF, and the POST of the
 * project with its cover expert request.
 */
import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import { messages } from '@bindery/contracts/messages';
import { CoverExpertRequest } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { issuesByField } from '#lib/error-text.ts';
import { checkExpertPdf } from '../lib/file-checks';
import type { DesignForm, ProjectData } from '../lib/project-data';
import { useFileUpload } from './use-file-upload';
import { submissionErrorText, useSubmitProject } from './use-submit-project';

const m = messages.projects;

export type CoverExpertField =
  'contact_name' | 'contact_email' | 'book_title' | 'book_genre' | 'cover_description' | 'pdf';
type Field = CoverExpertField;

export function useCoverExpertForm(data: ProjectData, design: DesignForm, user: SessionUser | null) {
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

  const edit = (field: Exclude<Field, 'pdf'>) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
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

  return {
    values,
    errors,
    formError,
    edit,
    pdf: { ...pdf, start: startPdf },
    pageCount: pdf.result?.page_count ?? design.page_count ?? null,
    uploading: pdf.status === 'uploading',
    submitting: submit.isPending,
    onSubmit,
  };
}

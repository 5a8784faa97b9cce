/**
 * The resale certificate upload (resale-certificate-section.tsx): a US state and a PDF or image, checked for its
 * presence and size before it travels, then the server's answer as a notice below the form.
 */
import { useState, type SubmitEvent } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { FieldFrame, SelectField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { CERTIFICATE_MAX_BYTES } from '@bindery/contracts/store/resale-certificates';
import { usStateOptions } from '#lib/regions.ts';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { useUploadCertificate } from '../api/resale-certificates';

const m = messages.certificates;

export function CertificateUploadForm({ userId }: { userId: number }) {
  const upload = useUploadCertificate(userId);
  const [state, setState] = useState('TX');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    if (!file) {
      setErrors({ file: m.chooseFile });
      return;
    }
    // The server refuses the same; said here before 10 MB travel.
    if (file.size > CERTIFICATE_MAX_BYTES) {
      setErrors({ file: m.tooLarge });
      return;
    }
    setErrors({});
    try {
      await upload.mutateAsync({ state, file });
      setNotice({ tone: 'success', text: m.uploaded });
      setFile(null);
      setFormKey((k) => k + 1);
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice({ tone: 'error', text: errorText(error, m.uploadFailed) });
    }
  }

  return (
    <>
      <form
        key={formKey}
        className="b-stack"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Upload a resale certificate"
      >
        <SelectField
          label={m.stateLabel}
          options={usStateOptions}
          value={state}
          error={errors['state']}
          onChange={(e) => setState(e.target.value)}
        />
        <FieldFrame label={m.fileLabel} error={errors['file']}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              aria-invalid={errors['file'] ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FieldFrame>
        <div>
          <Button type="submit" busy={upload.isPending}>
            {upload.isPending ? m.uploading : m.upload}
          </Button>
        </div>
      </form>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </>
  );
}

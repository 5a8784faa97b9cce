/**
 * The account page's "Resale certificate" section (issue 11.11; docs/decisions/0032): upload a certificate (PDF or
 * image) for a US state, and the list of the customer's certificates with their review status and any rejection
 * reason. Only an approved certificate for the ship-to state makes an enterprise order tax-exempt; the server
 * decides, the page only shows what it says.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { FieldFrame, SelectField } from '@bindery/ui/field';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import {
  CERTIFICATE_MAX_BYTES,
  type CertificateStatus,
  type ResaleCertificate,
} from '@bindery/contracts/store/resale-certificates';
import { usStateOptions } from '#features/checkout/lib/regions.ts';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { useMyCertificates, useUploadCertificate } from '../api/resale-certificates';

const m = messages.certificates;

const tones: Record<CertificateStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return <StatusBadge tone={tones[status]}>{m.statusLabels[status]}</StatusBadge>;
}

const stateName = (code: string) => usStateOptions.find((s) => s.value === code)?.label ?? code;

export function ResaleCertificateSection({ userId }: { userId: number }) {
  const list = useMyCertificates(userId);
  const upload = useUploadCertificate(userId);
  const [state, setState] = useState('TX');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  // The shop links here (/account-settings#resale-certificate): the router does not scroll to a hash itself.
  useEffect(() => {
    if (window.location.hash === '#resale-certificate')
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom (the tests' DOM) has no scrollIntoView
      document.getElementById('resale-certificate')?.scrollIntoView?.();
  }, []);

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

  const certificates = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Card className="b-stack" role="region" aria-labelledby="resale-certificate">
      <h2 id="resale-certificate">{m.heading}</h2>
      <p>{m.intro}</p>
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
      {list.isError ? (
        <Alert tone="error">{m.loadFailed}</Alert>
      ) : (
        <Table<ResaleCertificate>
          caption="Your resale certificates"
          captionHidden
          stacked
          rows={certificates}
          rowKey={(c) => String(c.id)}
          empty={list.isPending ? 'Loading...' : m.none}
          columns={[
            { key: 'state', header: 'State', cell: (c) => `${stateName(c.state)} (${c.state})` },
            { key: 'file', header: 'File', cell: (c) => c.file_name },
            {
              key: 'uploaded',
              header: 'Uploaded',
              cell: (c) => new Date(c.created_at).toLocaleDateString('en-US'),
            },
            { key: 'status', header: 'Status', cell: (c) => <CertificateStatusBadge status={c.status} /> },
            { key: 'reason', header: 'Reason', cell: (c) => c.reason ?? '' },
          ]}
        />
      )}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

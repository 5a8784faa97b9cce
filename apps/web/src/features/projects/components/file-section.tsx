/**
 * One file of a project's design page, in its card: the interior PDF or the cover, dropped or chosen, uploaded at
 * once (file-drop-zone.tsx). The printed book's page and the e Book's page both use it, so that the two pages
 * accept, explain and refuse files the same way; only their titles and hints differ.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@bindery/ui/card';
import type { SessionUser } from '@bindery/contracts/store/users';
import type { FileUpload } from '../hooks/use-file-upload';
import { COVER_ACCEPT, PDF_ACCEPT } from '../lib/file-checks';
import { FileDropZone } from './file-drop-zone';

export function FileSection({
  kind,
  title,
  label,
  intro,
  upload,
  hint,
  user,
  children,
}: {
  kind: 'interior' | 'cover';
  title: string;
  label: string;
  /** A line under the title, before the drop zone. */
  intro?: ReactNode;
  upload: FileUpload;
  hint: string;
  user: SessionUser | null;
  /** What follows the drop zone in the card (the page count of a printed book). */
  children?: ReactNode;
}) {
  // Uploads belong to an account (the server keeps them for their owner), so a guest is sent to log in first.
  const loginHint = user ? undefined : (
    <>
      Uploads belong to your account: <Link to="/login">log in</Link> first.
    </>
  );
  const kindProps =
    kind === 'interior'
      ? {
          what: 'your interior PDF',
          accept: PDF_ACCEPT,
          successDetail: upload.result?.page_count ? `${upload.result.page_count} pages` : undefined,
        }
      : { what: 'your cover', accept: COVER_ACCEPT, onRemove: upload.reset };
  return (
    <Card className="b-stack">
      <h2>{title}</h2>
      {intro}
      <FileDropZone label={label} upload={upload} hint={hint} disabledReason={loginHint} {...kindProps} />
      {children}
    </Card>
  );
}

/**
 * The design page of an e Book (docs/decisions/0034): nothing is printed, so there are no print
 * options, no quantity and no shipping estimate: the interior PDF, the cover (required: it is the book's face in
 * every reader) and the flat fee from the catalog (GET api/ebook/dropdowns/, what staff set in the E-Book editor).
 * 'Buy E-Book' submits the project like any other (upload-book → cart → /shop, where nothing is shipped).
 */
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { formatCents, parseDecimal, unitsToCents } from '@bindery/pricing/money';
import type { ProductDefinition } from '@bindery/pricing/products';
import { useOptions } from '#lib/catalog/get-options.ts';
import { formatUsd } from '@bindery/ui/format';
import { useFileUpload } from '../hooks/use-file-upload';
import { submissionErrorText, useSubmitProject } from '../hooks/use-submit-project';
import { checkCover, checkInteriorPdf } from '../lib/file-checks';
import type { ProjectData } from '../lib/project-data';
import { FileSection } from './file-section';
import { ProjectHeading } from './project-heading';
import { ProjectTabs } from './project-tabs';

const m = messages.projects;
export const ebookTexts = {
  needsCover: 'An e-book needs its cover: upload a cover image.',
  feeFailed: 'We could not load the e-book price. Please try again.',
  delivery:
    'E-books are delivered as files: there is nothing to print or ship. Once paid, you download your interior PDF and cover from the order page.',
} as const;

export function EbookDesign({
  data,
  project,
  product,
  user,
}: {
  data: ProjectData;
  project: Project | null;
  product: ProductDefinition;
  user: SessionUser | null;
}) {
  const pdf = useFileUpload('interior', checkInteriorPdf);
  const cover = useFileUpload('cover', checkCover);
  const options = useOptions(product);
  const submit = useSubmitProject(user);
  const [formError, setFormError] = useState<string | null>(null);
  // The catalog's price has four decimals ("9.9900"); the fee is charged in cents.
  const listed = options.data?.flat_fee?.[0]?.price;
  const fee = listed === undefined ? undefined : formatCents(unitsToCents(parseDecimal(listed)));

  const onBuy = () => {
    const upload = pdf.status === 'success' ? pdf.result : null;
    const coverId = cover.status === 'success' && cover.result ? cover.result.id : null;
    const problem = !upload ? m.uploadPdf : !coverId ? ebookTexts.needsCover : user ? null : m.mustBeLoggedIn;
    if (problem || !upload) {
      setFormError(problem);
      return;
    }
    setFormError(null);
    submit.submit(
      { data, pdf: upload, configuration: null, quantity: 1, coverUploadId: coverId },
      m.submitted,
      (error) => setFormError(submissionErrorText(error, m.submitError)),
    );
  };

  return (
    <div className="b-container b-stack">
      <ProjectTabs project={data} />
      <ProjectHeading data={data} />
      {project ? (
        <Alert tone="info">
          You are editing this project. Its current file is {project.pdf_file.file_name} ({project.page_count}{' '}
          pages): upload the PDF and the cover again to save your changes.
        </Alert>
      ) : null}
      <Alert tone="info">{ebookTexts.delivery}</Alert>

      <FileSection
        kind="interior"
        title="Interior file"
        label="Interior PDF"
        upload={pdf}
        hint="A PDF of 2 to 800 pages, up to 50 MB. This is the file your readers get."
        user={user}
      />

      <FileSection
        kind="cover"
        title="Cover"
        label="Cover image"
        upload={cover}
        hint="JPG, PNG or PDF, up to 50 MB. Required for an e-book."
        user={user}
      />

      <Card className="b-stack" aria-labelledby="ebook-price">
        <h2 id="ebook-price">Price</h2>
        {options.isPending ? (
          <Spinner label="Loading the e-book price..." />
        ) : fee === undefined ? (
          <Alert tone="error">{ebookTexts.feeFailed}</Alert>
        ) : (
          <p>
            <strong data-testid="ebook-fee">{formatUsd(fee)}</strong> per e-book, whatever its length. No
            shipping.
          </p>
        )}
      </Card>

      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="b-row">
        <Button variant="accent" busy={submit.isPending} onClick={onBuy}>
          Buy E-Book
        </Button>
      </div>
    </div>
  );
}

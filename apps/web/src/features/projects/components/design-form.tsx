/**
 * The form of a printed book's design page (design-project.tsx): the interior file and its page count, the print
 * options, the 'Quantity and Shipping Estimates' panel, an optional cover, then the two ways on. Its state and
 * actions are use-design-form.ts.
 */
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { hasCoverSpread } from '@bindery/pricing/cover';
import { Link } from 'react-router-dom';
import { coverSizePath } from '#lib/cover-size-path.ts';
import { parseQuantity } from '../hooks/use-design-quote';
import { useDesignForm } from '../hooks/use-design-form';
import type { ProjectData } from '../lib/project-data';
import type { InitialForm } from '../lib/starting-form';
import { EstimatesPanel } from './estimates-panel';
import { FileSection } from './file-section';
import { CoverPreflightView } from './cover-preflight-report';
import { PreflightReportView } from './preflight-report';
import { PrintOptions } from './print-options';
import { CoverPreview } from './cover-preview';
import { InteriorPreview } from './interior-preview';
import { usePreviewFile } from '../hooks/use-preview-file';
import { ProjectHeading } from './project-heading';
import { ProjectTabs } from './project-tabs';

export function DesignForm({
  data,
  project,
  user,
  initial,
}: {
  data: ProjectData;
  project: Project | null;
  user: SessionUser | null;
  initial: InitialForm;
}) {
  const form = useDesignForm(data, user, initial);
  const { product, pageCount } = form;
  // The preview of the uploaded files (ADR 0073); a finding's page link shows its page and scrolls to it.
  const pdfUpload = form.pdf.status === 'success' ? form.pdf.result : null;
  const pdfPreview = usePreviewFile(pdfUpload);
  const coverPreview = usePreviewFile(form.cover.status === 'success' ? form.cover.result : null);
  const [previewPage, setPreviewPage] = useState(1);
  const showPage = (page: number) => {
    setPreviewPage(page);
    document.getElementById('interior-preview')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="b-container b-stack">
      <ProjectTabs project={data} />
      <ProjectHeading data={data} />
      {project ? (
        <Alert tone="info">
          You are editing this project. It keeps its interior file {project.pdf_file.file_name} (
          {project.page_count} pages) unless you upload another.
        </Alert>
      ) : null}
      {initial.lostNote ? <Alert tone="warning">{initial.lostNote}</Alert> : null}

      <FileSection
        kind="interior"
        title="Interior file"
        label="Interior PDF"
        upload={form.pdf}
        hint="A PDF of 2 to 800 pages, up to 50 MB. We count the pages from the file."
        user={user}
      >
        {product && !product.hasPageCount ? null : (
          <TextField
            label="Page Count"
            name="page_count"
            readOnly
            value={pageCount ?? ''}
            placeholder="From your PDF"
            hint="Counted from your PDF by our server; upload another file to change it."
          />
        )}
        {form.preflight ? (
          <PreflightReportView
            report={form.preflight}
            trimChosen={!product?.hasTrimSizes || Boolean(form.cascade.choices.trim_size)}
            acknowledged={form.warningsAcknowledged}
            onAcknowledge={form.acknowledgeWarnings}
            onShowPage={showPage}
          />
        ) : null}
        {pdfUpload?.page_count ? (
          <InteriorPreview
            file={pdfPreview}
            pageCount={pdfUpload.page_count}
            report={form.preflight}
            facts={pdfUpload.pdf_facts}
            trim={form.previewTrim}
            page={previewPage}
            onPage={setPreviewPage}
          />
        ) : null}
      </FileSection>

      <Card className="b-stack">
        <h2>Print options</h2>
        <PrintOptions cascade={form.cascade} pageCount={pageCount} />
      </Card>

      <EstimatesPanel
        quantityText={form.quantityText}
        onQuantityChange={form.setQuantityText}
        quantityInvalid={parseQuantity(form.quantityText) === null}
        onCalculate={form.onCalculate}
        calculating={form.calculating}
        result={form.result}
        error={form.calcError}
        book={form.estimateBook}
      />

      <FileSection
        kind="cover"
        title="Cover (optional)"
        label="Cover design"
        intro={
          <>
            <p className="b-muted">
              Upload your own cover design, or let our cover design expert make one for you.
            </p>
            {product && hasCoverSpread(product) ? (
              <p>
                <Link
                  to={coverSizePath({
                    category: product.slug,
                    trimSizeId: form.cascade.choices.trim_size,
                    bindingId: form.cascade.choices.binding,
                    paperTypeId: form.cascade.choices.paper_type,
                    pageCount,
                  })}
                >
                  Cover size calculator and template for this book
                </Link>
              </p>
            ) : null}
          </>
        }
        upload={form.cover}
        hint="JPG, PNG or PDF, up to 50 MB."
        user={user}
      >
        <CoverPreflightView request={form.coverRequest} report={form.coverPreflight} />
        <CoverPreview file={coverPreview} request={form.coverRequest} />
      </FileSection>

      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      {form.preflightError && !form.formError ? (
        <Alert tone="warning">
          Print Your Book waits for an interior that passes the print check: upload another file or change the
          options (see Interior file).
        </Alert>
      ) : null}
      <div className="b-row">
        <Button
          variant="secondary"
          disabled={form.coverChosen}
          title={form.coverChosen ? 'You chose your own cover.' : undefined}
          onClick={form.onCoverExpert}
        >
          Contact Cover Design Expert
        </Button>
        <Button
          variant="accent"
          busy={form.submitting}
          disabled={form.preflightError !== null}
          title={form.preflightError === null ? undefined : 'Fix the print check’s errors first.'}
          onClick={form.onPrint}
        >
          Print Your Book
        </Button>
      </div>
    </div>
  );
}

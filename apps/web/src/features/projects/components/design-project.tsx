/**
 * /design-project (customer-journey.md §2, §4, §5, §8): the project data from /start-project (navigation state,
 * or `projectData` in local storage after a reload), the interior PDF uploaded at once with a progress bar (the
 * server's page count fills Page Count), the print options of the category (the catalog cascade shared with the
 * calculators; trim size and page count hidden for calendars), the 'Quantity and Shipping Estimates' panel, an
 * optional cover, then 'Contact Cover Design Expert' (→ /cover-expert, form saved as `designForm`) or 'Print Your
 * Book' (POST api/book/upload-book/ → the project goes into the cart → /shop).
 * @see docs/decisions/0015-customer-project-pages.md
 */
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import type { CalculateBody } from '@bindery/contracts/store/catalog';
import type { EstimateBook } from '@bindery/contracts/store/checkout';
import { ProjectCategory, ProjectLanguage, type Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName, type ProductDefinition } from '@bindery/pricing/products';
import { OptionCards } from '../../../components/catalog/option-cards';
import { OptionSelect } from '../../../components/catalog/option-select';
import { calculate } from '../../../lib/catalog/calculate';
import { availabilityErrorMessage } from '../../../lib/catalog/get-availability';
import { KIND_LABELS } from '../../../lib/catalog/kind-labels';
import { CARD_KINDS } from '../../../lib/catalog/option-looks';
import { toQuoteView, type QuoteView } from '../../../lib/catalog/quote-view';
import {
  chosenIds,
  choicesFromIds,
  missingKinds,
  useOptionCascade,
  type OptionCascade,
} from '../../../lib/catalog/use-option-cascade';
import { useProject } from '../api/get-project';
import { useFileUpload } from '../hooks/use-file-upload';
import { submissionErrorText, useSubmitProject } from '../hooks/use-submit-project';
import { checkCover, checkInteriorPdf, COVER_ACCEPT, PDF_ACCEPT } from '../lib/file-checks';
import {
  projectDataFrom,
  readDesignForm,
  saveDesignForm,
  saveProjectData,
  type ProjectData,
} from '../lib/project-data';
import { EstimatesPanel } from './estimates-panel';
import { FileDropZone } from './file-drop-zone';
import { ProjectTabs } from './project-tabs';
import '../projects.css';

const m = messages.projects;

/** What the cover expert page and the submission need to know about the category and language as chosen. */
function categoryAndLanguageValid(data: ProjectData): boolean {
  return (
    ProjectCategory.safeParse(data.category).success &&
    (!data.language || ProjectLanguage.safeParse(data.language).success)
  );
}

function parseQuantity(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

export function DesignProject({ user }: { user: SessionUser | null }) {
  const location = useLocation();
  const [saved] = useState(() => {
    const found = projectDataFrom(location.state);
    // Kept so that a reload, or the Designs tab, finds the project again.
    if (found.status === 'ok') saveProjectData(found.data);
    return found;
  });
  const projectId = saved.status === 'ok' ? (saved.data.projectId ?? null) : null;
  const project = useProject(user ? projectId : null);

  if (saved.status !== 'ok') {
    return (
      <div className="b-container b-stack">
        <ProjectTabs />
        <Alert tone="error">{saved.status === 'corrupt' ? m.savedDataCorrupt : m.missingProjectData}</Alert>
        <p>
          <Link to="/start-project">Start your project</Link>
        </p>
      </div>
    );
  }
  if (projectId !== null && user && project.isPending) return <Spinner label="Loading your project..." />;
  if (projectId !== null && project.isError) {
    return (
      <div className="b-container b-stack">
        <ProjectTabs />
        <Alert tone="error">
          {project.error instanceof ApiError && project.error.body
            ? project.error.body.error
            : 'We could not load this project.'}
        </Alert>
      </div>
    );
  }
  return <DesignForm data={saved.data} project={project.data ?? null} user={user} />;
}

function initialIds(product: ProductDefinition | undefined, data: ProjectData, project: Project | null) {
  const form = readDesignForm();
  if (form.status === 'ok' && form.data.category === data.category) return form.data;
  return project
    ? {
        ids: (project.configuration ?? {}) as Record<string, number>,
        quantity: project.quantity,
        pdf_upload: null,
        page_count: project.page_count,
      }
    : { ids: {}, quantity: 1, pdf_upload: null, page_count: null, category: product?.name ?? data.category };
}

function DesignForm({
  data,
  project,
  user,
}: {
  data: ProjectData;
  project: Project | null;
  user: SessionUser | null;
}) {
  const navigate = useNavigate();
  const product = productByName(data.category);
  const [initial] = useState(() => initialIds(product, data, project));
  const pdf = useFileUpload('interior', checkInteriorPdf, initial.pdf_upload);
  const cover = useFileUpload('cover', checkCover);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const [result, setResult] = useState<QuoteView | null>(null);
  const [calcError, setCalcError] = useState<ReactNode>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const calc = useMutation({
    mutationFn: (body: CalculateBody) => calculate(product as ProductDefinition, body),
  });
  const submit = useSubmitProject(user);

  /** Changing any field except the quantity clears the price (customer-journey.md §4). */
  const clearResult = () => {
    setResult(null);
    setCalcError(null);
    setFormError(null);
    calc.reset();
  };
  // The page count is the PDF's, as the server counted it; an edited project keeps its own until a new upload.
  const pageCount = pdf.result?.page_count ?? (pdf.status === 'idle' ? (project?.page_count ?? null) : null);
  const cascade = useOptionCascade(product, product?.hasPageCount ? pageCount : null, {
    initialChoices: choicesFromIds(product, initial.ids),
    onInvalidate: clearResult,
  });
  const startPdf = (file: File) => {
    clearResult();
    return pdf.start(file);
  };

  const onCalculate = () => {
    setCalcError(null);
    if (!product) {
      setCalcError(messages.calculators.notAvailableForCategory);
      return;
    }
    const quantity = parseQuantity(quantityText);
    const missing = missingKinds(cascade).map((k) => KIND_LABELS[k]);
    if (product.hasPageCount && pageCount === null) missing.push('Page Count');
    if (quantity === null) missing.push('Quantity');
    if (missing.length > 0 || quantity === null) {
      setCalcError(`${m.fillRequiredFields} ${missing.join(', ')}`);
      return;
    }
    const body: CalculateBody = { ...chosenIds(cascade), quantity };
    if (product.hasPageCount && pageCount !== null) body['page_count'] = pageCount;
    calc.mutate(body, {
      onSuccess: (quote) => setResult(toQuoteView(quote)),
      onError: (error) =>
        setCalcError(
          error instanceof ApiError && error.body && error.status < 500
            ? error.body.error
            : messages.calculators.calculateFailed,
        ),
    });
  };

  /** The configuration checks both buttons share; returns the spec's message for the first problem. */
  const configurationProblem = (): string | null => {
    if (product && missingKinds(cascade).length > 0) return m.completeConfiguration;
    if (!categoryAndLanguageValid(data)) return m.validCategoryLanguage;
    return null;
  };

  const onPrint = () => {
    const upload = pdf.status === 'success' ? pdf.result : null;
    const problem = !upload ? m.uploadPdf : (configurationProblem() ?? (user ? null : m.mustBeLoggedIn));
    const quantity = parseQuantity(quantityText);
    if (problem || !upload) {
      setFormError(problem);
      return;
    }
    if (quantity === null) {
      setFormError('Enter a quantity of 1 or more.');
      return;
    }
    setFormError(null);
    submit.submit(
      {
        data,
        pdf: upload,
        configuration: product ? chosenIds(cascade) : null,
        quantity,
        coverUploadId: cover.status === 'success' && cover.result ? cover.result.id : null,
      },
      m.submitted,
      (error) => setFormError(submissionErrorText(error, m.submitError)),
    );
  };

  const onCoverExpert = () => {
    const problem = configurationProblem();
    if (problem) {
      setFormError(problem);
      return;
    }
    saveProjectData(data);
    saveDesignForm({
      category: data.category,
      ids: chosenIds(cascade),
      page_count: pageCount,
      quantity: parseQuantity(quantityText) ?? 1,
      pdf_upload: pdf.status === 'success' ? pdf.result : null,
    });
    navigate('/cover-expert');
  };

  // What the shipping estimate weighs: the book as checkout will, once every required option and the PDF are known.
  const estimateBook: EstimateBook | null =
    product && pageCount !== null && missingKinds(cascade).length === 0
      ? {
          category: data.category as EstimateBook['category'],
          configuration: chosenIds(cascade) as EstimateBook['configuration'],
          page_count: pageCount,
        }
      : null;

  // A cover being uploaded or uploaded; a refused one is no cover, so the expert stays available (issue 13.8).
  const coverChosen = cover.status === 'uploading' || cover.status === 'success';
  const loginHint = user ? undefined : (
    <>
      Uploads belong to your account: <Link to="/login">log in</Link> first.
    </>
  );

  return (
    <div className="b-container b-stack">
      <ProjectTabs project={data} />
      <div>
        <h1>Design Your Project</h1>
        <p className="b-lead">
          <strong>{data.projectTitle || m.untitled}</strong> · {data.category}
          {data.language ? ` · ${data.language.charAt(0).toUpperCase()}${data.language.slice(1)}` : ''} ·{' '}
          {/* The project goes along, so that changing the title of an edit keeps it an edit. */}
          <Link to="/start-project" state={data}>
            Change
          </Link>
        </p>
      </div>
      {project ? (
        <Alert tone="info">
          You are editing this project. Its current file is {project.pdf_file.file_name} ({project.page_count}{' '}
          pages): upload the PDF again to save your changes.
        </Alert>
      ) : null}

      <Card className="b-stack">
        <h2>Interior file</h2>
        <FileDropZone
          label="Interior PDF"
          what="your interior PDF"
          accept={PDF_ACCEPT}
          upload={{ ...pdf, start: startPdf }}
          hint="A PDF of 2 to 800 pages, up to 50 MB. We count the pages from the file."
          disabledReason={loginHint}
          successDetail={pdf.result?.page_count ? `${pdf.result.page_count} pages` : undefined}
        />
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
      </Card>

      <Card className="b-stack">
        <h2>Print options</h2>
        <PrintOptions cascade={cascade} pageCount={pageCount} />
      </Card>

      <EstimatesPanel
        quantityText={quantityText}
        onQuantityChange={setQuantityText}
        quantityInvalid={parseQuantity(quantityText) === null}
        onCalculate={onCalculate}
        calculating={calc.isPending}
        result={result}
        error={calcError}
        book={estimateBook}
      />

      <Card className="b-stack">
        <h2>Cover (optional)</h2>
        <p className="b-muted">
          Upload your own cover design, or let our cover design expert make one for you.
        </p>
        <FileDropZone
          label="Cover design"
          what="your cover"
          accept={COVER_ACCEPT}
          upload={cover}
          hint="JPG, PNG or PDF, up to 50 MB."
          disabledReason={loginHint}
          onRemove={cover.reset}
        />
      </Card>

      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="b-row">
        <Button
          variant="secondary"
          disabled={coverChosen}
          title={coverChosen ? 'You chose your own cover.' : undefined}
          onClick={onCoverExpert}
        >
          Contact Cover Design Expert
        </Button>
        <Button variant="accent" busy={submit.isPending} onClick={onPrint}>
          Print Your Book
        </Button>
      </div>
    </div>
  );
}

function PrintOptions({ cascade, pageCount }: { cascade: OptionCascade; pageCount: number | null }) {
  const { product, options } = cascade;
  if (!product) return <p>e Books are delivered as files: there are no print options to choose.</p>;
  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;
  const gatedHint = 'Choose a trim size and upload your PDF first.';
  // Binding, interior color, paper and cover finish are image cards (customer-journey.md §2); the trim size and a
  // photo book's or thesis's extras stay selects, whose long lists cards would only make harder to scan.
  const selects = cascade.kinds.filter((d) => !CARD_KINDS.includes(d.kind));
  const cards = cascade.kinds.filter((d) => CARD_KINDS.includes(d.kind));
  const trim = selects.find((d) => d.kind === 'trim_size');
  const extras = selects.filter((d) => d.kind !== 'trim_size');
  return (
    <>
      {cascade.resetNote ? <Alert tone="warning">{cascade.resetNote}</Alert> : null}
      {trim ? (
        <div className="p-fields">
          <OptionSelect cascade={cascade} kind="trim_size" required={trim.required} gatedHint={gatedHint} />
        </div>
      ) : null}
      {cards.map((d) => (
        <OptionCards
          key={d.kind}
          cascade={cascade}
          kind={d.kind}
          required={d.required}
          pageCount={pageCount}
          gatedHint={gatedHint}
        />
      ))}
      {extras.length > 0 ? (
        <div className="p-fields">
          {extras.map((d) => (
            <OptionSelect
              key={d.kind}
              cascade={cascade}
              kind={d.kind}
              required={d.required}
              gatedHint={gatedHint}
            />
          ))}
        </div>
      ) : null}
      {cascade.availabilityQuery && cascade.availability.isError ? (
        <Alert tone="error">{availabilityErrorMessage(product)}</Alert>
      ) : null}
    </>
  );
}

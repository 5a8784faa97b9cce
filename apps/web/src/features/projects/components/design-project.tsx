/**
 * /design-project (docs/spec/customer-journey.md §2, §4, §5, §8): the project data from /start-project (navigation state,
 * or `projectData` in local storage after a reload), the interior PDF uploaded at once with a progress bar (the
 * server's page count fills Page Count), the print options of the category (the catalog cascade shared with the
 * calculators; trim size and page count hidden for calendars), the 'Quantity and Shipping Estimates' panel, an
 * optional cover, then 'Contact Cover Design Expert' (→ /cover-expert, form saved as `designForm`) or 'Print Your
 * Book' (POST api/book/upload-book/ → the project goes into the cart → /shop). An e Book gets its own page
 * (ebook-design.tsx: PDF, cover, flat fee).
 * @see docs/decisions/0015-customer-project-pages.md
 */
import { useEffect, useState, type ReactNode } from 'react';
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
import {
  ProjectCategory,
  ProjectLanguage,
  type Project,
  type UploadedFile,
} from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName, type ProductDefinition } from '@bindery/pricing/products';
import { OptionCards } from '#components/catalog/option-cards.tsx';
import { OptionSelect } from '#components/catalog/option-select.tsx';
import { calculate } from '#lib/catalog/calculate.ts';
import { availabilityErrorMessage } from '#lib/catalog/get-availability.ts';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { CARD_KINDS } from '#lib/catalog/option-looks.ts';
import { toQuoteView, type QuoteView } from '#lib/catalog/quote-view.ts';
import {
  chosenIds,
  choicesFromIds,
  missingKinds,
  useOptionCascade,
  type OptionCascade,
} from '#lib/catalog/use-option-cascade.ts';
import { useProject } from '../api/get-project';
import { useUpload } from '../api/get-upload';
import { useFileUpload } from '../hooks/use-file-upload';
import { submissionErrorText, useSubmitProject } from '../hooks/use-submit-project';
import { checkCover, checkInteriorPdf, COVER_ACCEPT, PDF_ACCEPT } from '../lib/file-checks';
import {
  projectDataFrom,
  readDesignForm,
  saveDesignForm,
  saveDesignFormText,
  saveProjectData,
  type DesignForm as DesignFormData,
  type ProjectData,
} from '../lib/project-data';
import { EbookDesign } from './ebook-design';
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

/** A restored draft whose file the server no longer has for this account (not in the spec: docs/decisions/0038). */
const filesLostText = (what: string) =>
  `Your uploaded ${what} is no longer available (files not used in a project are kept for 24 hours). Please upload it again.`;

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
  const [draft] = useState(readDesignForm);
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
  const product = productByName(saved.data.category);
  // An e Book has no print options, quantity or shipping: its own, shorter page (docs/decisions/0034).
  if (product?.digital) {
    return <EbookDesign data={saved.data} project={project.data ?? null} product={product} user={user} />;
  }
  const start = startingForm(
    saved.data,
    project.data ?? null,
    user,
    draft.status === 'ok' ? draft.data : null,
  );
  return <RestoreFiles data={saved.data} project={project.data ?? null} user={user} start={start} />;
}

/** Where the form starts, before its files are checked again with the server. */
interface StartingForm {
  ids: Record<string, number>;
  quantity: number;
  pdfId: string | null;
  coverId: string | null;
}

/**
 * The draft this browser kept for this project (a reload, Back from the shop, Resume, the cover expert's return),
 * else the edited project as stored, else a blank form. A draft counts only for the same account, category and
 * project: another project's choices, or another customer's, never fill this one (docs/decisions/0038).
 */
function startingForm(
  data: ProjectData,
  project: Project | null,
  user: SessionUser | null,
  draft: DesignFormData | null,
): StartingForm {
  const ours =
    draft !== null &&
    draft.category === data.category &&
    (draft.project_id ?? null) === (data.projectId ?? null) &&
    (draft.user_id === undefined || draft.user_id === user?.id);
  if (ours) {
    return {
      ids: draft.ids,
      quantity: draft.quantity,
      pdfId: draft.pdf_upload?.id ?? null,
      coverId: draft.cover_upload?.id ?? null,
    };
  }
  if (project) {
    // An edit keeps the project's files unless others are chosen (issue 13.8).
    return {
      ids: project.configuration ?? {},
      quantity: project.quantity,
      pdfId: project.pdf_upload_id,
      coverId: project.cover_upload_id,
    };
  }
  return { ids: {}, quantity: 1, pdfId: null, coverId: null };
}

/**
 * Asks the server for the draft's files again before the form shows them: only the customer's own, still usable
 * uploads come back, with the server's name and page count. A file that did not (expired, swept) is said so.
 */
function RestoreFiles({
  data,
  project,
  user,
  start,
}: {
  data: ProjectData;
  project: Project | null;
  user: SessionUser | null;
  start: StartingForm;
}) {
  const pdf = useUpload(user ? start.pdfId : null);
  const cover = useUpload(user ? start.coverId : null);
  if (pdf.isLoading || cover.isLoading) return <Spinner label="Loading your project..." />;
  const lost = [pdf.isError ? 'PDF' : null, cover.isError ? 'cover' : null].filter((w) => w !== null);
  return (
    <DesignForm
      data={data}
      project={project}
      user={user}
      initial={{
        ids: start.ids,
        quantity: start.quantity,
        pdf: pdf.data ?? null,
        cover: cover.data ?? null,
        lostNote: lost.length > 0 ? filesLostText(lost.join(' and ')) : null,
      }}
    />
  );
}

interface InitialForm {
  ids: Record<string, number>;
  quantity: number;
  pdf: UploadedFile | null;
  cover: UploadedFile | null;
  lostNote: string | null;
}

function DesignForm({
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
  const navigate = useNavigate();
  const product = productByName(data.category);
  const pdf = useFileUpload('interior', checkInteriorPdf, initial.pdf);
  const cover = useFileUpload('cover', checkCover, initial.cover);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const [result, setResult] = useState<QuoteView | null>(null);
  const [calcError, setCalcError] = useState<ReactNode>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const calc = useMutation({
    mutationFn: (body: CalculateBody) => calculate(product as ProductDefinition, body),
  });
  const submit = useSubmitProject(user);

  /** Changing any field except the quantity clears the price (docs/spec/customer-journey.md §4). */
  const clearResult = () => {
    setResult(null);
    setCalcError(null);
    setFormError(null);
    calc.reset();
  };
  // The page count is the PDF's, as the server counted it (an edited project's own file included).
  const pageCount = pdf.result?.page_count ?? null;
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
      // Back from the shop comes to this page filled, as an edit of the project just made: never a second copy.
      { keepAsEdit: true },
    );
  };

  // The form as it stands, kept as it changes: a reload, Back from the shop or the dashboard's Resume finds it.
  const form: DesignFormData = {
    category: data.category,
    ids: chosenIds(cascade),
    page_count: pageCount,
    quantity: parseQuantity(quantityText) ?? 1,
    pdf_upload: pdf.status === 'success' ? pdf.result : null,
    cover_upload: cover.status === 'success' ? cover.result : null,
    ...(user ? { user_id: user.id } : {}),
    ...(data.projectId ? { project_id: data.projectId } : {}),
  };
  const formText = JSON.stringify(form);
  useEffect(() => saveDesignFormText(formText), [formText]);

  const onCoverExpert = () => {
    const problem = configurationProblem();
    if (problem) {
      setFormError(problem);
      return;
    }
    saveProjectData(data);
    saveDesignForm(form);
    void navigate('/cover-expert');
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
          You are editing this project. It keeps its interior file {project.pdf_file.file_name} (
          {project.page_count} pages) unless you upload another.
        </Alert>
      ) : null}
      {initial.lostNote ? <Alert tone="warning">{initial.lostNote}</Alert> : null}

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
  if (!product) return <p>{messages.calculators.notAvailableForCategory}</p>;
  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;
  const gatedHint = 'Choose a trim size and upload your PDF first.';
  // Binding, interior color, paper and cover finish are image cards (docs/spec/customer-journey.md §2); the trim size and a
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

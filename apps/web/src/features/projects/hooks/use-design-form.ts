/**
 * The state and the actions of a printed book's design form (design-form.tsx): its two uploads, the option
 * cascade, the quantity, the price asked of the server, the checks both buttons share, 'Print Your Book', the
 * way to the cover expert, and the draft kept in local storage as the form changes.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';
import type { EstimateBook } from '@bindery/contracts/store/checkout';
import { ProjectCategory, ProjectLanguage } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName } from '@bindery/pricing/products';
import {
  chosenIds,
  choicesFromIds,
  missingKinds,
  useOptionCascade,
} from '#lib/catalog/use-option-cascade.ts';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { checkCover, checkInteriorPdf } from '../lib/file-checks';
import { chosenTrim, designPreflight } from '../lib/preflight';
import { coverRequestOf, useCoverPreflight } from './use-cover-preflight';
import {
  saveDesignForm,
  saveDesignFormText,
  saveProjectData,
  type DesignForm as DesignFormData,
  type ProjectData,
} from '../lib/project-data';
import type { InitialForm } from '../lib/starting-form';
import { parseQuantity, useDesignQuote } from './use-design-quote';
import { useFileUpload } from './use-file-upload';
import { submissionErrorText, useSubmitProject } from './use-submit-project';

const m = messages.projects;

/** What the cover expert page and the submission need to know about the category and language as chosen. */
function categoryAndLanguageValid(data: ProjectData): boolean {
  return (
    ProjectCategory.safeParse(data.category).success &&
    (!data.language || ProjectLanguage.safeParse(data.language).success)
  );
}

export function useDesignForm(data: ProjectData, user: SessionUser | null, initial: InitialForm) {
  const navigate = useNavigate();
  const product = productByName(data.category);
  const pdf = useFileUpload('interior', checkInteriorPdf, initial.pdf);
  const cover = useFileUpload('cover', checkCover, initial.cover);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const quote = useDesignQuote(product);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitProject(user);

  /** Changing any field except the quantity clears the price (docs/spec/customer-journey.md §4). */
  const clearResult = () => {
    quote.clear();
    setFormError(null);
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

  // The print check of the uploaded interior against the chosen trim, as upload-book checks it (ADR 0060).
  const chosenItem = (kind: 'interior_color' | 'binding') =>
    cascade.options.data?.[kind]?.find((i) => String(i.id) === cascade.choices[kind]);
  const preflight = designPreflight(
    pdf.status === 'success' ? pdf.result?.pdf_facts : null,
    cascade.options.data?.trim_size,
    cascade.choices.trim_size,
    { interiorColour: chosenItem('interior_color'), binding: chosenItem('binding') },
  );
  // The cover against the full cover of the book as chosen (ADR 0069): its errors stop the book too.
  const coverRequest = coverRequestOf(product, cascade.choices, pageCount);
  const coverPreflight = useCoverPreflight(coverRequest, cover.status === 'success' ? cover.result : null);
  // Warnings are reviewed once, for these very warnings: a new file or option that changes them asks again.
  const [acknowledgedKey, setAcknowledgedKey] = useState<string | null>(null);
  const warningsKey = preflight?.status === 'warning' ? (preflight.warnings_key ?? null) : null;
  const warningsAcknowledged = warningsKey !== null && acknowledgedKey === warningsKey;
  const preflightError =
    [...(preflight?.checks ?? []), ...(coverPreflight?.checks ?? [])].find((c) => c.status === 'error')
      ?.message ?? null;

  /** The configuration checks both buttons share; returns the spec's message for the first problem. */
  const configurationProblem = (): string | null => {
    // Names what is still to choose (docs/decisions/0059), in the order of the form.
    const missing = product ? missingKinds(cascade) : [];
    if (missing.length > 0) return m.completeConfigurationNaming(missing.map((k) => KIND_LABELS[k]));
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
    if (preflightError) {
      setFormError(preflightError);
      return;
    }
    if (warningsKey !== null && !warningsAcknowledged) {
      setFormError('Read the print check’s warnings and tick “I have reviewed these warnings” first.');
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
        preflightAcknowledged: warningsAcknowledged ? warningsKey : null,
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

  // A cover being uploaded or uploaded; a refused one is no cover, so the expert stays available.
  const coverChosen = cover.status === 'uploading' || cover.status === 'success';
  return {
    product,
    pdf: { ...pdf, start: startPdf },
    cover,
    cascade,
    pageCount,
    quantityText,
    setQuantityText,
    result: quote.result,
    calcError: quote.error,
    calculating: quote.calculating,
    onCalculate: () => quote.onCalculate(cascade, pageCount, quantityText),
    formError,
    submitting: submit.isPending,
    estimateBook,
    coverChosen,
    preflight,
    /** The chosen trim the preview draws its guides for (ADR 0073). */
    previewTrim: chosenTrim(cascade.options.data?.trim_size, cascade.choices.trim_size),
    coverRequest,
    coverPreflight,
    preflightError,
    warningsAcknowledged,
    acknowledgeWarnings: (yes: boolean) => setAcknowledgedKey(yes ? warningsKey : null),
    onPrint,
    onCoverExpert,
  };
}

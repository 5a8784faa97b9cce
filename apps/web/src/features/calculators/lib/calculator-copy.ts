/**
 * Storefront copy per category: carousel order and tile texts, page titles where the spec gives none, and the
 * validation message each calculator shows (the spec keeps the comic book's own wording). Data only: the form
 * itself is generic over @bindery/pricing's product definitions.
 */
import { messages } from '@bindery/contracts/messages';
import { PRODUCTS, type CategorySlug, type ProductDefinition } from '@bindery/pricing/products';

/** The spec's carousel order (docs/spec/calculators-account-admin.md §2). */
export const CAROUSEL_ORDER: readonly CategorySlug[] = [
  'calculator',
  'comicbook',
  'pricing',
  'yearbook',
  'calender',
  'magazine',
  'photobook',
];

interface Copy {
  tile: string;
  blurb: string;
  invalidForm: string;
}

export const CALCULATOR_COPY: Readonly<Record<CategorySlug, Copy>> = {
  calculator: {
    tile: 'Print Book',
    blurb: 'Paperback or hardcover',
    invalidForm: messages.calculators.fillAllRequired,
  },
  comicbook: {
    tile: 'Comic Book',
    blurb: 'Full-color comics',
    invalidForm: messages.calculators.fillAllCorrectly,
  },
  pricing: {
    tile: 'Thesis Binding',
    blurb: 'Bound theses and dissertations',
    invalidForm: messages.calculators.fillAllRequired,
  },
  yearbook: {
    tile: 'Yearbook',
    blurb: 'School and club yearbooks',
    invalidForm: messages.calculators.fillAllRequired,
  },
  calender: {
    tile: 'Calendar',
    blurb: 'Wire-O wall calendars',
    invalidForm: messages.calculators.fillAllRequired,
  },
  magazine: {
    tile: 'Magazine',
    blurb: 'Glossy short runs',
    invalidForm: messages.calculators.fillAllRequired,
  },
  photobook: {
    tile: 'Photo Book',
    blurb: 'Premium photo books',
    invalidForm: messages.calculators.fillAllRequired,
  },
  // Not in the carousel: an e-book has one flat fee and no calculator (docs/decisions/0034).
  ebook: {
    tile: 'E-Book',
    blurb: 'Your files, ready to download',
    invalidForm: messages.calculators.fillAllRequired,
  },
};

export const pageTitle = (product: ProductDefinition) => product.calculatorTitle ?? `${product.name} Pricing`;

/** The route param of /calculator/:slug → its product (thesis lives at /pricing-calculator). */
export function productForCalculatorPath(path: string): ProductDefinition | undefined {
  return Object.values(PRODUCTS).find((p) => p.calculatorPath === path);
}

/**
 * What differs between the price editors beyond the product data (§2 "Price editors"): whether sections
 * are searchable, whether summary cards head the page, and the editor's texts (messages.admin.priceEditors).
 * Everything else (title, sections, labels, price fields, update paths) comes from the product definition.
 */
import { trimByName, trimLabel } from '@bindery/pricing/trim-sizes';
import { messages } from '@bindery/contracts/messages';
import { PRODUCT_LIST, type CategorySlug, type ProductDefinition } from '@bindery/pricing/products';

export interface EditorSettings {
  /** Each section has its own clearable search (comic, calendar, photo book). */
  readonly searchable: boolean;
  /** Cards counting each section's items (comic). */
  readonly summaryCards: boolean;
  readonly texts: { loading: string; loadFailed: string; saved: string; saveFailed: string };
}

const SEARCH_AND_CARDS = { searchable: true, summaryCards: true } as const;
const SEARCH = { searchable: true, summaryCards: false } as const;
const PLAIN = { searchable: false, summaryCards: false } as const;

const SETTINGS: Readonly<Record<CategorySlug, Omit<EditorSettings, 'texts'>>> = {
  comicbook: SEARCH_AND_CARDS,
  calender: SEARCH,
  photobook: SEARCH,
  calculator: PLAIN,
  yearbook: PLAIN,
  magazine: PLAIN,
  pricing: PLAIN,
  ebook: PLAIN,
};

const TEXTS: Readonly<Record<CategorySlug, EditorSettings['texts']>> = messages.admin.priceEditors;

export const editorSettings = (product: ProductDefinition): EditorSettings => ({
  ...SETTINGS[product.slug],
  texts: TEXTS[product.slug],
});

/** The product whose editor lives at /admin/books/{book}/edit, or undefined. */
export const productByEditorPath = (book: string | undefined) =>
  PRODUCT_LIST.find((p) => p.editorPath === `/admin/books/${book ?? ''}/edit`);

/**
 * 'Perfect Bound (US Trade — 6 × 9 in)': binding rows of one name exist once per trim size where prices are per
 * trim; a trim size row shows its dimensions ('US Trade — 6 × 9 in', ADR 0058).
 */
export const rowLabel = (item: {
  name: string;
  dimensions?: string | null;
  trim_size_name?: string | null;
}) => (item.trim_size_name ? `${item.name} (${trimNameLabel(item.trim_size_name)})` : trimLabel(item));

/** A trim named by a binding row, with the catalog's dimensions for it. */
export const trimNameLabel = (name: string) => trimLabel({ name, dimensions: trimByName(name)?.dimensions });

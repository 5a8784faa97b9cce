/**
 * The cover of a book chosen by catalog ids (GET api/cover-dimensions/ and api/cover-template/): the trim size,
 * binding and paper type are read from the server's own price list, checked as a quote checks them (the item
 * exists in the category, the binding is offered on the trim, the page count is in the binding's range), and the
 * spread is computed by @bindery/pricing/cover. Plain functions on a PriceList: no Fastify, no query of their own
 * (docs/decisions/0018, 0055). A refusal is a DomainError `invalid` naming the query field.
 */
import {
  toCoverLengths,
  type CoverDimensionsResponse,
  type CoverLengths,
  type CoverQuery,
} from '@bindery/contracts/store/cover';
import { bindingProblem, pageCountProblem, type BindingStyle } from '@bindery/pricing/bindings';
import { unknownItemMessage } from '@bindery/pricing/configuration';
import {
  COVER_PRODUCTS,
  coverGeometry,
  coverLengths,
  SPINE_TEXT_MIN_PAGES,
  type CoverGeometry,
  type LengthUnit,
} from '@bindery/pricing/cover';
import { DEFAULT_PAPER_STOCK, paperStockByName } from '@bindery/pricing/physical';
import { productBySlug, type CategorySlug, type OptionKind } from '@bindery/pricing/products';
import { isTrimCode, TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import { DomainError } from '#lib/domain-error.js';
import type { ItemRecord } from '../catalog/catalog-cache.js';
import type { PriceList } from '../catalog/catalog.service.js';

/** Categories whose books have a printed cover spread (@bindery/pricing/cover). */
const COVER_CATEGORIES: readonly CategorySlug[] = COVER_PRODUCTS.map((p) => p.slug);

/** The book a cover is for, as the server's catalog has it, and its geometry in µm. */
export interface CoverBook {
  readonly category: CategorySlug;
  readonly trim: ItemRecord;
  readonly binding: ItemRecord & { readonly bindingStyle: BindingStyle };
  readonly paper: ItemRecord;
  readonly pageCount: number;
  readonly geometry: CoverGeometry;
}

const refuse = (field: string, message: string) =>
  new DomainError('invalid', message, {
    code: 'INVALID_CONFIGURATION',
    fields: [{ path: `querystring.${field}`, message }],
  });

/** Reads the chosen book from the price list and computes its cover, or refuses with the field at fault. */
export function coverFor(list: PriceList, query: CoverQuery): CoverBook {
  const slug = query.category ?? 'calculator';
  const product = productBySlug(slug);
  if (!product || !COVER_CATEGORIES.includes(product.slug)) {
    const names = COVER_CATEGORIES.join(', ');
    throw refuse('category', `Cover sizes are computed for the categories ${names}, not "${slug}".`);
  }
  const catalog = list.category(product.slug);
  const item = (kind: OptionKind, id: number): ItemRecord => {
    const def = product.kinds.find((d) => d.kind === kind);
    const found = catalog.byId.get(id);
    if (!def) throw new Error(`${product.slug} lists no ${kind}`);
    if (found?.kind !== kind) throw refuse(def.bodyField, unknownItemMessage(product, def, id));
    return found;
  };
  const trim = item('trim_size', query.trim_size_id);
  const binding = item('binding', query.binding_id);
  const paper = item('paper_type', query.paper_type_id);
  const style = binding.bindingStyle;
  if (style === null) throw refuse('binding_id', `${binding.name} has no cover spread.`);
  if (product.bindingPricesPerTrimSize && binding.trimSizeId !== trim.id) {
    throw refuse(
      'binding_id',
      `${binding.name} (binding_id ${binding.id}) is not offered for trim size ${trim.name}.`,
    );
  }
  const pages = pageCountProblem(query.page_count);
  if (pages !== null) throw refuse('page_count', pages);
  const range = bindingProblem({
    style,
    bindingName: binding.name,
    trimCode: trim.code,
    trimName: trim.name,
    pageCount: query.page_count,
  });
  if (range !== null) throw refuse('page_count', range);

  const exact = trim.code !== null && isTrimCode(trim.code) ? TRIM_SIZES[trim.code] : undefined;
  const trimUm = exact ?? {
    widthUm: Math.round((trim.widthMm ?? 0) * 1000),
    heightUm: Math.round((trim.heightMm ?? 0) * 1000),
  };
  if (trimUm.widthUm <= 0 || trimUm.heightUm <= 0) throw new Error(`Trim size ${trim.id} has no dimensions`);
  const geometry = coverGeometry({
    style,
    trim: trimUm,
    pageCount: query.page_count,
    paper: paperStockByName(paper.name) ?? DEFAULT_PAPER_STOCK,
  });
  return {
    category: product.slug,
    trim,
    binding: { ...binding, bindingStyle: style },
    paper,
    pageCount: query.page_count,
    geometry,
  };
}

function lengthsIn(geometry: CoverGeometry, unit: LengthUnit): CoverLengths {
  return toCoverLengths(coverLengths(geometry, unit));
}

/** The contract's answer: the book as the catalog names it and its cover in inches, millimetres and points. */
export function coverDimensions(book: CoverBook): CoverDimensionsResponse {
  const { trim, binding, paper, geometry } = book;
  return {
    category: book.category,
    trim_size: {
      id: trim.id,
      name: trim.name,
      dimensions: trim.dimensions ?? '',
      width_mm: trim.widthMm ?? 0,
      height_mm: trim.heightMm ?? 0,
    },
    binding: { id: binding.id, name: binding.name, binding_style: binding.bindingStyle },
    paper_type: { id: paper.id, name: paper.name, pages_per_inch: geometry.paper.pagesPerInch },
    page_count: book.pageCount,
    printed_page_count: geometry.printedPageCount,
    spine_text_allowed: geometry.spineTextAllowed,
    spine_text_min_pages: SPINE_TEXT_MIN_PAGES,
    inches: lengthsIn(geometry, 'in'),
    millimetres: lengthsIn(geometry, 'mm'),
    points: lengthsIn(geometry, 'pt'),
  };
}

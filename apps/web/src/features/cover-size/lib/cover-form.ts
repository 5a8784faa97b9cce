/**
 * The cover size calculator's form as the address holds it (/cover-size?category=&trim_size_id=&binding_id=
 * &paper_type_id=&page_count=): read into the form's fields, checked, and turned into the request the server
 * answers. The address is the form's memory, so a link from a product or the design page opens a chosen book.
 */
import { COVER_PRODUCTS } from '@bindery/pricing/cover';
import { PAGE_COUNT_LIMITS, PAGE_COUNT_MESSAGE } from '@bindery/pricing/bindings';
import type { ProductDefinition } from '@bindery/pricing/products';
import type { CoverRequest } from '#lib/cover-dimensions.ts';

export interface CoverFields {
  category: string;
  trim_size_id: string;
  binding_id: string;
  paper_type_id: string;
  page_count: string;
}

const FIELD_NAMES = ['trim_size_id', 'binding_id', 'paper_type_id', 'page_count'] as const;

/** The product of a category slug, the print book for anything else. */
export function coverProduct(category: string | null): ProductDefinition {
  const found = COVER_PRODUCTS.find((p) => p.slug === category);
  const fallback = COVER_PRODUCTS[0];
  if (!fallback) throw new Error('No category has a cover spread');
  return found ?? fallback;
}

export function fieldsFrom(params: URLSearchParams): CoverFields {
  const fields: CoverFields = {
    category: coverProduct(params.get('category')).slug,
    trim_size_id: '',
    binding_id: '',
    paper_type_id: '',
    page_count: '',
  };
  for (const name of FIELD_NAMES) fields[name] = (params.get(name) ?? '').trim().slice(0, 10);
  return fields;
}

/** What is wrong with the form, by field ('' fields are "choose one"); empty when it can be sent. */
export function fieldProblems(fields: CoverFields): Partial<Record<keyof CoverFields, string>> {
  const problems: Partial<Record<keyof CoverFields, string>> = {};
  if (!/^\d+$/.test(fields.trim_size_id)) problems.trim_size_id = 'Choose a trim size.';
  if (!/^\d+$/.test(fields.binding_id)) problems.binding_id = 'Choose a binding.';
  if (!/^\d+$/.test(fields.paper_type_id)) problems.paper_type_id = 'Choose a paper type.';
  const pages = Number(fields.page_count);
  if (!/^\d+$/.test(fields.page_count) || pages < PAGE_COUNT_LIMITS.min || pages > PAGE_COUNT_LIMITS.max) {
    problems.page_count = PAGE_COUNT_MESSAGE;
  }
  return problems;
}

/** The request of a complete, well-formed form; null otherwise. */
export function requestFrom(fields: CoverFields): CoverRequest | null {
  if (Object.keys(fieldProblems(fields)).length > 0) return null;
  return {
    category: fields.category,
    trim_size_id: Number(fields.trim_size_id),
    binding_id: Number(fields.binding_id),
    paper_type_id: Number(fields.paper_type_id),
    page_count: Number(fields.page_count),
  };
}

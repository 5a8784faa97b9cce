/**
 * GET api/cover-dimensions/ (the full cover of a book, computed by the server from its catalog) and the addresses of
 * GET api/cover-template/ and api/cover-template/png/ (the template PDF and PNG: public, so plain download links).
 * Shared: the cover size calculator and the design page's cover check both read it (docs/decisions/0069).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '@bindery/contracts/route';
import { coverRoutes } from '@bindery/contracts/store/cover';
import { api } from '#lib/api-client.ts';
import { env } from '#config/env.ts';

/** A complete choice of book, as the calculator sends it. */
export interface CoverRequest {
  category: string;
  trim_size_id: number;
  binding_id: number;
  paper_type_id: number;
  page_count: number;
}

export const getCoverDimensions = (query: CoverRequest, signal?: AbortSignal) =>
  api.call(coverRoutes.dimensions, { query }, { signal });

export const coverDimensionsQueryOptions = (query: CoverRequest | null) =>
  queryOptions({
    queryKey: ['cover-dimensions', query],
    queryFn: ({ signal }) => getCoverDimensions(query as CoverRequest, signal),
    enabled: query !== null,
  });

export const useCoverDimensions = (query: CoverRequest | null) =>
  useQuery(coverDimensionsQueryOptions(query));

/** Where the browser downloads the template of this book: the PDF, or the PNG (at the server's 150 ppi). */
export function coverTemplateHref(query: CoverRequest, format: 'pdf' | 'png' = 'pdf'): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const route = format === 'png' ? coverRoutes.templatePng : coverRoutes.template;
  return `${env.VITE_API_URL}${pathOf(route)}?${params.toString()}`;
}

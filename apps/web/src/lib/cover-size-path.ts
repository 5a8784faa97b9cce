/**
 * The cover size calculator's address for a book (/cover-size?category=&trim_size_id=&binding_id=&paper_type_id=
 * &page_count=): the product pages and the design page link to it with what they know, so the calculator opens
 * with that book chosen (docs/decisions/0055). Values that are missing are left out.
 */
export interface CoverSizeBook {
  category: string;
  trimSizeId?: string | number | null;
  bindingId?: string | number | null;
  paperTypeId?: string | number | null;
  pageCount?: number | null;
}

export const COVER_SIZE_PATH = '/cover-size';

export function coverSizePath(book: CoverSizeBook): string {
  const params = new URLSearchParams({ category: book.category });
  const add = (name: string, value: string | number | null | undefined) => {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  };
  add('trim_size_id', book.trimSizeId);
  add('binding_id', book.bindingId);
  add('paper_type_id', book.paperTypeId);
  add('page_count', book.pageCount);
  return `${COVER_SIZE_PATH}?${params.toString()}`;
}

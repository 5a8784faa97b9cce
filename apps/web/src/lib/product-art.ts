/**
 * The picture of each product (drawn SVGs under public/art/products/), for the home page's product cards, the
 * product pages and Start Project's product type cards. Keyed by the catalog's category slug, plus the e-book,
 * which the catalog does not price; a product the shop has no drawing for gets the print book's.
 */
import type { CategorySlug } from '@bindery/pricing/products';

export type ProductArtKey = CategorySlug | 'ebook';

const FILES: Record<ProductArtKey, string> = {
  calculator: 'print-book',
  photobook: 'photo-book',
  comicbook: 'comic-book',
  magazine: 'magazine',
  yearbook: 'yearbook',
  calender: 'calendar',
  pricing: 'thesis',
  ebook: 'ebook',
};

/** What each picture shows, for the rare place where it is not decorative. */
export const PRODUCT_ART_ALT: Record<ProductArtKey, string> = {
  calculator: 'A paperback and a hardcover book',
  photobook: 'An open photo book with full-color pictures',
  comicbook: 'A comic book cover with panels and a speech bubble',
  magazine: 'A glossy magazine cover',
  yearbook: 'A hardcover yearbook with class portraits',
  calender: 'A wire-bound wall calendar',
  pricing: 'A leather-bound thesis with gold corners and foil lettering',
  ebook: 'An e-book on a tablet screen',
};

export const productArt = (key: ProductArtKey | null | undefined): string =>
  `/art/products/${FILES[key ?? 'calculator']}.svg`;

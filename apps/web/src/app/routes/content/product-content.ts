/** Copy of the product pages, keyed by the canonical path segment of /products/{segment}. */
import type { CategorySlug } from '@bindery/pricing/products';
import type { ProductArtKey } from '#lib/product-art.ts';

export interface ProductContent {
  title: string;
  intro: string;
  points: { title: string; text: string }[];
  /** Category whose catalog and calculator the page shows; null where nothing is printed (e-books). */
  category: CategorySlug | null;
  /** Its picture (cookbooks are print books). */
  art: ProductArtKey;
}

export const PRODUCT_CONTENT: Record<string, ProductContent> = {
  'print-book': {
    title: 'Print Books',
    intro:
      'Novels, memoirs, workbooks and manuals printed on demand, from a single proof copy to thousands of books.',
    points: [
      {
        title: 'Paperback or hardcover',
        text: 'Perfect bound, coil bound or saddle stitched paperbacks; case wrap and linen wrap hardcovers.',
      },
      { title: 'Black & white or color', text: 'Standard and premium interiors on cream or white stock.' },
      { title: 'No minimums', text: 'Order one copy or a thousand; bulk discounts start at 100 copies.' },
    ],
    category: 'calculator',
    art: 'calculator',
  },
  'comic-book': {
    title: 'Comic Books',
    intro: 'Vivid full-color comics and graphic novels, with bindings matched to your page count.',
    points: [
      { title: 'Made for color', text: 'Premium color interiors on coated paper keep line art crisp.' },
      {
        title: 'The right binding',
        text: 'Saddle stitch for single issues, perfect bound for collected editions.',
      },
      { title: 'Convention-ready runs', text: 'Print 50 for a table or 5,000 for distribution.' },
    ],
    category: 'comicbook',
    art: 'comicbook',
  },
  cookbook: {
    title: 'Cookbooks',
    intro:
      'Family recipe collections and chef cookbooks that lie open on the counter. Cookbooks are priced as print books.',
    points: [
      { title: 'Lay-flat coil binding', text: 'Coil bound books stay open while you cook.' },
      { title: 'Color photography', text: 'Premium color on coated paper shows every dish at its best.' },
      { title: 'Wipe-clean covers', text: 'Gloss covers shrug off splashes.' },
    ],
    category: 'calculator',
    art: 'calculator',
  },
  ebook: {
    title: 'E-Books',
    // What the e Book order really is (docs/decisions/0034): its own project, the files as uploaded, a flat fee.
    intro:
      'Sell your book as an e-book: upload the interior PDF and a cover, pay one flat fee, and download the files from your order.',
    points: [
      { title: 'One flat fee', text: 'One price whatever the length: no print options, no bulk tiers.' },
      {
        title: 'Your files, as you made them',
        text: 'The PDF and cover you upload are the files you download once paid.',
      },
      {
        title: 'Nothing to ship',
        text: 'E-books are delivered as files; your billing address sets the sales tax.',
      },
    ],
    category: null,
    art: 'ebook',
  },
  'photo-book': {
    title: 'Photo Books',
    intro: 'Weddings, travels and portfolios in premium photo books with custom spines, colors and stamping.',
    points: [
      {
        title: 'Premium finishes',
        text: 'Choose the spine, exterior color, foil stamping and screen stamping.',
      },
      { title: 'Photo paper', text: 'Coated stock and premium color bring out detail and depth.' },
      { title: 'Keepsake quality', text: 'Case-bound covers built to last for generations.' },
    ],
    category: 'photobook',
    art: 'photobook',
  },
  'print-magazine': {
    title: 'Magazines',
    intro: 'Glossy magazines, zines and catalogs in short runs, without offset minimums.',
    points: [
      { title: 'Saddle stitched', text: 'Classic stapled magazines for up to 48 pages.' },
      { title: 'Perfect bound', text: 'Square spines for thicker issues and annuals.' },
      { title: 'Coated stock', text: 'Bright white coated paper for sharp color.' },
    ],
    category: 'magazine',
    art: 'magazine',
  },
  yearbook: {
    title: 'Yearbooks',
    intro:
      'Yearbooks for schools, clubs and teams, in hardcover or softcover, priced for a class or a whole school.',
    points: [
      { title: 'Built to last', text: 'Case wrap and linen wrap hardcovers for keepsakes.' },
      { title: 'Full color', text: 'Every portrait and event spread in color.' },
      { title: 'Volume pricing', text: 'Save up to 15% on 1,000 copies or more.' },
    ],
    category: 'yearbook',
    art: 'yearbook',
  },
};

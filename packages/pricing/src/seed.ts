/**
 * The default price lists of the seven categories, as plain data the API's seeding step inserts (once: seeding
 * matches rows on category + kind + code and never overwrites an admin's later price). Numbers are the original
 * system's seed (../../shared/reference/original-system.md §1), names cleaned to the spec's spellings, trims given
 * real dimensions. Where the original had no value, the choice is noted beside it.
 */
import { BINDING_STYLE_DEFINITIONS, type BindingStyle } from './bindings.js';
import type { CategorySlug, OptionKind } from './products.js';
import { TRIM_SIZES, type TrimCode } from './trim-sizes.js';

export interface SeedItem {
  readonly kind: OptionKind;
  /** Stable key within (category, kind): "us-trade", "perfect_bound@us-trade", "premium-color". */
  readonly code: string;
  readonly name: string;
  /** The item's price (per book or per page, as its kind is priced in the category), a decimal string. */
  readonly price: string;
  /** Bindings: the style whose page rules apply. */
  readonly bindingStyle: BindingStyle | null;
  /** Bindings priced per trim size: the trim's code. */
  readonly trimCode: TrimCode | null;
  /** Trim sizes: the printer's dimensions. */
  readonly dimensions: string | null;
  readonly widthMm: number | null;
  readonly heightMm: number | null;
}

export interface SeedCatalog {
  readonly category: CategorySlug;
  /** In display order. */
  readonly items: readonly SeedItem[];
}

const none = { bindingStyle: null, trimCode: null, dimensions: null, widthMm: null, heightMm: null } as const;

const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/#/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const item = (kind: OptionKind, name: string, price: string): SeedItem => ({
  kind,
  code: slug(name),
  name,
  price,
  ...none,
});

/** Trim sizes carry no surcharge by default; the print book editor may set one (PUT …/trim-size/{id}/update/). */
const trims = (...codes: TrimCode[]): SeedItem[] =>
  codes.map((code) => {
    const t = TRIM_SIZES[code];
    return {
      ...none,
      kind: 'trim_size',
      code,
      name: t.name,
      price: '0.00',
      dimensions: t.dimensions,
      widthMm: t.widthMm,
      heightMm: t.heightMm,
    };
  });

const binding = (
  style: BindingStyle,
  price: string,
  options: { name?: string; trimCode?: TrimCode } = {},
): SeedItem => ({
  ...none,
  kind: 'binding',
  code: options.trimCode ? `${style}@${options.trimCode}` : options.name ? slug(options.name) : style,
  name: options.name ?? BINDING_STYLE_DEFINITIONS[style].name,
  price,
  bindingStyle: style,
  trimCode: options.trimCode ?? null,
});

const STD_BW = 'Standard Black & White';
const PREMIUM_BW = 'Premium Black & White';
const STD_COLOR = 'Standard Color';
const PREMIUM_COLOR = 'Premium Color';
const CREAM_60 = '60# Cream-Uncoated';
const WHITE_60 = '60# White-Uncoated';
const WHITE_70 = '70# White-Uncoated';
const COATED_80 = '80# White-Coated';
const COATED_100 = '100# White-Coated';

/** The four papers of the magazine, year book, comic and thesis lists. */
const magazinePapers = (): SeedItem[] => [
  item('paper_type', WHITE_70, '0.02'),
  item('paper_type', CREAM_60, '0.01'),
  item('paper_type', WHITE_60, '0.01'),
  item('paper_type', COATED_80, '0.03'),
];

const finishes = (price: string): SeedItem[] => [
  item('cover_finish', 'Gloss', price),
  item('cover_finish', 'Matte', price),
];

/** Bindings of magazine, year book and comic (one price for every trim unless per-trim). */
const magazineBindings = (trimCode?: TrimCode, perfectPrice = '2.50'): SeedItem[] => {
  const at = trimCode ? { trimCode } : {};
  return [
    binding('perfect_bound', perfectPrice, at),
    binding('coil_bound', '6.18', at),
    binding('saddle_stitch', '5.00', at),
    binding('case_wrap', '9.75', at),
    binding('linen_wrap', '13.80', at),
  ];
};

/** Photo book and thesis extras (original: Golden → Gold). */
const extras = (): SeedItem[] => [
  item('spine', 'Flat', '0.00'),
  item('spine', 'Round', '5.00'),
  item('exterior_color', 'Black', '5.00'),
  item('exterior_color', 'Maroon', '5.00'),
  item('exterior_color', 'Dark Blue', '5.00'),
  item('exterior_color', 'Brown', '3.00'),
  item('foil_stamping', 'Gold', '10.00'),
  item('foil_stamping', 'Silver', '15.00'),
  item('screen_stamping', 'Gold', '10.00'),
  item('screen_stamping', 'Silver', '15.00'),
];

/** Print book binding prices per trim: Perfect / Saddle / Case / Coil / Linen (null: not offered). */
const PRINT_BOOK_BINDINGS: readonly (readonly [TrimCode, string, string, string, string, string | null])[] = [
  ['pocket-book', '1.91', '3.59', '9.86', '5.90', '6.00'],
  ['novella', '1.97', '3.50', '9.80', '5.76', null],
  ['digest', '1.90', '3.50', '9.80', '5.95', '13.75'],
  ['a5', '1.90', '3.46', '9.80', '5.80', '13.75'],
  ['us-trade', '1.71', '3.46', '9.96', '5.96', '13.50'],
  ['royal', '1.71', '3.46', '9.96', '5.96', '13.50'],
  ['executive', '2.00', '4.10', '10.00', '6.40', '13.95'],
  ['crown-quarto', '2.00', '4.10', '10.00', '6.40', '13.95'],
  ['small-square', '2.00', '4.10', '10.00', '6.40', '13.50'],
  ['a4', '2.10', '3.82', '9.75', '6.18', '13.80'],
  ['square', '2.00', '3.82', '9.75', '6.18', '13.80'],
  ['us-letter', '2.00', '3.82', '9.75', '6.18', '13.80'],
  ['small-landscape', '2.00', '3.82', '9.75', '6.18', '13.80'],
  // The 32–250 page limit of perfect bound on these two lives in bindings.ts (PAGE_RANGE_OVERRIDES).
  ['us-letter-landscape', '2.00', '3.82', '9.75', '6.22', '18.00'],
  ['a4-landscape', '2.00', '5.00', '9.75', '6.18', '13.80'],
];

const printBook: SeedCatalog = {
  category: 'calculator',
  items: [
    ...trims(...PRINT_BOOK_BINDINGS.map(([code]) => code)),
    item('interior_color', STD_BW, '0.01'),
    item('interior_color', PREMIUM_BW, '0.02'),
    item('interior_color', STD_COLOR, '0.03'),
    item('interior_color', PREMIUM_COLOR, '0.10'),
    // The original print book has no 70# or 100# paper.
    item('paper_type', CREAM_60, '0.01'),
    item('paper_type', WHITE_60, '0.01'),
    item('paper_type', COATED_80, '0.02'),
    ...finishes('0.10'),
    ...PRINT_BOOK_BINDINGS.flatMap(([trimCode, perfect, saddle, kase, coil, linen]) => [
      binding('perfect_bound', perfect, { trimCode }),
      binding('coil_bound', coil, { trimCode }),
      binding('saddle_stitch', saddle, { trimCode }),
      binding('case_wrap', kase, { trimCode }),
      ...(linen === null ? [] : [binding('linen_wrap', linen, { trimCode })]),
    ]),
  ],
};

const photoBook: SeedCatalog = {
  category: 'photobook',
  items: [
    // The original ignored trim size for photo books; these are Lulu's photo book trims.
    ...trims('small-square', 'square', 'us-letter', 'us-letter-landscape'),
    binding('perfect_bound', '2.00'),
    binding('case_wrap', '9.50'),
    binding('linen_wrap', '14.00'),
    item('interior_color', PREMIUM_BW, '0.03'),
    item('interior_color', PREMIUM_COLOR, '0.17'),
    // 0.015 was rounded to two decimals on save in the original; four decimals keep it exact here.
    item('paper_type', COATED_80, '0.015'),
    // The original returned corner protectors as "cover_finishes"; a photo book's cover finish is gloss or matte,
    // priced as the print book's.
    ...finishes('0.10'),
    ...extras(),
  ],
};

const magazine: SeedCatalog = {
  category: 'magazine',
  items: [
    ...trims('a4', 'us-letter'),
    item('interior_color', PREMIUM_BW, '0.0325'),
    item('interior_color', PREMIUM_COLOR, '0.19'),
    ...magazinePapers(),
    ...finishes('0.00'),
    ...magazineBindings(),
  ],
};

const yearBook: SeedCatalog = {
  category: 'yearbook',
  items: [
    ...trims('a4', 'us-letter', 'us-letter-landscape', 'a4-landscape'),
    item('interior_color', PREMIUM_BW, '0.03'),
    item('interior_color', PREMIUM_COLOR, '0.19'),
    ...magazinePapers(),
    ...finishes('0.00'),
    ...magazineBindings(),
  ],
};

const calendar: SeedCatalog = {
  category: 'calender',
  items: [
    binding('wire_o', '12.00'),
    item('interior_color', PREMIUM_COLOR, '0.00'),
    item('paper_type', COATED_100, '0.00'),
    ...finishes('0.00'),
  ],
};

const comicBook: SeedCatalog = {
  category: 'comicbook',
  items: [
    ...trims('comic-book', 'larger-deluxe', 'manga'),
    item('interior_color', PREMIUM_BW, '0.03'),
    item('interior_color', PREMIUM_COLOR, '0.19'),
    ...magazinePapers(),
    // The original comic seed lists no cover finish prices; free, as for magazines.
    ...finishes('0.00'),
    ...magazineBindings('comic-book'),
    ...magazineBindings('larger-deluxe', '3.00'),
    ...magazineBindings('manga'),
  ],
};

const thesis: SeedCatalog = {
  category: 'pricing',
  items: [
    binding('case_wrap', '79.00', { name: 'Leather Case Wrap' }),
    binding('case_wrap', '69.00', { name: 'Faux Leather Case Wrap' }),
    binding('case_wrap', '59.00', { name: 'Rexine Case Wrap' }),
    ...extras(),
    item('corner_protector', 'Gold Sharp', '4.00'),
    item('corner_protector', 'Gold Round', '4.00'),
    item('corner_protector', 'Vintage', '6.00'),
    item('interior_color', PREMIUM_BW, '0.03'),
    item('interior_color', PREMIUM_COLOR, '0.19'),
    // The old seed's four paper prices (0.01, 0.01, 0.02, 0.03) are the magazine list's.
    ...magazinePapers(),
  ],
};

/**
 * The e-book's one flat fee: $9.99, what a shop that converts and hosts nothing charges for handing back the
 * customer's own files; staff change it in the E-Book editor (docs/decisions/0034).
 */
const eBook: SeedCatalog = {
  category: 'ebook',
  items: [item('flat_fee', 'E-Book Files', '9.99')],
};

/** Every category's default list, in the order of the product list. */
export const SEED_CATALOGS: readonly SeedCatalog[] = [
  printBook,
  photoBook,
  magazine,
  yearBook,
  calendar,
  comicBook,
  thesis,
  eBook,
];

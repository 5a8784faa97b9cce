/**
 * The product categories (seven printed, one digital) as data. Everything the API, the calculators and the admin price editors need to
 * be generic over categories comes from here: API slug, option kinds, which price field each kind uses, request
 * body fields, dropdown response keys, admin PUT path segments, editor titles and sections, and which routes a
 * category has. Nothing else in the code base may branch on a category's slug.
 * @see docs/spec/calculators-account-admin.md §2 (price editors), §3, §7
 * @see docs/spec/customer-journey.md §3, §7
 */

/** The API slugs, as the spec's paths spell them (api/{slug}/…). */
export const CATEGORY_SLUGS = [
  'calculator',
  'photobook',
  'magazine',
  'yearbook',
  'calender',
  'comicbook',
  'pricing',
  'ebook',
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** Every kind of catalog item. Trim sizes are a kind too: they have a (per-book) price and an admin PUT path. */
export const OPTION_KINDS = [
  'trim_size',
  'binding',
  'interior_color',
  'paper_type',
  'cover_finish',
  'spine',
  'exterior_color',
  'foil_stamping',
  'screen_stamping',
  'corner_protector',
  'flat_fee',
] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** A per-book price (`price`) or a per-page price (`price_per_page`), named as the API and editors name them. */
export type PriceField = 'price' | 'price_per_page';

/** The request body field that carries the chosen item's id, per kind. */
export const BODY_FIELDS = {
  trim_size: 'trim_size_id',
  binding: 'binding_id',
  interior_color: 'interior_color_id',
  paper_type: 'paper_type_id',
  cover_finish: 'cover_finish_id',
  spine: 'spine_id',
  exterior_color: 'exterior_color_id',
  foil_stamping: 'foil_stamping_id',
  screen_stamping: 'screen_stamping_id',
  corner_protector: 'corner_protector_id',
  flat_fee: 'flat_fee_id',
} as const satisfies Record<OptionKind, string>;
export type BodyField = (typeof BODY_FIELDS)[OptionKind];

export interface KindDefinition {
  readonly kind: OptionKind;
  readonly priceField: PriceField;
  /** Field of the calculate body carrying the chosen id. */
  readonly bodyField: BodyField;
  /** Keys of the dropdowns/options response listing this kind's items (the calculator lists bindings twice). */
  readonly dropdownKeys: readonly string[];
  /** Segment of PUT api/{slug}/{segment}/{id}/update/, or null if the spec has no update path for it. */
  readonly adminSegment: string | null;
  /** Whether the price editor shows a section for it (trim sizes are updatable but have no section). */
  readonly editorSection: boolean;
  /** Section title in the price editor. */
  readonly label: string;
  /** Must a calculate request choose one? Decorative extras are optional (docs/decisions/0003). */
  readonly required: boolean;
}

export interface ProductDefinition {
  readonly slug: CategorySlug;
  /**
   * The category value the API keeps: what projects store and requests send ("Calender", "e Book", "Year Book" are
   * spelled so by the spec). Never shown to a person: show `displayName` (docs/decisions/0058).
   */
  readonly name: string;
  /** The product's name as people read it, in both SPAs and in mails ("Calendar", "E-book", "Yearbook"). */
  readonly displayName: string;
  /** The title in the admin's Manage Books list. */
  readonly bookTitle: string;
  /** Price editor title and route. */
  readonly editorTitle: string;
  readonly editorPath: string;
  /** Public calculator route and its page title (null where the spec gives none). */
  readonly calculatorPath: string;
  readonly calculatorTitle: string | null;
  readonly hasTrimSizes: boolean;
  readonly hasPageCount: boolean;
  /** Binding rows belong to one trim size each, with their own price (print book, comic book). */
  readonly bindingPricesPerTrimSize: boolean;
  /** GET api/{slug}/{optionsPath}/: "dropdowns" for six categories, "options" for thesis. */
  readonly optionsPath: 'dropdowns' | 'options';
  /** GET api/{slug}/bindings/?trim_size_id=&page_count= exists. */
  readonly bindingsRoute: boolean;
  /** GET api/{slug}/available-options/?trim_size_id=&page_count= exists. */
  readonly availableOptionsRoute: boolean;
  /** GET api/{slug}/{allBindingsPath}/ (the comic editor's binding list with min/max pages), or null. */
  readonly allBindingsPath: string | null;
  /** In the order of the price editor's sections. */
  readonly kinds: readonly KindDefinition[];
  /**
   * Delivered as files, not printed (the e-book): no print options, no weight, no shipping, one copy per project;
   * after payment the customer downloads the files (docs/decisions/0034).
   */
  readonly digital: boolean;
}

type KindOptions = Partial<Omit<KindDefinition, 'kind' | 'bodyField'>>;
type KindDefaults = Omit<KindDefinition, 'kind' | 'bodyField'>;

const defaults = (
  priceField: PriceField,
  dropdownKey: string,
  adminSegment: string | null,
  label: string,
  required: boolean,
): KindDefaults => ({
  priceField,
  dropdownKeys: [dropdownKey],
  adminSegment,
  // Trim sizes are updatable (print book) but have no editor section.
  editorSection: adminSegment !== null,
  label,
  required,
});

/** Defaults shared by every category; each category overrides only what the spec says differs. */
const KIND_DEFAULTS: Readonly<Record<OptionKind, KindDefaults>> = {
  trim_size: defaults('price', 'trim_sizes', null, 'Trim Sizes', true),
  binding: defaults('price', 'bindings', 'binding-type', 'Binding Types', true),
  interior_color: defaults('price_per_page', 'interior_colors', 'interior-color', 'Interior Colors', true),
  paper_type: defaults('price_per_page', 'paper_types', 'paper-type', 'Paper Types', true),
  cover_finish: defaults('price', 'cover_finishes', 'cover-finish', 'Cover Finishes', true),
  spine: defaults('price', 'spines', 'spine', 'Spines', false),
  exterior_color: defaults('price', 'exterior_colors', 'exterior-color', 'Exterior Colors', false),
  foil_stamping: defaults('price', 'foil_stampings', 'foil-stamping', 'Foil Stamping', false),
  screen_stamping: defaults('price', 'screen_stampings', 'screen-stamping', 'Screen Stamping', false),
  corner_protector: defaults('price', 'corner_protectors', 'corner-protector', 'Corner Protectors', false),
  // A digital product's one price: the same for every copy, whatever the page count (docs/decisions/0034).
  flat_fee: defaults('price', 'flat_fees', 'flat-fee', 'E-Book Fee', true),
};

function kind(k: OptionKind, options: KindOptions = {}): KindDefinition {
  return { kind: k, bodyField: BODY_FIELDS[k], ...KIND_DEFAULTS[k], ...options };
}

/** Print book, year book and magazine editors: Interior Colors, Paper Types, Cover Finishes, Binding Types. */
const bookKinds = (binding: KindOptions = {}, trim: KindOptions = {}): KindDefinition[] => [
  kind('trim_size', trim),
  kind('interior_color'),
  kind('paper_type'),
  kind('cover_finish'),
  kind('binding', binding),
];

/** What most categories share: trims and pages, dropdowns/ and bindings/, one binding price for every trim. */
const BOOK = {
  hasTrimSizes: true,
  hasPageCount: true,
  bindingPricesPerTrimSize: false,
  optionsPath: 'dropdowns',
  bindingsRoute: true,
  availableOptionsRoute: false,
  allBindingsPath: null,
  digital: false,
} as const;

export const PRODUCTS: Readonly<Record<CategorySlug, ProductDefinition>> = {
  calculator: {
    ...BOOK,
    slug: 'calculator',
    name: 'Print Book',
    displayName: 'Print Book',
    bookTitle: 'Print Book',
    editorTitle: 'Print Book Settings',
    editorPath: '/admin/books/printbook/edit',
    calculatorPath: '/calculator/printbook',
    calculatorTitle: null,
    bindingPricesPerTrimSize: true,
    availableOptionsRoute: true,
    // The web calculator reads `bindings`, the admin editor `binding_types`: the spec has both.
    kinds: bookKinds({ dropdownKeys: ['bindings', 'binding_types'] }, { adminSegment: 'trim-size' }),
  },
  photobook: {
    ...BOOK,
    slug: 'photobook',
    name: 'Photo Book',
    displayName: 'Photo Book',
    bookTitle: 'Photo Book',
    editorTitle: 'Photo Book Settings',
    editorPath: '/admin/books/photo/edit',
    calculatorPath: '/calculator/photobook',
    calculatorTitle: 'High-Quality Photo Printing',
    kinds: [
      kind('trim_size'),
      kind('binding'),
      kind('interior_color'),
      kind('paper_type'),
      kind('cover_finish'),
      kind('spine'),
      kind('exterior_color'),
      kind('foil_stamping'),
      kind('screen_stamping'),
    ],
  },
  magazine: {
    ...BOOK,
    slug: 'magazine',
    name: 'Magazine',
    displayName: 'Magazine',
    bookTitle: 'Magazine',
    editorTitle: 'Magazine Settings',
    editorPath: '/admin/books/magazinebook/edit',
    calculatorPath: '/calculator/magazine',
    calculatorTitle: 'High-Quality Magazine Printing',
    kinds: bookKinds({ dropdownKeys: ['binding_types'] }),
  },
  yearbook: {
    ...BOOK,
    slug: 'yearbook',
    name: 'Year Book',
    displayName: 'Yearbook',
    bookTitle: 'Yearbook',
    editorTitle: 'YearBook Settings',
    editorPath: '/admin/books/yearbook/edit',
    calculatorPath: '/calculator/yearbook',
    calculatorTitle: 'Custom Yearbook Printing',
    kinds: bookKinds(),
  },
  calender: {
    ...BOOK,
    slug: 'calender',
    name: 'Calender',
    displayName: 'Calendar',
    bookTitle: 'Calendar',
    editorTitle: 'Calendar Settings',
    editorPath: '/admin/books/calendar/edit',
    calculatorPath: '/calculator/calender',
    calculatorTitle: 'Custom Calendar Printing',
    hasTrimSizes: false,
    hasPageCount: false,
    bindingsRoute: false,
    // A calendar is priced per copy only: every kind uses `price`, there is no page count.
    kinds: [
      kind('binding'),
      kind('interior_color', { priceField: 'price' }),
      kind('paper_type', { priceField: 'price' }),
      kind('cover_finish'),
    ],
  },
  comicbook: {
    ...BOOK,
    slug: 'comicbook',
    name: 'Comic Book',
    displayName: 'Comic Book',
    bookTitle: 'Comic Book',
    editorTitle: 'Comic Book Settings',
    editorPath: '/admin/books/comic/edit',
    calculatorPath: '/calculator/comicbook',
    calculatorTitle: 'High-Quality Comic Printing',
    bindingPricesPerTrimSize: true,
    allBindingsPath: 'comic/all-bindings',
    kinds: bookKinds(),
  },
  pricing: {
    ...BOOK,
    slug: 'pricing',
    name: 'Thesis Binding',
    displayName: 'Thesis Binding',
    bookTitle: 'Thesis Binding',
    editorTitle: 'Thesis Settings',
    editorPath: '/admin/books/thesis/edit',
    calculatorPath: '/pricing-calculator',
    calculatorTitle: null,
    hasTrimSizes: false,
    optionsPath: 'options',
    bindingsRoute: false,
    kinds: [
      kind('binding', { dropdownKeys: ['binding_types'] }),
      kind('spine', { dropdownKeys: ['spine_types'], adminSegment: 'spine-type', label: 'Spine Types' }),
      kind('exterior_color'),
      kind('foil_stamping', { label: 'Foil Stampings' }),
      kind('screen_stamping', { label: 'Screen Stampings' }),
      kind('corner_protector'),
      kind('interior_color'),
      kind('paper_type'),
    ],
  },
  ebook: {
    ...BOOK,
    slug: 'ebook',
    // As Start Project and the projects' contract spell it (docs/spec/customer-journey.md §2).
    name: 'e Book',
    displayName: 'E-book',
    bookTitle: 'E-book',
    editorTitle: 'E-Book Settings',
    editorPath: '/admin/books/ebook/edit',
    // No calculator: the product page states the flat fee.
    calculatorPath: '/products/ebook',
    calculatorTitle: null,
    hasTrimSizes: false,
    hasPageCount: false,
    bindingsRoute: false,
    digital: true,
    kinds: [kind('flat_fee')],
  },
};

/** The products (seven printed, then the e-book) in the order of the calculator carousel and the Manage Books list. */
export const PRODUCT_LIST: readonly ProductDefinition[] = CATEGORY_SLUGS.map((slug) => PRODUCTS[slug]);

export function isCategorySlug(value: string): value is CategorySlug {
  return Object.hasOwn(PRODUCTS, value);
}

export function productBySlug(slug: string): ProductDefinition | undefined {
  return isCategorySlug(slug) ? PRODUCTS[slug] : undefined;
}

/** "Print Book" → the calculator product; what a project's category or a Manage Books title maps to. */
export function productByName(name: string): ProductDefinition | undefined {
  return PRODUCT_LIST.find((p) => p.name === name || p.bookTitle === name);
}

/**
 * A category value as people read it: "Calender" → "Calendar", "e Book" → "E-book", "Year Book" → "Yearbook".
 * Anything the catalog does not define is shown as it is.
 */
export function categoryDisplayName(name: string): string {
  return productByName(name)?.displayName ?? name;
}

export function kindDefinition(product: ProductDefinition, k: OptionKind): KindDefinition | undefined {
  return product.kinds.find((d) => d.kind === k);
}

/** The kind behind an admin PUT path segment ("binding-type" → binding), or undefined if the category has none. */
export function kindByAdminSegment(product: ProductDefinition, segment: string): KindDefinition | undefined {
  return product.kinds.find((d) => d.adminSegment === segment);
}

/** Kinds with an admin update path. */
export function updatableKinds(product: ProductDefinition): KindDefinition[] {
  return product.kinds.filter((d) => d.adminSegment !== null);
}

/** Every dropdown key of a category, in response order. */
export function dropdownKeys(product: ProductDefinition): string[] {
  return product.kinds.flatMap((d) => d.dropdownKeys);
}

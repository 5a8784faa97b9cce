import { describe, expect, it } from 'vitest';
import { isBindingStyle } from './bindings.js';
import { checkConfiguration, type CatalogEntry, type Selection } from './configuration.js';
import { formatCents, parseDecimal } from './money.js';
import { PRODUCTS, type CategorySlug, type OptionKind } from './products.js';
import { quote } from './quote.js';
import { SEED_CATALOGS } from './seed.js';

/** The seed as the API holds it after inserting: ids assigned in order, trims resolved. */
function seededCatalog(slug: CategorySlug) {
  const seed = SEED_CATALOGS.find((c) => c.category === slug);
  if (!seed) throw new Error(`no seed catalog for ${slug}`);
  const entries: CatalogEntry[] = [];
  const trimIds = new Map<string, number>();
  seed.items.forEach((item, i) => {
    const id = i + 1;
    if (item.kind === 'trim_size') trimIds.set(item.code, id);
    entries.push({
      id,
      kind: item.kind,
      name: item.name,
      priceUnits: parseDecimal(item.price),
      bindingStyle:
        item.bindingStyle !== null && isBindingStyle(item.bindingStyle) ? item.bindingStyle : null,
      trimSizeId: item.trimCode === null ? null : (trimIds.get(item.trimCode) ?? null),
      code: item.kind === 'trim_size' ? item.code : null,
    });
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  const id = (kind: OptionKind, name: string, trimCode?: string) => {
    const trimId = trimCode === undefined ? null : trimIds.get(trimCode);
    const found = entries.find(
      (e) => e.kind === kind && e.name === name && (trimId === null || e.trimSizeId === trimId),
    );
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found.id;
  };
  return { lookup: (_kind: OptionKind, entryId: number) => byId.get(entryId), id };
}

function priced(slug: CategorySlug, selection: Selection) {
  const { lookup } = seededCatalog(slug);
  const checked = checkConfiguration(PRODUCTS[slug], lookup, selection);
  if (!checked.ok) throw new Error(checked.problems.map((p) => p.message).join(' '));
  const q = quote(checked.quoteInput);
  return {
    pages: checked.printedPageCount,
    unit: formatCents(q.unitPriceCents),
    perBook: formatCents(q.costPerBookCents),
    total: formatCents(q.totalCents),
    original: q.discount ? formatCents(q.discount.originalTotalCents) : null,
    discount: q.discount ? formatCents(q.discount.amountCents) : null,
  };
}

describe('checkConfiguration + quote against the seeded price lists (hand-computed)', () => {
  it('print book: US Trade, Perfect Bound 1.71 + (0.01 + 0.01) × 100 + Gloss 0.10 = 3.81; × 10 = 38.10', () => {
    const { id } = seededCatalog('calculator');
    expect(
      priced('calculator', {
        trim_size_id: id('trim_size', 'US Trade'),
        binding_id: id('binding', 'Perfect Bound', 'us-trade'),
        interior_color_id: id('interior_color', 'Standard Black & White'),
        paper_type_id: id('paper_type', '60# White-Uncoated'),
        cover_finish_id: id('cover_finish', 'Gloss'),
        page_count: 100,
        quantity: 10,
      }),
    ).toEqual({ pages: 100, unit: '3.81', perBook: '3.81', total: '38.10', original: null, discount: null });
  });

  it('photo book: Case Wrap 9.50 + Matte 0.10 + Round 5 + Brown 3 + Gold foil 10 + (0.17 + 0.015) × 40 = 35.00; × 2 = 70.00', () => {
    const { id } = seededCatalog('photobook');
    expect(
      priced('photobook', {
        trim_size_id: id('trim_size', 'Square'),
        binding_id: id('binding', 'Case Wrap'),
        interior_color_id: id('interior_color', 'Premium Color'),
        paper_type_id: id('paper_type', '80# White-Coated'),
        cover_finish_id: id('cover_finish', 'Matte'),
        spine_id: id('spine', 'Round'),
        exterior_color_id: id('exterior_color', 'Brown'),
        foil_stamping_id: id('foil_stamping', 'Gold'),
        screen_stamping_id: null,
        page_count: 40,
        quantity: 2,
      }),
    ).toEqual({ pages: 40, unit: '35.00', perBook: '35.00', total: '70.00', original: null, discount: null });
  });

  it('magazine: 33 pages saddle-stitched print as 36; 5.00 + (0.0325 + 0.02) × 36 = 6.89; 150 copies: 1033.50 − 5% (51.68) = 981.82', () => {
    const { id } = seededCatalog('magazine');
    expect(
      priced('magazine', {
        trim_size_id: id('trim_size', 'A4'),
        binding_id: id('binding', 'Saddle Stitch'),
        interior_color_id: id('interior_color', 'Premium Black & White'),
        paper_type_id: id('paper_type', '70# White-Uncoated'),
        cover_finish_id: id('cover_finish', 'Gloss'),
        page_count: 33,
        quantity: 150,
      }),
    ).toEqual({
      pages: 36,
      unit: '6.89',
      perBook: '6.55',
      total: '981.82',
      original: '1033.50',
      discount: '51.68',
    });
  });

  it('year book: US Letter Landscape perfect bound 2.50 + (0.19 + 0.03) × 120 = 28.90; 500 copies: 14450.00 − 10% = 13005.00', () => {
    const { id } = seededCatalog('yearbook');
    expect(
      priced('yearbook', {
        trim_size_id: id('trim_size', 'US Letter Landscape'),
        binding_id: id('binding', 'Perfect Bound'),
        interior_color_id: id('interior_color', 'Premium Color'),
        paper_type_id: id('paper_type', '80# White-Coated'),
        cover_finish_id: id('cover_finish', 'Matte'),
        page_count: 120,
        quantity: 500,
      }),
    ).toEqual({
      pages: 120,
      unit: '28.90',
      perBook: '26.01',
      total: '13005.00',
      original: '14450.00',
      discount: '1445.00',
    });
  });

  it('calendar: Wire O 12.00 + 0 + 0 + 0, page count ignored; 1000 copies: 12000.00 − 15% = 10200.00', () => {
    const { id } = seededCatalog('calender');
    expect(
      priced('calender', {
        binding_id: id('binding', 'Wire O'),
        interior_color_id: id('interior_color', 'Premium Color'),
        paper_type_id: id('paper_type', '100# White-Coated'),
        cover_finish_id: id('cover_finish', 'Gloss'),
        page_count: 1,
        quantity: 1000,
      }),
    ).toEqual({
      pages: 1,
      unit: '12.00',
      perBook: '10.20',
      total: '10200.00',
      original: '12000.00',
      discount: '1800.00',
    });
  });

  it('comic book: Larger Deluxe perfect bound 3.00 + (0.03 + 0.01) × 32 = 4.28; × 25 = 107.00', () => {
    const { id } = seededCatalog('comicbook');
    expect(
      priced('comicbook', {
        trim_size_id: id('trim_size', 'Larger Deluxe'),
        binding_id: id('binding', 'Perfect Bound', 'larger-deluxe'),
        interior_color_id: id('interior_color', 'Premium Black & White'),
        paper_type_id: id('paper_type', '60# Cream-Uncoated'),
        cover_finish_id: id('cover_finish', 'Gloss'),
        page_count: 32,
        quantity: 25,
      }),
    ).toEqual({ pages: 32, unit: '4.28', perBook: '4.28', total: '107.00', original: null, discount: null });
  });

  it('thesis: 79 + 5 + 5 + 15 + 6 + (0.19 + 0.02) × 102 (101 pages printed) = 131.42', () => {
    const { id } = seededCatalog('pricing');
    expect(
      priced('pricing', {
        binding_id: id('binding', 'Leather Case Wrap'),
        spine_id: id('spine', 'Round'),
        exterior_color_id: id('exterior_color', 'Black'),
        foil_stamping_id: id('foil_stamping', 'Silver'),
        corner_protector_id: id('corner_protector', 'Vintage'),
        interior_color_id: id('interior_color', 'Premium Color'),
        paper_type_id: id('paper_type', '70# White-Uncoated'),
        page_count: 101,
        quantity: 1,
      }),
    ).toEqual({
      pages: 102,
      unit: '131.42',
      perBook: '131.42',
      total: '131.42',
      original: null,
      discount: null,
    });
  });
});

describe('checkConfiguration problems', () => {
  const print = seededCatalog('calculator');
  const base = {
    trim_size_id: print.id('trim_size', 'US Letter Landscape'),
    binding_id: print.id('binding', 'Perfect Bound', 'us-letter-landscape'),
    interior_color_id: print.id('interior_color', 'Standard Color'),
    paper_type_id: print.id('paper_type', '80# White-Coated'),
    cover_finish_id: print.id('cover_finish', 'Matte'),
    page_count: 100,
    quantity: 1,
  };
  const problems = (selection: Selection) => {
    const r = checkConfiguration(PRODUCTS.calculator, print.lookup, selection);
    return r.ok ? [] : r.problems;
  };

  it('accepts the base configuration', () => {
    expect(problems(base)).toEqual([]);
  });
  it('names a binding outside its page range on this trim', () => {
    expect(problems({ ...base, page_count: 300 })).toEqual([
      {
        field: 'page_count',
        message: 'Perfect Bound is available for 32 to 250 pages on US Letter Landscape, not 300.',
      },
    ]);
  });
  it('refuses a binding row of another trim size', () => {
    const other = print.id('binding', 'Perfect Bound', 'a4');
    expect(problems({ ...base, binding_id: other })).toEqual([
      {
        field: 'binding_id',
        message: `Perfect Bound (binding_id ${other}) is not offered for trim size US Letter Landscape.`,
      },
    ]);
  });
  it('refuses unknown ids, ids of another kind or category, and missing required fields', () => {
    expect(problems({ ...base, interior_color_id: 99_999 })).toEqual([
      { field: 'interior_color_id', message: 'interior_color_id 99999 is not a Print Book interior color.' },
    ]);
    expect(problems({ ...base, interior_color_id: base.paper_type_id })).toHaveLength(1);
    expect(problems({ ...base, cover_finish_id: undefined })).toEqual([
      { field: 'cover_finish_id', message: 'cover_finish_id is required.' },
    ]);
  });
  it('refuses bad page counts and quantities with clear messages', () => {
    expect(problems({ ...base, page_count: 1 })).toEqual([
      { field: 'page_count', message: 'Page count must be between 2 and 800.' },
    ]);
    expect(problems({ ...base, page_count: null })).toEqual([
      { field: 'page_count', message: 'page_count is required.' },
    ]);
    expect(problems({ ...base, quantity: 0 })).toEqual([
      { field: 'quantity', message: 'Quantity must be a whole number from 1 to 100000.' },
    ]);
    expect(problems({ ...base, quantity: 2.5 })).toEqual([
      { field: 'quantity', message: 'Quantity must be a whole number from 1 to 100000.' },
    ]);
    expect(problems({ ...base, quantity: undefined })).toEqual([
      { field: 'quantity', message: 'quantity is required.' },
    ]);
  });
  it('leaves optional extras out of the price when not chosen', () => {
    const photo = seededCatalog('photobook');
    const r = checkConfiguration(PRODUCTS.photobook, photo.lookup, {
      trim_size_id: photo.id('trim_size', 'Square'),
      binding_id: photo.id('binding', 'Perfect Bound'),
      interior_color_id: photo.id('interior_color', 'Premium Black & White'),
      paper_type_id: photo.id('paper_type', '80# White-Coated'),
      cover_finish_id: photo.id('cover_finish', 'Gloss'),
      page_count: 32,
      quantity: 1,
    });
    // 2.00 + 0.10 + (0.03 + 0.015) × 32 = 3.54
    expect(r.ok && quote(r.quoteInput).unitPriceCents).toBe(354);
  });

  it('prices an e-book at its flat fee, whatever its pages, with nothing printed', () => {
    const ebook = seededCatalog('ebook');
    const fee = ebook.id('flat_fee', 'E-Book Files');
    const r = checkConfiguration(PRODUCTS.ebook, ebook.lookup, {
      flat_fee_id: fee,
      page_count: 640,
      quantity: 1,
    });
    expect(r.ok && quote(r.quoteInput)).toMatchObject({
      unitPriceCents: 999,
      totalCents: 999,
      discount: null,
    });
    expect(r.ok && r.printedPageCount).toBe(1);
    const none = checkConfiguration(PRODUCTS.ebook, ebook.lookup, { quantity: 1 });
    expect(none.ok ? [] : none.problems).toEqual([
      { field: 'flat_fee_id', message: 'flat_fee_id is required.' },
    ]);
  });
});

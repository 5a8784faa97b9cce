/**
 * Print preflight on the corpus (docs/decisions/0060): each file made by pdf-lib is inspected as the worker does
 * (inspectPdf: the page tree walked through the xref, each page's TrimBox/CropBox/MediaBox and /Rotate, inherited
 * where the PDF says so), and the facts give the expected report against the book's trim.
 */
import { describe, expect, it } from 'vitest';
import { preflightReport, type PdfFacts, type PreflightTrim } from '@bindery/contracts/store/preflight';
import { TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import { inspectPdf } from '#plugins/app/projects/pdf-inspect.js';
import { corpus } from '../preflight-corpus.js';

const trim = (code: keyof typeof TRIM_SIZES): PreflightTrim => TRIM_SIZES[code];
const usTrade = trim('us-trade');
const a4 = trim('a4');
/** Some of the print book's trims (the product's full list comes from the catalog in the route tests). */
const trims = [trim('pocket-book'), trim('a5'), usTrade, trim('royal'), a4, trim('us-letter')];

async function factsOf(bytes: Buffer): Promise<PdfFacts> {
  const inspection = await inspectPdf(bytes);
  if (!inspection.ok || inspection.type !== 'application/pdf')
    throw new Error(`not inspected: ${JSON.stringify(inspection)}`);
  return inspection.facts;
}

const ok = {
  mixed: { check: 'mixed_sizes', status: 'ok', message: 'Every page has the same size.', pages: [] },
  rotated: { check: 'rotated_pages', status: 'ok', message: 'No page is rotated.', pages: [] },
  fonts: { check: 'fonts', status: 'ok', message: 'The pages name no fonts.', pages: [] },
  images: { check: 'images', status: 'ok', message: 'The pages draw no images.', pages: [] },
} as const;

describe('interior preflight: page size', () => {
  it('a 6 × 9 in file for a US Trade book: every page fits', async () => {
    const facts = await factsOf(await corpus.rightSize());
    expect(facts).toEqual({
      page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 4]] }],
      rotated: [],
      fonts: [],
      images: [],
      images_checked: 0,
    });
    expect(preflightReport(facts, usTrade, trims)).toEqual({
      status: 'ok',
      trim_size: 'US Trade',
      checks: [
        { check: 'page_size', status: 'ok', message: 'Every page is US Trade.', pages: [] },
        ok.mixed,
        ok.rotated,
        ok.fonts,
        ok.images,
      ],
    });
  });

  it('a 6 × 9 in file for an A4 book: an error naming the trim that fits and the size to upload', async () => {
    const report = preflightReport(await factsOf(await corpus.rightSize()), a4, trims);
    expect(report.status).toBe('error');
    expect(report.checks[0]).toEqual({
      check: 'page_size',
      status: 'error',
      message:
        'This file is 6 × 9 in (152.4 × 228.6 mm): choose US Trade, or upload a file of A4 size: ' +
        '8.27 × 11.69 in (210 × 297 mm), or 8.52 × 11.94 in (216.4 × 303.4 mm) with 0.125 in bleed.',
      pages: [[1, 4]],
    });
  });

  it('an A4 file for a US Trade book names A4; for an A4 book it fits', async () => {
    const facts = await factsOf(await corpus.a4());
    expect(preflightReport(facts, usTrade, trims).checks[0]?.message).toMatch(
      /^This file is 8\.27 × 11\.69 in \(210 × 297 mm\): choose A4, or upload a file of US Trade size/,
    );
    expect(preflightReport(facts, a4, trims).status).toBe('ok');
  });

  it('a size that is no trim of the book says so', async () => {
    const report = preflightReport(await factsOf(await corpus.rightSize()), a4, [a4]);
    expect(report.checks[0]?.message).toMatch(
      /^This file is 6 × 9 in \(152\.4 × 228\.6 mm\), which is none of this book's trim sizes: upload a file of A4 size/,
    );
  });

  it('6.25 × 9.25 in is US Trade with 0.125 in bleed', async () => {
    const report = preflightReport(await factsOf(await corpus.withBleed()), usTrade, trims);
    expect(report.status).toBe('ok');
    expect(report.checks[0]?.message).toBe('Every page is US Trade with 0.125 in bleed.');
  });

  it('the TrimBox is the page’s trim, not the bleed MediaBox around it', async () => {
    const facts = await factsOf(await corpus.trimBoxInBleed());
    expect(facts.page_sizes).toEqual([{ width_pt: 432, height_pt: 648, pages: [[1, 4]] }]);
    expect(preflightReport(facts, usTrade, trims).checks[0]?.message).toBe('Every page is US Trade.');
  });

  it('a MediaBox inherited from the page tree counts for every page under it', async () => {
    const facts = await factsOf(await corpus.inheritedMediaBox());
    expect(facts.page_sizes).toEqual([{ width_pt: 432, height_pt: 648, pages: [[1, 4]] }]);
  });

  it('mixed sizes: the pages of another size are an error, the mix a warning', async () => {
    const facts = await factsOf(await corpus.mixed());
    const report = preflightReport(facts, usTrade, trims);
    expect(report.status).toBe('error');
    expect(report.checks[0]).toEqual({
      check: 'page_size',
      status: 'error',
      message:
        'Pages 3, 5–6 are 8.27 × 11.69 in (210 × 297 mm): every page must be of US Trade size: ' +
        '6 × 9 in (152.4 × 228.6 mm), or 6.25 × 9.25 in (158.8 × 235 mm) with 0.125 in bleed. ' +
        'Upload a file whose pages are all that size.',
      pages: [
        [3, 3],
        [5, 6],
      ],
    });
    expect(report.checks[1]).toEqual({
      check: 'mixed_sizes',
      status: 'warning',
      message:
        'This file mixes 2 page sizes: 6 × 9 in (152.4 × 228.6 mm) on pages 1–2, 4, 7–8; ' +
        '8.27 × 11.69 in (210 × 297 mm) on pages 3, 5–6. A printed book has one page size: export every page at the same size.',
      pages: [
        [3, 3],
        [5, 6],
      ],
    });
  });

  it('a rotated page is checked as it shows, and reported as a warning', async () => {
    const facts = await factsOf(await corpus.rotated());
    expect(facts).toEqual({
      page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 4]] }],
      rotated: [{ degrees: 90, pages: [[2, 2]] }],
      fonts: [],
      images: [],
      images_checked: 0,
    });
    expect(preflightReport(facts, usTrade, trims)).toEqual({
      status: 'warning',
      trim_size: 'US Trade',
      checks: [
        { check: 'page_size', status: 'ok', message: 'Every page is US Trade.', pages: [] },
        ok.mixed,
        {
          check: 'rotated_pages',
          status: 'warning',
          message:
            'This file turns page 2 by 90°. They are checked and printed as they show on screen: make sure they read the right way up.',
          pages: [[2, 2]],
        },
        ok.fonts,
        ok.images,
      ],
    });
  });

  it('without a trim (a calendar, an e Book) only the checks that need none', async () => {
    const report = preflightReport(await factsOf(await corpus.rightSize()), null, trims);
    expect(report).toEqual({
      status: 'ok',
      trim_size: null,
      checks: [ok.mixed, ok.rotated, ok.fonts, ok.images],
    });
  });
});

describe('interior preflight: fonts', () => {
  const fontsCheck = async (bytes: Buffer) => {
    const facts = await factsOf(bytes);
    return { facts, check: preflightReport(facts, usTrade, trims).checks.find((c) => c.check === 'fonts') };
  };

  it('a standard font that is not embedded is an error, with the pages that use it', async () => {
    const { facts, check } = await fontsCheck(await corpus.standardFont());
    expect(facts.fonts).toEqual([
      { name: 'Helvetica', subtype: 'Type1', embedded: false, standard: true, pages: [[1, 2]] },
    ]);
    expect(check).toEqual({
      check: 'fonts',
      status: 'error',
      message:
        'This font is not embedded: Helvetica (a standard font, which printers still need embedded) on pages 1–2. ' +
        'Export the PDF again with all fonts embedded (for example as PDF/X-1a or PDF/A).',
      pages: [[1, 2]],
    });
  });

  it('fonts whose program the file carries (a subset TrueType, a composite Type0) pass', async () => {
    const { facts, check } = await fontsCheck(await corpus.embeddedFonts());
    expect(facts.fonts).toEqual([
      { name: 'LiberationSerif', subtype: 'TrueType', embedded: true, standard: false, pages: [[1, 3]] },
      { name: 'NotoSansCJK', subtype: 'Type0', embedded: true, standard: false, pages: [[2, 2]] },
    ]);
    expect(check).toEqual({
      check: 'fonts',
      status: 'ok',
      message: 'Every font is embedded (2 fonts).',
      pages: [],
    });
  });

  it('a Type 3 font counts as embedded', async () => {
    const { facts, check } = await fontsCheck(await corpus.type3Font());
    expect(facts.fonts).toEqual([
      { name: 'Type 3 font', subtype: 'Type3', embedded: true, standard: false, pages: [[1, 1]] },
    ]);
    expect(check?.status).toBe('ok');
  });
});

describe('interior preflight: images', () => {
  it('each image’s resolution at its drawn size: below 150 ppi an error, below 300 a warning, naming page and size', async () => {
    const facts = await factsOf(await corpus.images());
    expect(facts.images_checked).toBe(3);
    expect(facts.images).toEqual([
      { width_px: 300, height_px: 200, width_pt: 300, height_pt: 200, ppi: 72, pages: [[1, 1]] },
      { width_px: 1200, height_px: 800, width_pt: 432, height_pt: 288, ppi: 200, pages: [[3, 3]] },
    ]);
    const check = preflightReport(facts, usTrade, trims).checks.find((c) => c.check === 'images');
    expect(check).toEqual({
      check: 'images',
      status: 'error',
      message:
        'An image is below 150 ppi and will print blurred. An image is below 300 ppi and may print soft. ' +
        'Page 1: 300 × 200 px drawn at 4.17 × 2.78 in is 72 ppi; Page 3: 1200 × 800 px drawn at 6 × 4 in is 200 ppi. ' +
        'Use larger images or draw them smaller, then export the PDF again.',
      pages: [
        [1, 1],
        [3, 3],
      ],
    });
  });

  it('a 300 ppi image passes', async () => {
    const facts = await factsOf(await corpus.images());
    const only300 = { ...facts, images: [] };
    expect(preflightReport(only300, usTrade, trims).checks.find((c) => c.check === 'images')).toEqual({
      check: 'images',
      status: 'ok',
      message: 'Every image is 300 ppi or more at the size it is drawn (3 images).',
      pages: [],
    });
  });
});

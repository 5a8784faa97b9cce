/**
 * Print preflight on the corpus (docs/decisions/0060): each file made by pdf-lib is inspected as the worker does
 * (inspectPdf: the page tree walked through the xref, each page's TrimBox/CropBox/MediaBox and /Rotate, inherited
 * where the PDF says so), and the facts give the expected report against the book's trim.
 */
import { describe, expect, it } from 'vitest';
import {
  BLANK_RUN_WARNING,
  gutterPt,
  preflightReport,
  TEXT_INSET_KEPT_PT,
  warningsKey,
  type PdfFacts,
  type PreflightTrim,
} from '@bindery/contracts/store/preflight';
import { TEXT_INSET_KEPT_PT as WORKER_KEPT_PT } from '#plugins/app/projects/pdf-page-marks.js';
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
  colour: { check: 'colour', status: 'ok', message: 'No colour problem found.', pages: [] },
  safety: {
    check: 'safety',
    status: 'ok',
    message: 'All text is at least 0.25 in from the trim edge and 0.375 in from the binding.',
    pages: [],
  },
  blank: { check: 'blank_pages', status: 'ok', message: 'No page is blank.', pages: [] },
} as const;

/** The facts of pages that draw a grey bar and nothing else (ADR 0070). */
const plainMarks = {
  colour: { colour_pages: [], colour_image_pages: [], spot_colours: [], device_colour_pages: [] },
  text_insets: [],
  blank_pages: [],
};

describe('interior preflight: page size', () => {
  it('a 6 × 9 in file for a US Trade book: every page fits', async () => {
    const facts = await factsOf(await corpus.rightSize());
    expect(facts).toEqual({
      page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 4]] }],
      rotated: [],
      fonts: [],
      images: [],
      images_checked: 0,
      ...plainMarks,
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
        ok.colour,
        ok.safety,
        ok.blank,
      ],
      warnings_key: null,
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
      ...plainMarks,
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
        ok.colour,
        ok.safety,
        ok.blank,
      ],
      warnings_key: expect.stringMatching(/^[0-9a-f]{14}$/) as unknown,
    });
  });

  it('without a trim (a calendar, an e Book) only the checks that need none', async () => {
    const report = preflightReport(await factsOf(await corpus.rightSize()), null, trims);
    expect(report).toEqual({
      status: 'ok',
      trim_size: null,
      checks: [ok.mixed, ok.rotated, ok.fonts, ok.images, ok.colour, ok.blank],
      warnings_key: null,
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

describe('interior preflight: colour (ADR 0070)', () => {
  const colourOf = async (bytes: Buffer, book: { blackAndWhite: boolean }) => {
    const facts = await factsOf(bytes);
    return {
      facts,
      check: preflightReport(facts, usTrade, trims, book).checks.find((c) => c.check === 'colour'),
    };
  };

  it('an RGB photo in a black-and-white book is a warning naming its page; in a colour book a note', async () => {
    const bytes = await corpus.rgbImage();
    const { facts, check } = await colourOf(bytes, { blackAndWhite: true });
    expect(facts.colour).toEqual({
      colour_pages: [],
      colour_image_pages: [[1, 1]],
      spot_colours: [],
      device_colour_pages: [[1, 1]],
    });
    expect(check).toEqual({
      check: 'colour',
      status: 'warning',
      message:
        'This black-and-white book has colour images on page 1: they print in greys. Check they read well in grey, or choose a colour interior.',
      pages: [[1, 1]],
    });
    const colourBook = preflightReport(facts, usTrade, trims, { blackAndWhite: false }).checks.find(
      (c) => c.check === 'colour',
    );
    expect(colourBook?.status).toBe('ok');
    expect(colourBook?.message).toBe(
      'Note: page 1 use RGB or CMYK colour without a colour profile; it is printed with our standard conversion, so colours may differ slightly from your screen.',
    );
  });

  it('CMYK text that is not black is colour; black (K only) is not', async () => {
    const { facts, check } = await colourOf(await corpus.cmykText(), { blackAndWhite: true });
    expect(facts.colour?.colour_pages).toEqual([[2, 2]]);
    expect(check?.status).toBe('warning');
    expect(check?.pages).toEqual([[2, 2]]);
    expect(check?.message).toMatch(
      /^This black-and-white book has colour text or drawings on page 2: they print in greys/,
    );
  });

  it('a spot colour is a warning in any book, by name and page', async () => {
    const { facts, check } = await colourOf(await corpus.spotColour(), { blackAndWhite: false });
    expect(facts.colour?.spot_colours).toEqual([{ name: 'PANTONE 185 C', pages: [[2, 2]] }]);
    expect(check).toEqual({
      check: 'colour',
      status: 'warning',
      message:
        'Spot colours are used (PANTONE 185 C on page 2): they are printed as process colour, so they may shift. Convert them to CMYK before you export.',
      pages: [[2, 2]],
    });
  });

  it('a grey-only file passes in a black-and-white book', async () => {
    const { check } = await colourOf(await corpus.rightSize(), { blackAndWhite: true });
    expect(check).toEqual({
      check: 'colour',
      status: 'ok',
      message: 'The pages are in greys only.',
      pages: [],
    });
  });
});

describe('interior preflight: safety margin and gutter (ADR 0070)', () => {
  it('text in the gutter (by the binding side of each page) and near the edge are warnings with their pages', async () => {
    const facts = await factsOf(await corpus.textNearEdges());
    expect(facts.text_insets).toEqual([
      [1, 20, 412, 300, 348],
      [2, 408, 24, 300, 348],
      [3, 72, 360, 640, 8],
    ]);
    const check = preflightReport(facts, usTrade, trims).checks.find((c) => c.check === 'safety');
    expect(check).toEqual({
      check: 'safety',
      status: 'warning',
      message:
        'Text lies within 0.25 in of the trim edge on page 3: it may be cut off. Keep text at least 0.25 in inside the trim. ' +
        'Pages 1–2 have text in the 0.375 in gutter a 4-page book needs on its binding side: it may disappear into the binding. Make the inside margin at least 0.375 in.',
      pages: [[1, 3]],
    });
  });

  it('the gutter grows with the page count and the binding (KDP’s table; coil at least 0.5 in)', () => {
    expect([24, 150, 151, 300, 301, 500, 501, 700, 701].map((n) => gutterPt(n, 'perfect_bound'))).toEqual([
      27, 27, 36, 36, 45, 45, 54, 54, 63,
    ]);
    expect(gutterPt(40, 'coil_bound')).toBe(36);
    expect(gutterPt(40, 'saddle_stitch')).toBe(27);
  });

  it('a bleed page is measured from its trim, 0.125 in inside the page', async () => {
    const facts = await factsOf(await corpus.textNearEdges());
    // The same insets on a 6.25 × 9.25 in page: the trim is 9 pt further in, so 24 pt from the page's top is 15.
    const bleed = {
      ...facts,
      page_sizes: [{ width_pt: 450, height_pt: 666, pages: [[1, 4]] as [number, number][] }],
      text_insets: [[3, 72, 360, 640, 24] as [number, number, number, number, number]],
    };
    const check = preflightReport(bleed, usTrade, trims).checks.find((c) => c.check === 'safety');
    expect(check?.pages).toEqual([[3, 3]]);
  });
});

describe('interior preflight: blank pages (ADR 0070)', () => {
  it(`a run of ${BLANK_RUN_WARNING} blank pages or more is a warning; a single blank verso is not`, async () => {
    const facts = await factsOf(await corpus.blankRun());
    expect(facts.blank_pages).toEqual([
      [4, 7],
      [9, 9],
    ]);
    const check = preflightReport(facts, usTrade, trims).checks.find((c) => c.check === 'blank_pages');
    expect(check).toEqual({
      check: 'blank_pages',
      status: 'warning',
      message:
        'Pages 4–7 are blank (3 or more in a row): they are printed as blank pages. Check nothing is missing.',
      pages: [[4, 7]],
    });
  });
});

describe('acknowledging warnings (ADR 0070)', () => {
  it('the key names these very warnings: another warning, or other pages, give another key', async () => {
    const report = preflightReport(await factsOf(await corpus.blankRun()), usTrade, trims);
    const again = preflightReport(await factsOf(await corpus.blankRun()), usTrade, trims);
    expect(report.warnings_key).toMatch(/^[0-9a-f]{14}$/);
    expect(again.warnings_key).toBe(report.warnings_key);
    const other = preflightReport(await factsOf(await corpus.rotated()), usTrade, trims);
    expect(other.warnings_key).not.toBe(report.warnings_key);
    expect(warningsKey(report.checks.filter((c) => c.status !== 'warning'))).toBeNull();
  });
});

it('the worker keeps the insets the report needs (its copy of the contracts’ constant)', () => {
  expect(WORKER_KEPT_PT).toBe(TEXT_INSET_KEPT_PT);
});

/**
 * File facts from bytes: the magic numbers we accept, a PDF's real page count from its page tree
 * (never its own /Count), PDF.js having to open it, and cover images parsed in full — on real files made with
 * pdf-lib / jpeg-js / zlib and on hostile ones built from them.
 */
import { describe, expect, it } from 'vitest';
import {
  inspectImage,
  inspectPdf,
  readerPageCount,
  sniffContentType,
} from '#plugins/app/projects/pdf-inspect.js';
import { MAX_DEPTH } from '#plugins/app/projects/pdf-page-tree.js';
import { MAX_CONTENT_INFLATED_BYTES } from '#plugins/app/projects/pdf-page-images.js';
import { MAX_INFLATE_RATIO } from '#plugins/app/projects/pdf-xref.js';
import {
  breakXref,
  corruptPdf,
  garbageJpeg,
  garbagePng,
  gifBytes,
  hugePngHeader,
  jpegBytes,
  makePdf,
  pdfContentBomb,
  pdfDeclaring,
  pdfInflateBomb,
  pdfWithAddedPages,
  pdfWithBrokenXref,
  pdfWithCyclicKids,
  pdfWithDecoyPages,
  pdfWithDeepTree,
  pdfWithPredictedXref,
  pdfWithUndoneUpdate,
  pngBytes,
} from '../pdf-fixtures.js';

describe('sniffContentType', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n...'), 'application/pdf'],
    [
      'a PDF after a few junk bytes (readers accept the header in the first 1024)',
      Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.7')]),
      'application/pdf',
    ],
    ['a JPEG', jpegBytes(), 'image/jpeg'],
    ['a PNG', pngBytes(), 'image/png'],
    ['a GIF', gifBytes(), null],
    ['text', Buffer.from('hello, world'), null],
    ['nothing', Buffer.alloc(0), null],
    [
      'a PDF header after 1024 bytes',
      Buffer.concat([Buffer.alloc(1024, 0x20), Buffer.from('%PDF-1.7')]),
      null,
    ],
    ['half a PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47]), null],
  ])('%s', (_what, bytes, expected) => {
    expect(sniffContentType(bytes)).toBe(expected);
  });
});

describe('inspectPdf: the real page count', () => {
  it.each([1, 2, 33, 800])('%i pages', async (pages) => {
    expect(await inspectPdf(await makePdf(pages, { blank: true }))).toEqual({
      ok: true,
      type: 'application/pdf',
      pages,
      // Every page's trim size, read in the same walk (docs/decisions/0060).
      facts: {
        page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, pages]] }],
        rotated: [],
        fonts: [],
        images: [],
        images_checked: 0,
        // What the pages paint (ADR 0070): nothing, so every page is blank.
        colour: { colour_pages: [], colour_image_pages: [], spot_colours: [], device_colour_pages: [] },
        text_insets: [],
        blank_pages: [[1, pages]],
      },
    });
  });

  it('counts pages stored in object streams (pdf-lib’s default output)', async () => {
    expect(await inspectPdf(await makePdf(12))).toMatchObject({ ok: true, pages: 12 });
  });

  it('refuses 400 pages declaring /Count 40 (priced as 40 before)', async () => {
    expect(await inspectPdf(await pdfDeclaring(400, 40))).toEqual({
      ok: false,
      type: 'application/pdf',
      problem: 'page-count-mismatch',
      declared: 40,
      real: 400,
    });
  });

  it('refuses 40 pages declaring /Count 400', async () => {
    expect(await inspectPdf(await pdfDeclaring(40, 400))).toMatchObject({
      ok: false,
      problem: 'page-count-mismatch',
      declared: 400,
      real: 40,
    });
  });

  it('refuses a page tree whose /Kids lead back to the root, without looping', async () => {
    const result = await inspectPdf(await pdfWithCyclicKids());
    expect(result).toMatchObject({ ok: false, problem: 'unreadable-pdf' });
    expect(!result.ok && 'detail' in result && result.detail).toMatch(/reached twice/);
  });

  it(`refuses a tree deeper than ${MAX_DEPTH} levels, accepts a few levels`, async () => {
    expect(await inspectPdf(await pdfWithDeepTree(MAX_DEPTH + 10))).toMatchObject({
      ok: false,
      problem: 'unreadable-pdf',
    });
    expect(await inspectPdf(await pdfWithDeepTree(8))).toMatchObject({ ok: true, pages: 2 });
  });

  it('reads a PDF with a broken cross-reference table by its objects, and still refuses a lying /Count', async () => {
    expect(await inspectPdf(await pdfWithBrokenXref(30))).toMatchObject({ ok: true, pages: 30 });
    expect(await inspectPdf(await pdfWithBrokenXref(300, 30))).toMatchObject({
      ok: false,
      problem: 'page-count-mismatch',
      declared: 30,
      real: 300,
    });
  });

  it('refuses a corrupt, a truncated or an empty PDF', async () => {
    for (const bytes of [corruptPdf(), (await makePdf(10)).subarray(0, 300), new Uint8Array(0)])
      expect(await inspectPdf(bytes)).toMatchObject({ ok: false, problem: 'unreadable-pdf' });
  });
});

describe('inspectPdf: the tree as the cross-reference table resolves it (docs/decisions/0053)', () => {
  it('refuses the decoy: /Count 32 over 800 pages, with an unlisted copy of the root listing 32 kids', async () => {
    const decoy = await pdfWithDecoyPages(800, 32);
    // PDF.js follows the table to the real root and trusts its /Count: priced as 32 before.
    expect(await readerPageCount(Buffer.from(decoy))).toBe(32);
    expect(await inspectPdf(decoy)).toEqual({
      ok: false,
      type: 'application/pdf',
      problem: 'page-count-mismatch',
      declared: 32,
      real: 800,
    });
  });

  it('refuses the decoy in a file whose table is broken too: the root is defined twice', async () => {
    const result = await inspectPdf(breakXref(await pdfWithDecoyPages(800, 32)));
    expect(result).toMatchObject({ ok: false, problem: 'unreadable-pdf' });
    expect(!result.ok && 'detail' in result && result.detail).toMatch(/defined 2 times/);
  });

  it('reads a deflated cross-reference stream with PNG predictors and pages in an object stream', async () => {
    const file = pdfWithPredictedXref(30);
    expect(await readerPageCount(Buffer.from(file))).toBe(30);
    expect(await inspectPdf(file)).toMatchObject({ ok: true, type: 'application/pdf', pages: 30 });
  });

  it('counts the newest revision: an update adding 2 pages makes 12, a further one undoing it 10', async () => {
    const added = await pdfWithAddedPages(10, 2);
    expect(await readerPageCount(Buffer.from(added))).toBe(12);
    expect(await inspectPdf(added)).toMatchObject({ ok: true, type: 'application/pdf', pages: 12 });
    // The 12-page /Pages object comes later in the file, but the newest table points at the first one.
    const undone = await pdfWithUndoneUpdate(10, 2);
    expect(await readerPageCount(Buffer.from(undone))).toBe(10);
    expect(await inspectPdf(undone)).toMatchObject({ ok: true, type: 'application/pdf', pages: 10 });
  });
});

describe('inspectPdf: inflating is bounded (docs/decisions/0053)', () => {
  it(`refuses an object stream inflating more than ${MAX_INFLATE_RATIO} times past its first MiB`, async () => {
    // 3 KB inflating to 3 MB: a valid file (PDF.js opens it), but no object stream needs that ratio.
    const bomb = pdfInflateBomb(3_000);
    expect(await readerPageCount(Buffer.from(bomb))).toBe(2);
    const result = await inspectPdf(bomb);
    expect(result).toMatchObject({ ok: false, problem: 'pdf-too-large' });
    expect(!result.ok && 'detail' in result && result.detail).toMatch(/times its size/);
  });

  it('refuses a 2 MB bomb (about 2 GB inflated) after 64 MB, in well under a second of work', async () => {
    const bomb = pdfInflateBomb(2 * 1024 * 1024);
    const start = performance.now();
    const result = await inspectPdf(bomb);
    const ms = performance.now() - start;
    expect(result).toMatchObject({ ok: false, problem: 'pdf-too-large' });
    expect(!result.ok && 'detail' in result && result.detail).toMatch(/more than 64 MB/);
    // About 0.15 s on a quiet machine; the bound leaves room for a loaded one.
    expect(ms).toBeLessThan(2_000);
  });
});

describe('inspectPdf: page content inflates within its own budget (docs/decisions/0060)', () => {
  it(`reads 800 pages drawing one 2 MB content bomb: ${MAX_CONTENT_INFLATED_BYTES / 1024 / 1024} MB inflated once, every page listed as not checked`, async () => {
    // About 2 GB of content, drawn by every page. The budget's outcome is a warning, never a refusal: the pages
    // whose content could not be read are listed as not checked. Spent once for the file, not once per page (the
    // cap used to be inflated again for each of the 800 pages: about 23 s).
    const bomb = pdfContentBomb(800, 2 * 1024 * 1024);
    const start = performance.now();
    const result = await inspectPdf(bomb);
    const ms = performance.now() - start;
    expect(result).toMatchObject({
      ok: true,
      pages: 800,
      facts: { images_checked: 0, images_unchecked: [[1, 800]], blank_pages: [] },
    });
    // About 0.1 s on a quiet machine; the bound leaves room for a loaded one.
    expect(ms).toBeLessThan(2_000);
  });
});

describe('inspectImage: decoded, not only a magic number', () => {
  it('reads the format and size of real JPEG and PNG files', async () => {
    expect(await inspectImage('image/jpeg', jpegBytes(640, 480))).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(await inspectImage('image/png', pngBytes(300, 200))).toEqual({
      ok: true,
      type: 'image/png',
      width: 300,
      height: 200,
    });
  });

  it.each([
    ['a JPEG magic number followed by garbage', 'image/jpeg', garbageJpeg()],
    ['a PNG signature followed by garbage', 'image/png', garbagePng()],
    ['a JPEG cut off half-way', 'image/jpeg', jpegBytes(200, 200).subarray(0, 1500)],
    ['a PNG cut off half-way', 'image/png', pngBytes(200, 200).subarray(0, 400)],
    [
      'a PNG whose data is shorter than its header says',
      'image/png',
      pngBytes(64, 48, { declaredHeight: 60 }),
    ],
  ] as const)('refuses %s', async (_what, type, bytes) => {
    expect(await inspectImage(type, bytes)).toMatchObject({ ok: false, type, problem: 'unreadable-image' });
  });

  it('refuses a PNG with one flipped bit (its CRC no longer matches)', async () => {
    const bytes = pngBytes(32, 32);
    const at = bytes.length - 20;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    expect(await inspectImage('image/png', bytes)).toMatchObject({ ok: false, problem: 'unreadable-image' });
  });

  it('refuses a decompression bomb’s dimensions before inflating anything', async () => {
    expect(await inspectImage('image/png', hugePngHeader(20_000, 20_000))).toMatchObject({
      ok: false,
      problem: 'image-too-large',
    });
    expect(await inspectImage('image/png', hugePngHeader(40_000, 10))).toMatchObject({
      ok: false,
      problem: 'image-too-large',
    });
  });
});

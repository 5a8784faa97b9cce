/**
 * File facts from bytes (issue 11.2): the magic numbers we accept, a PDF's real page count from its page tree
 * (never its own /Count), PDF.js having to open it, and cover images parsed in full — on real files made with
 * pdf-lib / jpeg-js / zlib and on hostile ones built from them.
 */
import { describe, expect, it } from 'vitest';
import { inspectImage, inspectPdf, sniffContentType } from '#plugins/app/projects/pdf-inspect.js';
import { MAX_DEPTH } from '#plugins/app/projects/pdf-page-tree.js';
import {
  corruptPdf,
  garbageJpeg,
  garbagePng,
  gifBytes,
  hugePngHeader,
  jpegBytes,
  makePdf,
  pdfDeclaring,
  pdfWithBrokenXref,
  pdfWithCyclicKids,
  pdfWithDeepTree,
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

/**
 * File facts from bytes: the magic numbers we accept and the page count PDF.js reads, on real PDFs made with
 * pdf-lib and on broken ones.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  countPdfPages,
  countPdfPagesInFile,
  sniffContentType,
} from '../../src/plugins/app/projects/pdf-inspect.js';
import { corruptPdf, gifBytes, jpegBytes, makePdf, pngBytes } from '../pdf-fixtures.js';

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

describe('countPdfPages', () => {
  it.each([1, 2, 33, 800])('%i pages', async (pages) => {
    expect(await countPdfPages(await makePdf(pages, { blank: true }))).toBe(pages);
  });

  it('null for a corrupt, a truncated or an empty PDF', async () => {
    expect(await countPdfPages(corruptPdf())).toBeNull();
    expect(await countPdfPages((await makePdf(10)).subarray(0, 300))).toBeNull();
    expect(await countPdfPages(new Uint8Array(0))).toBeNull();
  });

  const dir = mkdtemp(join(tmpdir(), 'pdf-inspect-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('counts files on disk, many at once (parsing is bounded to a few at a time)', async () => {
    const paths = await Promise.all(
      [3, 5, 8, 13, 21, 34].map(async (pages) => {
        const path = join(await dir, `${pages}.pdf`);
        await writeFile(path, await makePdf(pages, { blank: true }));
        return path;
      }),
    );
    expect(await Promise.all(paths.map(countPdfPagesInFile))).toEqual([3, 5, 8, 13, 21, 34]);
  });
});

/**
 * The cover of a book on the seeded catalog (docs/decisions/0055): GET api/cover-dimensions/ computes it from the
 * server's own records (hand-computed figures for 6 × 9 in, 300 pages on 60# white), refuses what the catalog does
 * not have with a 400 naming the field, and GET api/cover-template/ answers a PDF whose page is that cover in points.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import {
  catalogOptionsResponse,
  catalogOptionsKeys,
  type CatalogItem,
} from '@bindery/contracts/store/catalog';
import { CoverDimensionsResponse } from '@bindery/contracts/store/cover';
import { coverPreflightReport, coverSizeOf } from '@bindery/contracts/store/cover-preflight';
import { inspectPng } from '#plugins/app/projects/image-inspect.js';
import { PRODUCTS } from '@bindery/pricing/products';
import { defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

type Item = CatalogItem & { trim_size_id?: number | null };

async function printBookOptions() {
  const res = await request(t, { method: 'GET', url: '/api/calculator/dropdowns/' });
  expect(res.statusCode).toBe(200);
  return json(res, catalogOptionsResponse(catalogOptionsKeys(PRODUCTS.calculator))) as Record<string, Item[]>;
}

/** The print book's ids of a trim, a binding on it and a paper, by name. */
async function book(trimName: string, bindingName: string, paperName: string) {
  const opts = await printBookOptions();
  const trim = defined(
    opts['trim_sizes']?.find((i) => i.name === trimName),
    trimName,
  );
  const binding = defined(
    opts['bindings']?.find((i) => i.name === bindingName && i.trim_size_id === trim.id),
    `${bindingName} on ${trimName}`,
  );
  const paper = defined(
    opts['paper_types']?.find((i) => i.name === paperName),
    paperName,
  );
  return { trim_size_id: trim.id, binding_id: binding.id, paper_type_id: paper.id };
}

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('GET api/cover-dimensions/', () => {
  it('6 x 9 in perfect bound, 300 pages on 60# white: spine 0.736 in, full cover 12.986 x 9.25 in = 934.97 x 666 pt', async () => {
    const ids = await book('US Trade', 'Perfect Bound', '60# White-Uncoated');
    const res = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...ids, page_count: 300 })}`,
    });
    expect(res.statusCode).toBe(200);
    const body = json(res, CoverDimensionsResponse);
    expect(body.trim_size).toMatchObject({ name: 'US Trade', dimensions: '6 x 9 in' });
    expect(body.binding.binding_style).toBe('perfect_bound');
    expect(body.paper_type).toMatchObject({ name: '60# White-Uncoated', pages_per_inch: 444 });
    expect(body.spine_text_allowed).toBe(true);
    // spine = 300 / 444 + 0.06 in; width = 2 × 6 + spine + 2 × 0.125; height = 9 + 2 × 0.125.
    expect(body.inches).toMatchObject({
      spine_width: 0.736,
      width: 12.986,
      height: 9.25,
      bleed: 0.125,
      wrap: 0,
    });
    expect(body.millimetres).toMatchObject({ spine_width: 18.686, width: 329.836, height: 234.95 });
    expect(body.points).toMatchObject({ width: 934.97, height: 666 });
    expect(body.inches.barcode).toEqual({ x: 3.875, y: 7.675, width: 2, height: 1.2 });
  });

  it('case wrap adds 0.75 in of wrap on each edge; saddle stitch has no spine and no spine text', async () => {
    const hard = await book('US Trade', 'Case Wrap', '60# White-Uncoated');
    const res = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...hard, page_count: 300 })}`,
    });
    expect(json(res, CoverDimensionsResponse).inches).toMatchObject({
      width: 14.688,
      height: 10.75,
      wrap: 0.75,
    });

    const saddle = await book('A5', 'Saddle Stitch', '60# White-Uncoated');
    const thin = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...saddle, page_count: 42 })}`,
    });
    const body = json(thin, CoverDimensionsResponse);
    expect(body.printed_page_count).toBe(44);
    expect(body.spine_text_allowed).toBe(false);
    expect(body.millimetres).toMatchObject({
      spine_width: 0,
      width: 302.35,
      height: 216.35,
      spine_safe: null,
    });
  });

  it('refuses with a 400 naming the field: a page count out of the binding’s range, a binding of another trim, an unknown id', async () => {
    const ids = await book('US Trade', 'Saddle Stitch', '60# White-Uncoated');
    const tooMany = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...ids, page_count: 300 })}`,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany, ErrorBody)).toMatchObject({
      error: 'Saddle Stitch is available for 4 to 48 pages on US Trade, not 300.',
      fields: [{ path: 'querystring.page_count' }],
    });

    const a5 = await book('A5', 'Perfect Bound', '60# White-Uncoated');
    const mixed = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...ids, binding_id: a5.binding_id, page_count: 100 })}`,
    });
    expect(mixed.statusCode).toBe(400);
    expect(json(mixed, ErrorBody).error).toMatch(/is not offered for trim size US Trade/);

    const unknown = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...ids, paper_type_id: 999_999, page_count: 40 })}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown, ErrorBody).error).toBe('paper_type_id 999999 is not a Print Book paper type.');

    const calendar = await request(t, {
      method: 'GET',
      url: `/api/cover-dimensions/?${query({ ...ids, category: 'calender', page_count: 40 })}`,
    });
    expect(calendar.statusCode).toBe(400);
    expect(json(calendar, ErrorBody).fields).toEqual([
      { path: 'querystring.category', message: expect.stringContaining('not "calender"') as unknown },
    ]);

    const missing = await request(t, { method: 'GET', url: '/api/cover-dimensions/?page_count=abc' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET api/cover-template/', () => {
  it('answers a PDF download whose one page is the full cover in points, with the guides labelled', async () => {
    const ids = await book('US Trade', 'Perfect Bound', '60# White-Uncoated');
    const q = query({ ...ids, page_count: 300 });
    const dims = json(
      await request(t, { method: 'GET', url: `/api/cover-dimensions/?${q}` }),
      CoverDimensionsResponse,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/cover-template/?${q}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('cover-template-us-trade-perfect-bound-300p.pdf');
    const bytes = new Uint8Array(res.rawPayload);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const size = defined(pdf.getPage(0), 'the page').getSize();
    expect(size).toEqual({ width: dims.points.width, height: dims.points.height });
    expect(size).toEqual({ width: 934.97, height: 666 });
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const label of ['BACK COVER', 'FRONT COVER', 'SPINE', 'BARCODE AREA', 'bleed', 'safe area']) {
      expect(text).toContain(label);
    }
  });

  it('refuses what the dimensions refuse, as JSON', async () => {
    const ids = await book('US Trade', 'Perfect Bound', '60# White-Uncoated');
    const res = await request(t, {
      method: 'GET',
      url: `/api/cover-template/?${query({ ...ids, page_count: 900 })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).error).toBe('Page count must be between 2 and 800.');
  });
});

/** A PNG's chunks by type (the IDAT ones joined). */
function pngChunks(png: Buffer): Map<string, Buffer> {
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    chunks.set(type, Buffer.concat([chunks.get(type) ?? Buffer.alloc(0), data]));
    at += 12 + length;
  }
  return chunks;
}

describe('GET api/cover-template/png/', () => {
  it('answers a PNG of the full cover at the stated resolution, with the guides where the dimensions put them', async () => {
    const ids = await book('US Trade', 'Perfect Bound', '60# White-Uncoated');
    const q = query({ ...ids, page_count: 300 });
    const dims = json(
      await request(t, { method: 'GET', url: `/api/cover-dimensions/?${q}` }),
      CoverDimensionsResponse,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/cover-template/png/?${q}&ppi=100` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('cover-template-us-trade-perfect-bound-300p.png');
    const png = res.rawPayload;
    // A valid PNG by our own upload check, of 12.986 × 9.25 in at 100 ppi.
    expect(await inspectPng(png)).toEqual({ format: 'png', width: 1299, height: 925 });
    // The pixel at a point of the sheet (inches from the top-left), as a palette index's colour.
    const chunks = pngChunks(png);
    const rows = inflateSync(defined(chunks.get('IDAT'), 'IDAT'));
    const palette = defined(chunks.get('PLTE'), 'PLTE');
    const colour = (xIn: number, yIn: number) => {
      const index = defined(rows[Math.round(yIn * 100) * 1300 + 1 + Math.round(xIn * 100)], 'pixel');
      return [...palette.subarray(index * 3, index * 3 + 3)].join(',');
    };
    const inches = dims.inches;
    expect(colour(0.05, 4)).toBe('255,222,222'); // the bleed
    expect(colour(3, 4)).toBe('255,255,255'); // the back cover
    expect(colour(inches.spine.x + inches.spine.width / 2, 0.05)).toBe('255,222,222'); // above the spine, bleed
    expect(colour(inches.spine.x, 0.06)).toBe('115,51,153'); // a spine fold runs across the bleed too
    expect(colour(inches.barcode.x + 1, inches.barcode.y + 0.6)).toBe('230,230,230'); // the barcode box
    expect(chunks.get('tEXt')?.toString('latin1')).toContain('Full cover 12.986 x 9.25 in');

    // Drawn at 300 ppi, it is a cover this book's preflight takes: its shape and resolution are right.
    const sharp = await t.app.inject({ method: 'GET', url: `/api/cover-template/png/?${q}&ppi=300` });
    const facts = await inspectPng(sharp.rawPayload);
    expect(
      coverPreflightReport(
        { kind: 'image', width_px: facts.width, height_px: facts.height },
        coverSizeOf(dims),
      ).status,
    ).toBe('ok');
  });

  it('refuses a resolution out of range, and one that would exceed the pixel bound, naming ppi', async () => {
    const ids = await book('US Trade', 'Perfect Bound', '60# White-Uncoated');
    const q = query({ ...ids, page_count: 300 });
    const low = await request(t, { method: 'GET', url: `/api/cover-template/png/?${q}&ppi=10` });
    expect(low.statusCode).toBe(400);
    expect(json(low, ErrorBody).fields?.[0]?.path).toBe('querystring.ppi');
    // A case-wrap cover of the largest trim at 300 ppi is more than 20 megapixels.
    const large = await book('US Letter', 'Case Wrap', '60# White-Uncoated');
    const refused = await request(t, {
      method: 'GET',
      url: `/api/cover-template/png/?${query({ ...large, page_count: 300 })}&ppi=300`,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const error = json(refused, ErrorBody);
    expect(error.error).toMatch(
      /^At 300 ppi this cover would be \d+ × \d+ px; the template image is at most 20 megapixels: ask for \d+ ppi or less/,
    );
    expect(error.fields?.[0]?.path).toBe('querystring.ppi');
  });
});

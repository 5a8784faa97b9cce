/**
 * Cover preflight through the HTTP API (docs/decisions/0069), on the cover corpus (cover-corpus.ts): a cover upload
 * keeps its facts (a PDF's pages, fonts and images; an image's pixels); upload-book checks the cover against the
 * full cover of the chosen book, keeps the report with the project and refuses a cover with an error on its field;
 * a new page count checks the cover again and says which spine it was made for.
 */
import { describe, expect, it } from 'vitest';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { ErrorBody } from '@bindery/contracts/common';
import type { CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import { UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { createUser, json, request, setupTestApp } from '../helper.js';
import { coverCorpus } from '../cover-corpus.js';
import { placeOrder } from '../orders-fixtures.js';
import { printBookConfiguration, upload, uploadBook, uploadPdf, type Auth } from '../projects.js';

const t = setupTestApp();

async function uploadCover(auth: Auth, bytes: Buffer, type = 'application/pdf'): Promise<UploadedFile> {
  const res = await upload(t, auth, 'cover', bytes, type === 'image/png' ? 'cover.png' : 'cover.pdf', type);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, UploadedFile);
}

/** upload-book for a US Trade perfect-bound book of `pages` pages with this cover (a new project, or an edit). */
async function saveBook(auth: Auth, pages: number, coverId: string, projectId?: number) {
  const pdf = await uploadPdf(t, auth, pages);
  return uploadBook(t, auth, {
    title: 'Cover check',
    category: 'Print Book',
    language: 'english',
    pdf_upload_id: pdf.id,
    cover_upload_id: coverId,
    configuration: await printBookConfiguration(t),
    quantity: 1,
    ...(projectId === undefined ? {} : { project_id: projectId }),
  });
}

function savedReport(res: Awaited<ReturnType<typeof saveBook>>): CoverPreflightReport | null | undefined {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return json(res, UploadBookResponse).project.cover_preflight;
}

function refusal(res: Awaited<ReturnType<typeof saveBook>>) {
  expect(res.statusCode, res.body).toBe(400);
  const error = json(res, ErrorBody);
  expect(error.code).toBe('PREFLIGHT_FAILED');
  expect(error.fields?.[0]?.path).toBe('body.cover_upload_id');
  return error.error;
}

/** The checks before colour of a right-size spread of a 300-page book that draws no text and no images. */
const rightSpread300: CoverPreflightReport['checks'] = [
  { check: 'cover_pages', status: 'ok', message: 'The cover is one page.' },
  {
    check: 'cover_size',
    status: 'ok',
    message: 'The cover is 12.99 × 9.25 in (329.8 × 235 mm): the full cover of this book with its bleed.',
  },
  { check: 'fonts', status: 'ok', message: 'The pages name no fonts.' },
  { check: 'images', status: 'ok', message: 'The pages draw no images.' },
];

describe('cover preflight through the API', () => {
  it('a right-size PDF spread: its facts are kept at upload and the book is saved with a clean report', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, await coverCorpus.rightSizePdf(300));
    expect(cover.page_count).toBe(1);
    expect(cover.pdf_facts?.page_sizes).toEqual([{ width_pt: 934.97, height_pt: 666, pages: [[1, 1]] }]);

    expect(savedReport(await saveBook(auth, 300, cover.id))).toEqual({
      status: 'ok',
      cover_size: '12.99 × 9.25 in (329.8 × 235 mm)',
      checks: [...rightSpread300, { check: 'colour', status: 'ok', message: 'No colour problem found.' }],
    } satisfies CoverPreflightReport);
  });

  it('a PDF cover with a spot colour and profile-less RGB: reported as the interior reports them', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, await coverCorpus.colours(300));
    expect(cover.pdf_facts?.colour).toEqual({
      colour_pages: [[1, 1]],
      colour_image_pages: [],
      spot_colours: [{ name: 'PANTONE 185 C', pages: [[1, 1]] }],
      device_colour_pages: [[1, 1]],
    });
    // A warning (the spot colour shifts when printed in process colour), so the book is saved, with the note of
    // the profile-less colour, the same words as an interior's in a colour book.
    expect(savedReport(await saveBook(auth, 300, cover.id))).toEqual({
      status: 'warning',
      cover_size: '12.99 × 9.25 in (329.8 × 235 mm)',
      checks: [
        ...rightSpread300,
        {
          check: 'colour',
          status: 'warning',
          message:
            'Spot colours are used (PANTONE 185 C on page 1): they are printed as process colour, so they may shift. Convert them to CMYK before you export. ' +
            'Note: page 1 use RGB or CMYK colour without a colour profile; it is printed with our standard conversion, so colours may differ slightly from your screen.',
        },
      ],
    } satisfies CoverPreflightReport);
  });

  it('a cover made for 100 pages fits a 100-page book; for 300 pages it is refused with the spine it needs', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, await coverCorpus.rightSizePdf(100));
    const saved = await saveBook(auth, 100, cover.id);
    expect(savedReport(saved)?.status).toBe('ok');
    const project = json(saved, UploadBookResponse).project;

    // The same cover, the book edited to 300 pages: the spine is wider now.
    const message = refusal(await saveBook(auth, 300, cover.id, project.id));
    expect(message).toBe(
      'This cover was made for a 0.29 in spine; a 300-page book needs 0.74 in. ' +
        'This cover is 12.54 × 9.25 in (318.4 × 235 mm): 0.45 in (11.4 mm) too narrow. ' +
        'Make it 12.99 × 9.25 in (329.8 × 235 mm), with 0.125 in bleed on every side: download the cover template for this book.',
    );
    // Nothing changed: the project still is the 100-page book with its cover.
    const row = await t.db
      .selectFrom('projects')
      .select(['page_count', 'cover_upload_id'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ page_count: 100, cover_upload_id: cover.id });
  });

  it('a cover image at 96 ppi is refused as blurred, with the pixels it needs', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, coverCorpus.imageAt(40, 96), 'image/png');
    expect([cover.width_px, cover.height_px]).toEqual([1190, 888]);
    expect(refusal(await saveBook(auth, 40, cover.id))).toBe(
      'This image is 96 ppi at the size of the cover (12.4 × 9.25 in (315 × 235 mm)), so it will print blurred. ' +
        'It needs 3721 × 2775 px (300 ppi) for a sharp print; 1861 × 1388 px (150 ppi) is the least we print.',
    );
  });

  it('a cover image at 200 ppi is saved with a warning', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, coverCorpus.imageAt(40, 200), 'image/png');
    const report = savedReport(await saveBook(auth, 40, cover.id));
    expect(report?.status).toBe('warning');
    expect(report?.checks.map((c) => [c.check, c.status])).toEqual([
      ['cover_size', 'ok'],
      ['cover_resolution', 'warning'],
    ]);
  });

  it('staff read the cover check saved with the book in the order details, beside the interior one', async () => {
    const { auth } = await createUser(t);
    const admin = await createUser(t, { is_admin: true });
    const cover = await uploadCover(auth, coverCorpus.imageAt(40, 200), 'image/png');
    const saved = await saveBook(auth, 40, cover.id);
    const report = savedReport(saved);
    expect(report?.status).toBe('warning');
    const order = await placeOrder(t, auth, [json(saved, UploadBookResponse).project.id]);

    const res = await request(t, {
      method: 'GET',
      url: `/api/admin/orders/${order.id}/`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = json(res, AdminOrderResponse).order.items;
    expect(item?.cover_preflight).toEqual(report);
    expect(item?.preflight).toMatchObject({ status: 'ok', trim_size: 'US Trade' });
  });

  it('a PDF cover with a font it does not embed is refused, naming the font', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, await coverCorpus.unembeddedFont(40));
    expect(refusal(await saveBook(auth, 40, cover.id))).toMatch(
      /^This font is not embedded: Helvetica \(a standard font, which printers still need embedded\) on page 1\./,
    );
  });

  it('a PDF cover of two pages is refused: a cover is one spread', async () => {
    const { auth } = await createUser(t);
    const cover = await uploadCover(auth, await coverCorpus.twoPages(40));
    expect(refusal(await saveBook(auth, 40, cover.id))).toMatch(
      /^This file has 2 pages: a cover is one page/,
    );
  });
});

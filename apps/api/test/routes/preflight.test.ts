/**
 * Print preflight through the HTTP API (docs/decisions/0060): an interior upload answers the page facts the worker
 * read from the file; upload-book computes the report against the chosen trim from those stored facts, keeps it with
 * the project and refuses a book whose interior has an error ("Print Your Book" goes no further), and computes it
 * again when an edit changes the trim.
 */
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { PdfFacts, preflightReport } from '@bindery/contracts/store/preflight';
import { Project, UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import { createUser, json, request, setupTestApp } from '../helper.js';
import { corpus } from '../preflight-corpus.js';
import {
  catalogId,
  createEbook,
  printBookConfiguration,
  upload,
  uploadBook,
  type Auth,
} from '../projects.js';

const t = setupTestApp();

async function uploadInterior(auth: Auth, bytes: Buffer): Promise<UploadedFile> {
  const res = await upload(t, auth, 'interior', bytes);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, UploadedFile);
}

async function a4Configuration() {
  const trim = await catalogId(t, 'calculator', 'trim_sizes', 'A4');
  return {
    ...(await printBookConfiguration(t)),
    trim_size_id: trim,
    binding_id: await catalogId(t, 'calculator', 'bindings', 'Perfect Bound', trim),
  };
}

const book = (pdfId: string, configuration: Record<string, number>) => ({
  title: 'Preflight',
  category: 'Print Book',
  language: 'english',
  pdf_upload_id: pdfId,
  configuration,
  quantity: 1,
});

describe('interior preflight through the API', () => {
  it('an upload answers the page sizes and rotations read from the file', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.rotated(40));
    expect(pdf.pdf_facts).toEqual({
      page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 40]] }],
      rotated: [{ degrees: 90, pages: [[2, 2]] }],
      fonts: [],
      images: [],
      images_checked: 0,
      colour: { colour_pages: [], colour_image_pages: [], spot_colours: [], device_colour_pages: [] },
      text_insets: [],
      blank_pages: [],
    });
    // And when it is read again (the design page restores a draft's files through this).
    const again = await request(t, {
      method: 'GET',
      url: `/api/book/uploads/${pdf.id}/facts/`,
      headers: auth,
    });
    expect(json(again, UploadedFile).pdf_facts).toEqual(pdf.pdf_facts);
  });

  it('a 6 × 9 in file for an A4 book is refused with what to do; for US Trade it is saved with its report', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.rightSize(40));

    const refused = await uploadBook(t, auth, book(pdf.id, await a4Configuration()));
    expect(refused.statusCode).toBe(400);
    const error = json(refused, ErrorBody);
    expect(error.code).toBe('PREFLIGHT_FAILED');
    expect(error.error).toMatch(
      /^This file is 6 × 9 in \(152\.4 × 228\.6 mm\): choose US Trade, or upload a file of A4 size/,
    );
    expect(error.fields?.[0]?.path).toBe('body.pdf_upload_id');
    // Nothing was saved: no project holds the file, so nothing can be ordered.
    const held = await t.db.selectFrom('projects').select('id').where('pdf_upload_id', '=', pdf.id).execute();
    expect(held).toEqual([]);

    const saved = await uploadBook(t, auth, book(pdf.id, await printBookConfiguration(t)));
    expect(saved.statusCode, saved.body).toBe(201);
    const { project } = json(saved, UploadBookResponse);
    expect(project.preflight).toMatchObject({ status: 'ok', trim_size: 'US Trade' });
    const read = await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: auth });
    expect(json(read, Project).preflight).toEqual(project.preflight);
  });

  it('changing the trim computes the report again: an edit to a trim the file misses is refused', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.withBleed(40));
    const created = await uploadBook(t, auth, book(pdf.id, await printBookConfiguration(t)));
    expect(created.statusCode, created.body).toBe(201);
    const { project } = json(created, UploadBookResponse);
    expect(project.preflight?.checks[0]?.message).toBe('Every page is US Trade with 0.125 in bleed.');

    const edit = await uploadBook(t, auth, {
      ...book(pdf.id, await a4Configuration()),
      project_id: project.id,
    });
    expect(edit.statusCode).toBe(400);
    expect(json(edit, ErrorBody).code).toBe('PREFLIGHT_FAILED');

    // The file replaced by an A4 one: the edit goes through, checked against A4.
    const a4 = await uploadInterior(auth, await corpus.a4(40));
    const fixed = await uploadBook(t, auth, {
      ...book(a4.id, await a4Configuration()),
      project_id: project.id,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(json(fixed, UploadBookResponse).project.preflight).toMatchObject({
      status: 'ok',
      trim_size: 'A4',
    });
  });

  it('warnings stop the book until acknowledged for this very report; then it is saved and keeps them', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.rotated(40));
    const configuration = await printBookConfiguration(t);

    const unacknowledged = await uploadBook(t, auth, book(pdf.id, configuration));
    expect(unacknowledged.statusCode).toBe(400);
    const error = json(unacknowledged, ErrorBody);
    expect(error.code).toBe('PREFLIGHT_WARNINGS_UNACKNOWLEDGED');
    expect(error.error).toMatch(/I have reviewed these warnings.*This file turns page 2 by 90°/);
    expect(error.fields?.[0]?.path).toBe('body.preflight_acknowledged');

    // A key of other warnings (a report the client made up, an older file's) is no acknowledgement.
    const wrong = await uploadBook(t, auth, {
      ...book(pdf.id, configuration),
      preflight_acknowledged: '00000000000000',
    });
    expect(json(wrong, ErrorBody).code).toBe('PREFLIGHT_WARNINGS_UNACKNOWLEDGED');

    // The design page computes the same report from the upload's facts: its key is the server's.
    const facts = PdfFacts.parse(pdf.pdf_facts);
    const key = preflightReport(facts, TRIM_SIZES['us-trade'], []).warnings_key;
    const res = await uploadBook(t, auth, { ...book(pdf.id, configuration), preflight_acknowledged: key });
    expect(res.statusCode, res.body).toBe(201);
    const { project } = json(res, UploadBookResponse);
    expect(project.preflight?.status).toBe('warning');
    expect(project.preflight?.warnings_key).toBe(key);
    expect(project.preflight?.checks.find((c) => c.check === 'rotated_pages')?.pages).toEqual([[2, 2]]);
  });

  it('an RGB photo in a black-and-white book is a warning to acknowledge, naming its page', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.rgbImage(40));
    const configuration = {
      ...(await printBookConfiguration(t)),
      interior_color_id: await catalogId(t, 'calculator', 'interior_colors', 'Standard Black & White'),
    };
    const refused = await uploadBook(t, auth, book(pdf.id, configuration));
    expect(json(refused, ErrorBody).error).toMatch(
      /This black-and-white book has colour images on page 1: they print in greys/,
    );
    // In a colour book the same file has nothing to acknowledge.
    const colour = await uploadBook(t, auth, book(pdf.id, await printBookConfiguration(t)));
    expect(colour.statusCode, colour.body).toBe(201);
    expect(json(colour, UploadBookResponse).project.preflight?.status).toBe('ok');
  });

  it('a font the file does not carry stops a printed book, with its pages; an e Book is not print-checked', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.standardFont(40));
    expect(pdf.pdf_facts?.fonts).toEqual([
      { name: 'Helvetica', subtype: 'Type1', embedded: false, standard: true, pages: [[1, 2]] },
    ]);
    const refused = await uploadBook(t, auth, book(pdf.id, await printBookConfiguration(t)));
    expect(refused.statusCode).toBe(400);
    expect(json(refused, ErrorBody)).toMatchObject({
      code: 'PREFLIGHT_FAILED',
      error: expect.stringMatching(/^This font is not embedded: Helvetica .* on pages 1–2\./) as string,
    });

    const ebook = await createEbook(t, auth, 'Read on screens', await corpus.standardFont(24));
    expect(ebook.preflight).toBeNull();
  });

  it('a 72 ppi image stops the book, naming its page and size', async () => {
    const { auth } = await createUser(t);
    const pdf = await uploadInterior(auth, await corpus.images(40));
    expect(pdf.pdf_facts?.images?.map((i) => [i.ppi, i.pages])).toEqual([
      [72, [[1, 1]]],
      [200, [[3, 3]]],
    ]);
    const refused = await uploadBook(t, auth, book(pdf.id, await printBookConfiguration(t)));
    expect(refused.statusCode).toBe(400);
    expect(json(refused, ErrorBody).error).toContain(
      'Page 1: 300 × 200 px drawn at 4.17 × 2.78 in is 72 ppi',
    );
  });
});

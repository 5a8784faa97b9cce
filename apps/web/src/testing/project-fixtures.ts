/**
 * Contract-valid project API data for component tests (every fixture is parsed with its @bindery/contracts
 * schema, so a test cannot drift from what the API answers), and msw handlers typed by the same contracts.
 */
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { projectRoutes, type UploadBookResponse } from '@bindery/contracts/store/projects';
import {
  DropdownDataResponse,
  MyBooksResponse,
  Project,
  UploadedFile,
  type UploadBookBody,
} from '@bindery/contracts/store/projects';

let nextId = 100;

export function projectFixture(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? nextId++;
  return Project.parse({
    id,
    title: `Project ${id}`,
    category: 'Print Book',
    language: 'english',
    status: 'draft',
    page_count: 120,
    quantity: 1,
    configuration: {
      trim_size_id: 1,
      binding_id: 10,
      interior_color_id: 20,
      paper_type_id: 30,
      cover_finish_id: 40,
    },
    options: {
      trim_size: '6 x 9 in',
      binding_type: 'Perfect Bound',
      interior_color: 'Standard Black & White',
      paper_type: '60# Cream-Uncoated',
      cover_finish: 'Matte',
      extras: {},
    },
    price: {
      cost_per_book: '21.09',
      original_total_cost: '21.09',
      discount_percent: 0,
      discount_amount: '0.00',
      total_cost: '21.09',
      priced_at: '2026-11-20T10:00:00.000Z',
    },
    pdf_file: {
      file_name: 'interior.pdf',
      content_type: 'application/pdf',
      size_bytes: 2048,
      url: urlOf(projectRoutes.file, { id, kind: 'pdf' }),
    },
    cover_file: null,
    pdf_upload_id: '6f1c1a52-3c1e-4d6f-9a53-0d3cb1d2a0f1',
    cover_upload_id: null,
    cover_expert: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** A priced project at `total` (its cost per book is the same for one copy). */
export const pricedAt = (total: string, overrides: Partial<Project> = {}) =>
  projectFixture({
    ...overrides,
    price: {
      cost_per_book: total,
      original_total_cost: total,
      discount_percent: 0,
      discount_amount: '0.00',
      total_cost: total,
      priced_at: '2026-11-20T10:00:00.000Z',
    },
  });

export function uploadedFixture(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return UploadedFile.parse({
    id: '6f1c1a52-3c1e-4d6f-9a53-0d3cb1d2a001',
    purpose: 'interior',
    file_name: 'book.pdf',
    content_type: 'application/pdf',
    size_bytes: 2048,
    page_count: 120,
    ...overrides,
  });
}

export const dropdownDataFixture: DropdownDataResponse = DropdownDataResponse.parse({
  categories: [
    {
      name: 'Print Book',
      product_slug: 'calculator',
      description: 'Paperback or hardcover books.',
      calculator_name: 'Print Book Calculator',
    },
    {
      name: 'Photo Book',
      product_slug: 'photobook',
      description: 'Premium photo books.',
      calculator_name: 'Photo Book Calculator',
    },
    {
      name: 'Comic Book',
      product_slug: 'comicbook',
      description: 'Full-color comics.',
      calculator_name: 'Comic Book Calculator',
    },
    {
      name: 'Magazine',
      product_slug: 'magazine',
      description: 'Glossy short runs.',
      calculator_name: 'Magazine Calculator',
    },
    {
      name: 'Year Book',
      product_slug: 'yearbook',
      description: 'School and club yearbooks.',
      calculator_name: 'Yearbook Calculator',
    },
    {
      name: 'Calender',
      product_slug: 'calender',
      description: 'Wire-O wall calendars.',
      calculator_name: 'Calendar Calculator',
    },
    { name: 'e Book', product_slug: null, description: 'Digital editions.', calculator_name: 'None' },
  ],
  languages: ['english', 'urdu', 'arabic'],
});

export const errorBody = (error: string, statusCode: number): ErrorBody => ({
  error,
  code: 'ERROR',
  statusCode,
});

/**
 * GET api/book/my-books/ as the server answers it (docs/decisions/0037) over `projects`, given newest first (a
 * function is read at each request, so a test can change it): `ids`, `exclude`, `q` (any part of a title or a
 * category, any case), `sort` title/category with `order`, `limit` and a cursor (here the offset: opaque to the
 * app), `total` and `total_projects`. `requests` records each request's query, for tests that count them; an
 * answer waits for `gate` when given.
 */
export function myBooksHandler(
  projects: Project[] | (() => Project[]),
  { requests = [], gate }: { requests?: URLSearchParams[]; gate?: Promise<unknown> } = {},
) {
  return http.get(urlOf(projectRoutes.myBooks), async ({ request }) => {
    const query = new URL(request.url).searchParams;
    requests.push(query);
    await gate;
    const all = typeof projects === 'function' ? projects() : projects;
    const idList = (name: string) => query.get(name)?.split(',').map(Number);
    const ids = idList('ids');
    const exclude = idList('exclude') ?? [];
    const q = query.get('q')?.trim().toLowerCase();
    let rows = all.filter(
      (p) =>
        (!ids || ids.includes(p.id)) &&
        !exclude.includes(p.id) &&
        (!q || p.title.toLowerCase().includes(q) || p.category.toLowerCase().includes(q)),
    );
    const sort = query.get('sort');
    if (sort === 'title' || sort === 'category') {
      const sign = query.get('order') === 'desc' ? -1 : 1;
      rows = [...rows].sort(
        (a, b) => sign * (a[sort].toLowerCase().localeCompare(b[sort].toLowerCase()) || a.id - b.id),
      );
    } else if (query.get('order') === 'asc') rows = [...rows].reverse();
    const limit = Number(query.get('limit') ?? 50);
    const offset = Number(query.get('cursor') ?? 0);
    const next = offset + limit < rows.length ? String(offset + limit) : null;
    return HttpResponse.json<MyBooksResponse>(
      MyBooksResponse.parse({
        data: rows.slice(offset, offset + limit),
        next_cursor: next,
        total: rows.length,
        total_projects: all.length,
      }),
    );
  });
}

export const dropdownDataHandler = () =>
  http.get(urlOf(projectRoutes.dropdownData), () =>
    HttpResponse.json<DropdownDataResponse>(dropdownDataFixture),
  );

/** POST api/book/upload-book/: records each JSON body and answers with `answer(body)` (default: the stored project). */
export function uploadBookHandler(
  answer: (body: UploadBookBody, request: StrictRequest<DefaultBodyType>) => Response | Promise<Response> = (
    body,
  ) =>
    HttpResponse.json<UploadBookResponse>({
      status: 'success',
      message: 'Project created',
      project: projectFixture({
        id: 501,
        title: body.title,
        category: body.category,
        quantity: body.quantity ?? 1,
      }),
    }),
) {
  const bodies: UploadBookBody[] = [];
  const handler = http.post(urlOf(projectRoutes.uploadBook), async ({ request }) => {
    const body = (await request.clone().json()) as UploadBookBody;
    bodies.push(body);
    return answer(body, request);
  });
  return { handler, bodies };
}

/** GET api/book/{id}/ for this one project. */
export const projectHandler = (project: Project) =>
  http.get(urlOf(projectRoutes.get, { id: project.id }), () => HttpResponse.json<Project>(project));

/**
 * POST api/book/uploads/: answers `answer(purpose)` (default: an upload of that purpose, 201) once `gate` opens;
 * records the purposes sent.
 */
export function uploadsHandler(
  answer: (purpose: string) => Response = (purpose) =>
    HttpResponse.json<UploadedFile>(uploadedFixture({ purpose: purpose as UploadedFile['purpose'] }), {
      status: 201,
    }),
  gate?: Promise<void>,
) {
  const purposes: string[] = [];
  const handler = http.post(urlOf(projectRoutes.upload), async ({ request }) => {
    const purpose = (await request.formData()).get('purpose') as string;
    purposes.push(purpose);
    if (gate) await gate;
    return answer(purpose);
  });
  return { handler, purposes };
}

/** GET api/book/uploads/{id}/facts/: the server's facts for these uploads, 404 for any other id; records the ids asked. */
export function uploadFactsHandler(files: UploadedFile[], asked: string[] = []) {
  return http.get(urlOf(projectRoutes.uploadFacts), ({ params }) => {
    asked.push(String(params['id']));
    const found = files.find((f) => f.id === params['id']);
    return found
      ? HttpResponse.json<UploadedFile>(found)
      : HttpResponse.json(errorBody(messages.projects.uploadNotFound, 404), { status: 404 });
  });
}

/** A promise a test resolves when it wants a held response to go out (to see loading and progress states). */
export function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

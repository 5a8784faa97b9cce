/**
 * A business client of the Bindery API with an API key and no browser (docs/api-clients.md, docs/decisions/0076):
 * uploads an interior PDF, reads the server's facts of it, quotes shipping for the book, creates the order and asks
 * for a card payment link. Only `fetch`, `FormData` and `Blob` of Node 20+; nothing of Bindery's own code, so it can
 * be copied as it is. The API test suite runs it against a real server (test/api-client-journey.test.ts).
 *
 *   npx tsx examples/api-client.ts http://127.0.0.1:3000 bnd_test_… ./interior.pdf
 */
import { readFile } from 'node:fs/promises';

interface Item {
  id: number;
  name: string;
  trim_size_id?: number | null;
}

export interface ExampleResult {
  uploadId: string;
  pageCount: number;
  projectId: number;
  orderId: number;
  orderNumber: string;
  total: string;
  payUrl: string;
}

export async function printABook(baseUrl: string, apiKey: string, pdf: Uint8Array): Promise<ExampleResult> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };

  // 1. Upload the interior (scope orders:write): the server counts the pages and keeps the preflight facts.
  const form = new FormData();
  form.append('purpose', 'interior');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'interior.pdf');
  const upload = await call<{ id: string; page_count: number }>('POST', '/api/book/uploads/', form);
  const facts = await call<{ page_count: number }>('GET', `/api/book/uploads/${upload.id}/facts/`);

  // 2. Choose the book from the catalog (scope catalog:read) and create the project, priced by the server.
  const dropdowns = await call<Record<string, Item[]>>('GET', '/api/calculator/dropdowns/');
  const pick = (list: string, name: string, trim?: number): number => {
    const found = dropdowns[list]?.find(
      (i) => i.name === name && (trim === undefined || i.trim_size_id === trim),
    );
    if (!found) throw new Error(`no ${name} in ${list}`);
    return found.id;
  };
  const trim = pick('trim_sizes', 'US Trade');
  const book = await call<{ project: { id: number } }>('POST', '/api/book/upload-book/', {
    title: 'Class of 2026',
    category: 'Print Book',
    language: 'english',
    pdf_upload_id: upload.id,
    quantity: 25,
    configuration: {
      trim_size_id: trim,
      binding_id: pick('bindings', 'Perfect Bound', trim),
      interior_color_id: pick('interior_colors', 'Standard Color'),
      paper_type_id: pick('paper_types', '60# White-Uncoated'),
      cover_finish_id: pick('cover_finishes', 'Matte'),
    },
  });

  // 3. Quote shipping and tax for it to the delivery address, then order with the cheapest service.
  const place = { country: 'US', state: 'TX', city: 'Austin', postal_code: '78701' };
  const quote = await call<{ available_services: { service_code: string; total: string }[] }>(
    'POST',
    '/api/shipping-rate/',
    { ...place, project_ids: [book.project.id] },
  );
  const service = [...quote.available_services].sort((a, b) => Number(a.total) - Number(b.total))[0];
  if (!service) throw new Error('no shipping service for this address');
  const { order } = await call<{ order: { id: number; order_number: string; total: string } }>(
    'POST',
    '/api/save-shipping/',
    {
      project_ids: [book.project.id],
      selected_service: service.service_code,
      user_address: {
        ...place,
        first_name: 'Ada',
        last_name: 'Lovelace',
        address: '1 Congress Ave',
        phone_number: '+1 512 555 0100',
        account_type: 'individual',
        has_resale_cert: false,
      },
    },
  );

  // 4. A card payment link for the account's staff (Stripe Checkout; the test servers in test mode).
  const pay = await call<{ url: string }>('POST', '/api/create-checkout-session/', { order_id: order.id });
  return {
    uploadId: upload.id,
    pageCount: facts.page_count,
    projectId: book.project.id,
    orderId: order.id,
    orderNumber: order.order_number,
    total: order.total,
    payUrl: pay.url,
  };
}

// Run as a script: base URL, key, PDF path.
const [, script, baseUrl, apiKey, pdfPath] = process.argv;
if (script?.endsWith('api-client.ts') && baseUrl && apiKey && pdfPath) {
  const result = await printABook(baseUrl, apiKey, await readFile(pdfPath));
  console.info(JSON.stringify(result, null, 2));
}

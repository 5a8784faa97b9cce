/**
 * Real book files and, for the shorter journeys, projects and orders set up through the API the web app uses
 * (the long journey in order-journey.spec.ts does every one of these steps in the browser instead).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { Order } from '@bindery/contracts/store/checkout';
import type { Project, UploadedFile } from '@bindery/contracts/store/projects';
import { e2e } from './env.js';

/**
 * A real PDF of `pages` US Trade (6 × 9 in) pages, each with a mark as long as its number. Shapes, not text: pdf-lib's
 * standard fonts are not embedded, which the print check refuses (docs/decisions/0060).
 */
export async function makeInteriorPdf(
  pages: number,
  title = 'A Bindery test book',
  /** The page size in points (another trim's, for the print check). */
  size: [number, number] = [432, 648],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage(size);
    page.drawRectangle({ x: 72, y: 576, width: 4 + (n % 72) * 4, height: 14 });
  }
  return Buffer.from(await doc.save());
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** The catalog ids of a print book configuration, looked up by the names the customer reads. */
export async function printBookConfiguration(
  request: APIRequestContext,
  names: { trim: string; binding: string; interior: string; paper: string; finish: string },
  pageCount: number,
) {
  type Item = { id: number; name: string; trim_size_id?: number | null };
  const dropdowns = await ok<Record<string, Item[]>>(
    await request.get(`${e2e.apiUrl}/api/calculator/dropdowns/`),
  );
  const find = (key: string, name: string, extra: (i: Item) => boolean = () => true) => {
    const item = (dropdowns[key] ?? []).find((i) => i.name === name && extra(i));
    if (!item) throw new Error(`no ${key} named ${name}`);
    return item.id;
  };
  const trim_size_id = find('trim_sizes', names.trim);
  // The bindings this trim and page count allow (print book bindings are priced per trim size).
  const bindings = await ok<Item[]>(
    await request.get(
      `${e2e.apiUrl}/api/calculator/bindings/?trim_size_id=${trim_size_id}&page_count=${pageCount}`,
    ),
  );
  const binding = bindings.find((b) => b.name === names.binding);
  if (!binding) throw new Error(`no binding ${names.binding} for that trim and page count`);
  return {
    trim_size_id,
    binding_id: binding.id,
    interior_color_id: find('interior_colors', names.interior),
    paper_type_id: find('paper_types', names.paper),
    cover_finish_id: find('cover_finishes', names.finish),
  };
}

/** Uploads the PDF (multipart, as the design page does) and submits a print book project with it. */
export async function createPrintBookProject(
  request: APIRequestContext,
  token: string,
  {
    title,
    pages,
    quantity,
    binding = 'Perfect Bound',
  }: { title: string; pages: number; quantity: number; binding?: string },
): Promise<Project> {
  const upload = await ok<UploadedFile>(
    await request.post(`${e2e.apiUrl}/api/book/uploads/`, {
      headers: bearer(token),
      multipart: {
        purpose: 'interior',
        file: {
          name: 'interior.pdf',
          mimeType: 'application/pdf',
          buffer: await makeInteriorPdf(pages, title),
        },
      },
    }),
    201,
  );
  expect(upload.page_count).toBe(pages);
  const configuration = await printBookConfiguration(
    request,
    {
      trim: 'US Trade',
      binding,
      interior: 'Standard Black & White',
      paper: '60# White-Uncoated',
      finish: 'Gloss',
    },
    pages,
  );
  const res = await request.post(`${e2e.apiUrl}/api/book/upload-book/`, {
    headers: bearer(token),
    data: {
      title,
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: upload.id,
      page_count: pages,
      configuration,
      quantity,
    },
  });
  expect([200, 201], await res.text()).toContain(res.status());
  return ((await res.json()) as { project: Project }).project;
}

/** A delivery address in Texas (8.25 % sales tax for an individual). */
export const texasAddress = {
  first_name: 'Tess',
  last_name: 'Reader',
  company: '',
  address: '100 Congress Avenue',
  apt_floor: 'Suite 200',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  postal_code: '78701',
  phone_number: '512-555-0100',
  account_type: 'individual',
  has_resale_cert: false,
} as const;

/** Prices the cart's shipping and saves it with the cheapest service: the server creates the order. */
export async function createOrder(
  request: APIRequestContext,
  token: string,
  projectIds: number[],
): Promise<Order> {
  const { account_type, has_resale_cert, country, state, city, postal_code } = texasAddress;
  const rate = await ok<{ service_code: string }>(
    await request.post(`${e2e.apiUrl}/api/shipping-rate/`, {
      headers: bearer(token),
      data: { country, state, city, postal_code, account_type, has_resale_cert, project_ids: projectIds },
    }),
  );
  const saved = await ok<{ order: Order }>(
    await request.post(`${e2e.apiUrl}/api/save-shipping/`, {
      headers: bearer(token),
      data: { user_address: texasAddress, project_ids: projectIds, selected_service: rate.service_code },
    }),
    201,
  );
  return saved.order;
}

/** The order as the server has it (the customer's own bearer token). */
export async function getOrder(request: APIRequestContext, token: string, id: number): Promise<Order> {
  return (
    await ok<{ order: Order }>(
      await request.get(`${e2e.apiUrl}/api/orders/${id}/`, { headers: bearer(token) }),
    )
  ).order;
}

/**
 * Pays an order by card as a buyer does on Stripe's page: the API opens a Checkout Session, the buyer presses Pay
 * on the (fake) hosted page, which sends the signed webhook to the API. Answers the order once it is paid.
 */
export async function payByCard(request: APIRequestContext, token: string, orderId: number): Promise<Order> {
  const session = await ok<{ url: string }>(
    await request.post(`${e2e.apiUrl}/api/create-checkout-session/`, {
      headers: bearer(token),
      data: { order_id: orderId },
    }),
  );
  const paid = await request.post(`${session.url}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const order = await getOrder(request, token, orderId);
  expect(order.status).toBe('paid');
  return order;
}

/** Fills the shop's 'Shipping details' form with the Texas address, as a customer types it. */
export async function fillTexasAddress(page: Page, { phone = true }: { phone?: boolean } = {}) {
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('First name').fill(texasAddress.first_name);
  await form.getByLabel('Last name').fill(texasAddress.last_name);
  await form.getByLabel('Address', { exact: true }).fill(texasAddress.address);
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('State', { exact: true }).selectOption('TX');
  await form.getByLabel('City').fill(texasAddress.city);
  await form.getByLabel('Postal code').fill(texasAddress.postal_code);
  // An order of e-books alone asks no phone number (docs/decisions/0059).
  if (phone) await form.getByLabel('Phone number').fill(texasAddress.phone_number);
  return form;
}

/** Picks an image-card option of the design page: a radio named by its card, in the group named by its legend. */
export async function chooseOptionCard(page: Page, group: string, name: string) {
  const radio = page.getByRole('group', { name: group }).getByRole('radio', { name, exact: true });
  await expect(radio).toBeEnabled();
  // The radio is transparent over its card; clicking the card is what a customer does.
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

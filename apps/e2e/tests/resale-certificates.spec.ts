/**
 * Resale certificates across the three apps (docs/decisions/0032): a customer uploads a Texas
 * certificate on the web account page, the admin approves it in the console, and from then on the server prices an
 * enterprise order shipped to Texas without sales tax — before the approval it charged the tax and said why.
 * (The shop's display of that answer is covered by the web's component tests.)
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { createPrintBookProject, makeInteriorPdf, texasAddress } from '../support/books.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';

const m = messages.certificates;

async function texasRate(request: APIRequestContext, token: string, projectId: number) {
  const { country, state, city, postal_code } = texasAddress;
  const res = await request.post(`${e2e.apiUrl}/api/shipping-rate/`, {
    headers: { authorization: `Bearer ${token}` },
    data: { country, state, city, postal_code, account_type: 'enterprise', project_ids: [projectId] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ShippingRateResponse.parse(await res.json());
}

test('an approved Texas certificate makes an enterprise order tax-exempt, not before', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer(request, 'Reseller');
  const { token } = await apiLogIn(request, customer);
  const project = await createPrintBookProject(request, token, {
    title: 'Resale Stock',
    pages: 40,
    quantity: 3,
  });

  // The customer uploads a certificate on the account page.
  const web = await browser.newPage();
  await logInOnWeb(web, customer);
  const section = web.getByRole('region', { name: m.heading });
  await section.getByLabel(m.stateLabel).selectOption('TX');
  await section
    .getByLabel(m.fileLabel)
    .setInputFiles({
      name: 'texas-01-339.pdf',
      mimeType: 'application/pdf',
      buffer: await makeInteriorPdf(2),
    });
  await section.getByRole('button', { name: m.upload }).click();
  await expect(section.getByText(m.uploaded)).toBeVisible();
  await expect(section.getByRole('row', { name: /Texas \(TX\)/ })).toContainText(m.statusLabels.pending);

  const pending = await texasRate(request, token, project.id);
  expect(pending.resale_certificate?.status).toBe('pending');
  expect(Number(pending.tax)).toBeGreaterThan(0);

  // The admin approves it.
  const admin = await browser.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`${e2e.adminUrl}/admin/resale-certificates`);
  await admin.getByRole('button', { name: `${m.approve} TX certificate of ${customer.email}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: m.approve }).click();
  await expect(admin.getByText(m.approved)).toBeVisible();

  // Now the server charges no Texas tax to this enterprise buyer, and the account page says approved.
  const approved = await texasRate(request, token, project.id);
  expect(approved).toMatchObject({
    tax: '0.00',
    tax_reason: 'Texas enterprise with resale certificate - no tax',
    resale_certificate: { status: 'approved' },
  });
  await web.reload();
  await expect(
    web.getByRole('region', { name: m.heading }).getByRole('row', { name: /Texas \(TX\)/ }),
  ).toContainText(m.statusLabels.approved);
});

/**
 * Admin by construction (docs/decisions/0040-admin-by-construction.md): every admin route is
 * registered inside the one admin tree (src/routes/admin/index.ts), whose single onRequest hook requires an admin.
 * - the route table: a route is admin-only (config.access 'admin') exactly when it was registered inside the tree;
 * - the source: nothing outside the tree adds requireAdmin or declares a route admin-only, and no module inside
 *   adds its own hook (the tree's is the one);
 * - the hook runs for every admin route: anonymous 401, a customer 403 (an admin passing is the authorization
 *   matrix's part, test/authorization-matrix.test.ts);
 * - a route in the tree that declares another level stops the app at boot.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPriceUpdateRoute } from '@bindery/contracts/admin/catalog';
import { adminInvoiceRoutes } from '@bindery/contracts/admin/invoices';
import { adminOrderRoutes } from '@bindery/contracts/admin/orders';
import { adminPaymentRoutes } from '@bindery/contracts/admin/payments';
import { adminPriceChangeRoutes } from '@bindery/contracts/admin/price-changes';
import { adminProductionRoutes } from '@bindery/contracts/admin/production';
import { adminPromotionRoutes } from '@bindery/contracts/admin/promotions';
import { adminCertificateRoutes } from '@bindery/contracts/admin/resale-certificates';
import { adminSalesRoutes } from '@bindery/contracts/admin/sales';
import { adminShippingRoutes } from '@bindery/contracts/admin/shipping';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { adminApiKeyRoutes } from '@bindery/contracts/admin/api-keys';
import type { RouteContract } from '@bindery/contracts/route';
import { PRODUCT_LIST, updatableKinds } from '@bindery/pricing/products';
import { registeredUrlOf } from '#lib/contract-route.js';
import { intoAdminTree } from '#routes/admin/index.js';
import { createUser, setupTestApp } from './helper.js';

const t = setupTestApp();
let customer: Record<string, string>;

beforeAll(async () => {
  customer = (await createUser(t)).auth;
});

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('admin by construction', () => {
  it('a route is admin-only exactly when it is registered inside the admin tree', () => {
    const table = t.app.routeTable;
    const adminOutside = table.filter((r) => r.access === 'admin' && !r.adminTree).map(key);
    const treeNotAdmin = table.filter((r) => r.adminTree && r.access !== 'admin').map(key);
    expect(adminOutside, 'admin-only routes registered outside src/routes/admin/index.ts').toEqual([]);
    expect(treeNotAdmin).toEqual([]);
    // The spec's admin paths, none under one prefix: they stay where the spec puts them.
    const tree = table.filter((r) => r.adminTree).map(key);
    expect(tree).toEqual(
      expect.arrayContaining([
        'GET /api/users/admin/users',
        'GET /api/book/all-orders',
        'GET /api/admin/shipping',
        'POST /api/admin/resale-certificates/:id/approve',
        'PUT /api/calculator/binding-type/:id/update',
      ]),
    );
    expect(tree.length).toBeGreaterThan(40);
  });

  it('the admin tree is exactly the admin route objects of packages/contracts/src/admin', () => {
    const groups: Record<string, RouteContract>[] = [
      adminUserRoutes,
      adminApiKeyRoutes,
      adminOrderRoutes,
      adminPaymentRoutes,
      adminSalesRoutes,
      adminShippingRoutes,
      adminCertificateRoutes,
      adminPromotionRoutes,
      adminPriceChangeRoutes,
      adminProductionRoutes,
      adminInvoiceRoutes,
    ];
    const contracts = [
      ...groups.flatMap((group) => Object.values(group)),
      ...PRODUCT_LIST.flatMap((product) =>
        updatableKinds(product).map((kind) => adminPriceUpdateRoute(product, kind)),
      ),
    ];
    const declared = contracts.map((route) => key({ method: route.method, url: registeredUrlOf(route, '') }));
    const tree = t.app.routeTable.filter((r) => r.adminTree).map(key);
    expect(tree.sort()).toEqual(declared.sort());
  });

  it('only the admin tree adds requireAdmin or declares a route admin-only', () => {
    const files = sourceFiles(SRC);
    const offenders = files.flatMap((file) => {
      // Code only: comments may name the hook.
      const text = readFileSync(join(SRC, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      const found: string[] = [];
      const isTree = file === 'routes/admin/index.ts';
      // auth.ts defines the hook; the tree uses it once.
      if (/\brequireAdmin\b/.test(text) && !isTree && file !== 'plugins/app/auth.ts')
        found.push('requireAdmin');
      if (/access:\s*'admin'/.test(text) && !file.startsWith('routes/admin/')) found.push("access: 'admin'");
      if (/\badminTree:\s*true/.test(text) && !isTree) found.push('adminTree: true');
      return found.map((what) => `${file}: ${what}`);
    });
    expect(offenders).toEqual([]);
    expect(files).toContain('routes/admin/users/index.ts');
  });

  it('refuses every admin route to an anonymous caller (401) and a customer (403)', async () => {
    const adminRoutes = t.app.routeTable.filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      // The hook runs on request, before the path and body are validated: any id will do.
      const url = route.url.replace(/:\w+/g, '1');
      for (const [caller, headers, expected] of [
        ['anonymous', {}, 401],
        ['a customer', customer, 403],
      ] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== expected) wrong.push(`${key(route)} as ${caller}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('stops the app at boot when a route in the tree declares another access level', () => {
    const route = (access?: 'public' | 'admin') =>
      ({ method: 'GET', url: '/api/x/', config: access ? { access } : {} }) as unknown as RouteOptions;
    expect(() => intoAdminTree(route('public'))).toThrow("declares access 'public'");
    const undeclared = route();
    intoAdminTree(undeclared);
    expect(undeclared.config).toEqual({ access: 'admin', adminTree: true });
  });
});

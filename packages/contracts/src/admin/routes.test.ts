/**
 * The admin route objects: staff-only, each at the spec's path with its trailing slash, and the price
 * editors' route built from a category and a kind gives the path and operationId the API has always registered.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorBody } from '../common.js';
import type { RouteContract, RouteResult } from '../route.js';
import { adminApiKeyRoutes } from './api-keys.js';
import { adminPriceUpdateRoute } from './catalog.js';
import { adminOrderRoutes, type AdminOrderResponse } from './orders.js';
import { adminPaymentRoutes } from './payments.js';
import { adminPriceChangeRoutes } from './price-changes.js';
import { adminProductionRoutes } from './production.js';
import { adminPromotionRoutes } from './promotions.js';
import { adminCertificateRoutes } from './resale-certificates.js';
import { adminSalesRoutes } from './sales.js';
import { adminShippingRoutes } from './shipping.js';
import { adminUserRoutes } from './users.js';

const groups: Record<string, RouteContract>[] = [
  adminApiKeyRoutes,
  adminOrderRoutes,
  adminPaymentRoutes,
  adminPriceChangeRoutes,
  adminProductionRoutes,
  adminPromotionRoutes,
  adminCertificateRoutes,
  adminSalesRoutes,
  adminShippingRoutes,
  adminUserRoutes,
];
const routes = groups.flatMap((group) => Object.values(group));

describe('admin routes', () => {
  it('are staff-only, at /api/…/ paths, each with its own operationId', () => {
    for (const route of routes) {
      expect(route.access, route.path).toBe('admin');
      // Staff routes never take an API key (docs/decisions/0076).
      expect(route.apiKeyScope, route.path).toBeUndefined();
      expect(route.path).toMatch(/^\/api\/.*\/$/);
    }
    const ids = routes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('builds a price editor route from its category and kind', () => {
    const route = adminPriceUpdateRoute(
      { slug: 'calculator', name: 'Print Book' },
      { adminSegment: 'trim-size', priceField: 'price', label: 'Trim Sizes' },
    );
    expect(route).toMatchObject({
      method: 'PUT',
      path: '/api/calculator/trim-size/{id}/update/',
      operationId: 'putCalculatorTrimSizeByIdUpdate',
      summary: 'Print Book: set the price of one of the trim sizes',
      tags: ['admin: Print Book prices'],
      access: 'admin',
    });
  });

  it('declares its error answers with the one error body, and a call is typed by its success answer', () => {
    expect(adminPaymentRoutes.refund.responses).toMatchObject({
      400: ErrorBody,
      502: ErrorBody,
      503: ErrorBody,
    });
    expect(Object.keys(adminUserRoutes.list.responses)).toEqual(['200', '400', '401', '403']);
    expectTypeOf<RouteResult<typeof adminOrderRoutes.get>>().toEqualTypeOf<AdminOrderResponse>();
    expectTypeOf<RouteResult<typeof adminUserRoutes.delete>>().toEqualTypeOf<undefined>();
  });

  it('has no price editor route for a kind the spec gives none', () => {
    expect(() =>
      adminPriceUpdateRoute(
        { slug: 'calculator', name: 'Print Book' },
        { adminSegment: null, priceField: 'price', label: 'Pages' },
      ),
    ).toThrow('Print Book has no update path for Pages');
  });
});

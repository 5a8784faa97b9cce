/**
 * The public catalog of ONE category, mounted once per product definition under api/{slug}/ (routes/index.ts),
 * registered from its route objects (`catalogRoutes(product)`, @bindery/contracts/store/catalog). Which
 * routes and keys exist comes from the definition, so the seven categories answer exactly the spec's paths:
 * - GET dropdowns/ (thesis: options/) with the category's keys;
 * - GET bindings/?trim_size_id=&page_count= where the category has trims and pages;
 * - GET available-options/?trim_size_id=&page_count= (print book);
 * - GET comic/all-bindings/ (comic book);
 * - POST calculate/: the quote, computed from the server's own price list.
 * No login needed (the spec's calculators are public).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogRoutes, type CalculateBody } from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { contractRoute } from '#lib/contract-route.js';
import { sendReadyJson } from '#lib/ready-json.js';

export interface CatalogRoutesOptions {
  product: ProductDefinition;
}

const catalog: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { product }) => {
  const { slug } = product;
  const routes = catalogRoutes(product);

  contractRoute(app, routes.options, async () => app.catalog.options(slug));

  if (routes.bindings) {
    contractRoute(app, routes.bindings, async (request) => app.catalog.bindingsFor(slug, request.query));
  }

  if (routes.availableOptions) {
    contractRoute(app, routes.availableOptions, async (request) =>
      app.catalog.availableOptions(slug, request.query),
    );
  }

  if (routes.allBindings) {
    contractRoute(app, routes.allBindings, async () => app.catalog.allBindings(slug));
  }

  // A quote's answer is a few hundred bytes, always under the compression threshold (plugins/external/compress.ts):
  // the compression hooks would only cost time on the hottest route there is.
  contractRoute(app, routes.calculate, { compress: false }, async (request, reply) => {
    const result = await app.catalog.calculate(slug, request.body as CalculateBody);
    // The hot path of every calculator: its shape is tested against CalculateResponse (lib/ready-json.ts).
    return sendReadyJson(reply, result);
  });
};

export default catalog;

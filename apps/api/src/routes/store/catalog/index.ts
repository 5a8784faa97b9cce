/**
 * The public catalog of ONE category, mounted once per product definition under api/{slug}/ (routes/index.ts).
 * Which routes and keys exist comes from the definition, so the seven categories answer exactly the spec's paths:
 * - GET dropdowns/ (thesis: options/) with the category's keys;
 * - GET bindings/?trim_size_id=&page_count= where the category has trims and pages;
 * - GET available-options/?trim_size_id=&page_count= (print book);
 * - GET comic/all-bindings/ (comic book);
 * - POST calculate/: the quote, computed from the server's own price list.
 * No login needed (the spec's calculators are public).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AllBindingsResponse,
  BindingsQuery,
  BindingsResponse,
  CalculateResponse,
  calculateBody,
  catalogOptionsResponse,
  type CalculateBody,
} from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { availableOptionKinds } from '#plugins/app/catalog/catalog.service.js';

export interface CatalogRoutesOptions {
  product: ProductDefinition;
}

const catalog: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { product }) => {
  const { slug } = product;
  const tags = [`catalog: ${product.name}`];
  const optionKeys = product.kinds.flatMap((k) => k.dropdownKeys.map((key) => ({ key, kind: k.kind })));

  app.get(
    `/${product.optionsPath}`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${product.name}: every option with its price (calculators and price editors)`,
        response: { 200: catalogOptionsResponse(optionKeys) },
      },
    },
    async () => app.catalog.options(slug),
  );

  if (product.bindingsRoute) {
    app.get(
      '/bindings',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `${product.name}: the bindings a book of this trim size and page count can have`,
          querystring: BindingsQuery,
          response: { 200: BindingsResponse, 400: ErrorBody },
        },
      },
      async (request) => app.catalog.bindingsFor(slug, request.query),
    );
  }

  if (product.availableOptionsRoute) {
    const keys = availableOptionKinds(slug).map((k) => ({ key: k.dropdownKeys[0] ?? k.kind, kind: k.kind }));
    app.get(
      '/available-options',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `${product.name}: options for this trim size and page count, unavailable ones marked`,
          querystring: BindingsQuery,
          response: { 200: catalogOptionsResponse(keys, { withAvailability: true }), 400: ErrorBody },
        },
      },
      async (request) => app.catalog.availableOptions(slug, request.query),
    );
  }

  if (product.allBindingsPath) {
    app.get(
      `/${product.allBindingsPath}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `${product.name}: every binding type with its page range (price editor)`,
          response: { 200: AllBindingsResponse },
        },
      },
      async () => app.catalog.allBindings(slug),
    );
  }

  app.post(
    '/calculate',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `${product.name}: price a configuration (bulk discounts included)`,
        body: calculateBody(product.kinds, product.hasPageCount),
        response: { 200: CalculateResponse, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await app.catalog.calculate(slug, request.body as CalculateBody);
      // The hot path of every calculator: the answer is built from typed values by our own code and its shape is
      // tested against CalculateResponse, so it is sent as ready JSON instead of being re-validated per request.
      return reply.serializer(JSON.stringify).send(result);
    },
  );
};

export default catalog;

/**
 * Admin price updates of ONE category, mounted once per product definition under api/{slug}/: a
 * PUT {kind}/{id}/update/ route for every kind the spec lets that category's editor change (binding-type,
 * interior-color, paper-type, cover-finish, spine / spine-type, exterior-color, foil-stamping, screen-stamping,
 * corner-protector, trim-size). Admins only: 401 without a token, 403 for a customer (role read from the database).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AdminPriceUpdateBody,
  AdminPriceUpdateParams,
  AdminPriceUpdateResponse,
} from '@bindery/contracts/admin/catalog';
import { updatableKinds, type ProductDefinition } from '@bindery/pricing/products';

export interface AdminCatalogRoutesOptions {
  product: ProductDefinition;
}

const adminCatalog: FastifyPluginAsyncZod<AdminCatalogRoutesOptions> = async (app, { product }) => {
  const tags = [`admin: ${product.name} prices`];

  for (const kind of updatableKinds(product)) {
    app.put(
      `/${kind.adminSegment}/:id/update`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `${product.name}: set the ${kind.priceField} of one of the ${kind.label.toLowerCase()}`,
          params: AdminPriceUpdateParams,
          body: AdminPriceUpdateBody,
          response: {
            200: AdminPriceUpdateResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) =>
        app.catalog.updatePrice({
          slug: product.slug,
          kind,
          id: request.params.id,
          body: request.body,
          adminId: request.signedInUser().id,
        }),
    );
  }
};

export default adminCatalog;

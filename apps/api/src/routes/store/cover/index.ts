/**
 * The cover of a book (docs/decisions/0055), public like the calculators:
 * - GET api/cover-dimensions/?trim_size_id=&binding_id=&paper_type_id=&page_count=[&category=]: the full cover in
 *   inches, millimetres and points (Lulu's cover-dimensions);
 * - GET api/cover-template/?…: the same cover as a template PDF with the guides drawn;
 * - GET api/cover-template/png/?…[&ppi=]: the same guides as a PNG image (docs/decisions/0069).
 * Both read the book from the server's own catalog (plugins/app/cover/cover.service.ts); a combination the catalog
 * does not have, or a page count outside the binding's range, is a 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverRoutes } from '@bindery/contracts/store/cover';
import { contentDisposition } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';
import { COVER_TEMPLATE_PNG_PPI } from '@bindery/contracts/store/cover';
import { coverTemplatePng, pngName } from '#plugins/app/cover/cover-template-png.js';
import { coverTemplateFileName, coverTemplatePdf } from '#plugins/app/cover/cover-template.js';
import { coverDimensions, coverFor } from '#plugins/app/cover/cover.service.js';

const cover: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, coverRoutes.dimensions, async (request) =>
    coverDimensions(coverFor(await app.catalog.priceList(), request.query)),
  );

  contractRoute(app, coverRoutes.template, async (request, reply) => {
    const book = coverFor(await app.catalog.priceList(), request.query);
    const pdf = await coverTemplatePdf(book);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', coverTemplateFileName(book)))
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf));
  });

  contractRoute(app, coverRoutes.templatePng, async (request, reply) => {
    const book = coverFor(await app.catalog.priceList(), request.query);
    const png = await coverTemplatePng(book, request.query.ppi ?? COVER_TEMPLATE_PNG_PPI.default);
    return reply
      .type('image/png')
      .header('content-disposition', contentDisposition('attachment', pngName(coverTemplateFileName(book))))
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });
};

export default cover;

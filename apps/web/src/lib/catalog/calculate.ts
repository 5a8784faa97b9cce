/**
 * POST api/{slug}/calculate/: the server's quote (cost per book, totals, the bulk discount and the tier table for
 * this configuration). Amounts are decimal strings and are only displayed, never re-computed.
 */
import { useMutation } from '@tanstack/react-query';
import { catalogRoutes, type CalculateBody } from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { api } from '../api-client';

export const calculate = (product: ProductDefinition, body: CalculateBody) =>
  api.call(catalogRoutes(product).calculate, { body });

export const useCalculate = (product: ProductDefinition) =>
  useMutation({ mutationFn: (body: CalculateBody) => calculate(product, body) });

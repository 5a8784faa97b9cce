/**
 * The price on a printed book's design page: 'Calculate' asks the server (POST the category's calculate route)
 * once every required field is filled, else says which are missing (docs/spec/customer-journey.md §4).
 */
import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@bindery/contracts/messages';
import { refusalText } from '#lib/error-text.ts';
import type { CalculateBody } from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { calculate } from '#lib/catalog/calculate.ts';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { toQuoteView, type QuoteView } from '#lib/catalog/quote-view.ts';
import { chosenIds, missingKinds, type OptionCascade } from '#lib/catalog/use-option-cascade.ts';

export function parseQuantity(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

export function useDesignQuote(product: ProductDefinition | undefined) {
  const [result, setResult] = useState<QuoteView | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const calc = useMutation({
    mutationFn: (body: CalculateBody) => calculate(product as ProductDefinition, body),
  });

  const clear = () => {
    setResult(null);
    setError(null);
    calc.reset();
  };

  const onCalculate = (cascade: OptionCascade, pageCount: number | null, quantityText: string) => {
    setError(null);
    if (!product) {
      setError(messages.calculators.notAvailableForCategory);
      return;
    }
    const quantity = parseQuantity(quantityText);
    const missing = missingKinds(cascade).map((k) => KIND_LABELS[k]);
    if (product.hasPageCount && pageCount === null) missing.push('Page Count');
    if (quantity === null) missing.push('Quantity');
    if (missing.length > 0 || quantity === null) {
      setError(`${messages.projects.fillRequiredFields} ${missing.join(', ')}`);
      return;
    }
    const body: CalculateBody = { ...chosenIds(cascade), quantity };
    if (product.hasPageCount && pageCount !== null) body['page_count'] = pageCount;
    calc.mutate(body, {
      onSuccess: (quote) => setResult(toQuoteView(quote)),
      onError: (err) => setError(refusalText(err, messages.calculators.calculateFailed)),
    });
  };

  return { result, error, calculating: calc.isPending, clear, onCalculate };
}

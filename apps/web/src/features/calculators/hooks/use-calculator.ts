/**
 * The calculator's state and actions (calculator.tsx): Page Count settling and clamped, the quantity, the client
 * check with the spec's message on submit, and the server's quote, cleared by any change.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { clampPageCount } from '@bindery/pricing/bindings';
import type { ProductDefinition } from '@bindery/pricing/products';
import { useCalculate } from '#lib/catalog/calculate.ts';
import { toQuoteView, type QuoteView } from '#lib/catalog/quote-view.ts';
import { chosenIds, missingKinds, useOptionCascade } from '#lib/catalog/use-option-cascade.ts';
import { CALCULATOR_COPY } from '../lib/calculator-copy';

/** How long typing in Page Count pauses before the value is clamped and availability reloads. */
const PAGE_COUNT_SETTLE_MS = 600;

export function useCalculator(product: ProductDefinition) {
  const [pageText, setPageText] = useState('');
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<QuoteView | null>(null);
  const calc = useCalculate(product);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  /** Anything the user changes invalidates the shown quote and any message about the last submit. */
  const clearResult = () => {
    setResult(null);
    setFormError(null);
    calc.reset();
  };
  // Option lists, choices and the availability a trim size and page count allow (shared with the design page).
  const cascade = useOptionCascade(product, pageCount, { onInvalidate: clearResult });

  const commitPages = (text: string) => {
    clearTimeout(settle.current);
    if (text.trim() === '') {
      setPageCount(null);
      return;
    }
    const clamped = clampPageCount(Number(text));
    setPageText(String(clamped));
    setPageCount(clamped);
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const missing = new Set<string>(missingKinds(cascade));
    let pages = pageCount;
    if (product.hasPageCount) {
      if (pageText.trim() === '') missing.add('page_count');
      else if (pages === null || String(pages) !== pageText) {
        pages = clampPageCount(Number(pageText));
        commitPages(pageText);
      }
    }
    const quantity = Number(quantityText);
    if (quantityText.trim() === '' || !Number.isInteger(quantity) || quantity <= 0) missing.add('quantity');
    setInvalid(missing);
    if (missing.size > 0) {
      setFormError(CALCULATOR_COPY[product.slug].invalidForm);
      return;
    }
    setFormError(null);
    const body: Record<string, number> = { ...chosenIds(cascade), quantity };
    if (product.hasPageCount && pages !== null) body['page_count'] = pages;
    calc.mutate(body, { onSuccess: (response) => setResult(toQuoteView(response)) });
  };

  const onPageChange = (text: string) => {
    setPageText(text);
    clearResult();
    clearTimeout(settle.current);
    settle.current = setTimeout(() => commitPages(text), PAGE_COUNT_SETTLE_MS);
  };
  const onQuantityChange = (text: string) => {
    setQuantityText(text);
    clearResult();
  };

  return {
    cascade,
    calc,
    pageText,
    pageCount,
    quantityText,
    formError,
    invalid,
    result,
    commitPages,
    onPageChange,
    onQuantityChange,
    onSubmit,
  };
}

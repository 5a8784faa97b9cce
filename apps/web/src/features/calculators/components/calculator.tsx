/**
 * The one calculator for all seven categories, driven by @bindery/pricing's product definition:
 * loading → ready (option lists from the catalog API) → availability reloaded once trim size and page count are
 * set (unavailable items greyed out and disabled, a chosen item that became unavailable is reset) → submit
 * (client-side check with the spec's message) → calculating → the server's quote. Any change clears the result.
 * @see docs/spec/calculators-account-admin.md §2–§5, §8
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { clampPageCount, PAGE_COUNT_LIMITS } from '@bindery/pricing/bindings';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { OptionSelect } from '#components/catalog/option-select.tsx';
import { QuoteResult } from '#components/catalog/quote-result.tsx';
import { useCalculate } from '#lib/catalog/calculate.ts';
import { availabilityErrorMessage } from '#lib/catalog/get-availability.ts';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { toQuoteView, type QuoteView } from '#lib/catalog/quote-view.ts';
import { chosenIds, missingKinds, nameOf, useOptionCascade } from '#lib/catalog/use-option-cascade.ts';
import { CALCULATOR_COPY } from '../lib/calculator-copy';
import { SummaryPanel } from './summary-panel';

export interface CalculatorProps {
  product: ProductDefinition;
  loggedIn: boolean;
}

/** How long typing in Page Count pauses before the value is clamped and availability reloads. */
const PAGE_COUNT_SETTLE_MS = 600;

export function Calculator({ product, loggedIn }: CalculatorProps) {
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
  const { options, kinds, choices, availability, availabilityQuery } = cascade;

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

  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;

  const lists = options.data;
  const selectFor = (kind: OptionKind, required: boolean) => (
    <OptionSelect key={kind} cascade={cascade} kind={kind} required={required} invalid={invalid.has(kind)} />
  );

  const quantity = Number(quantityText);
  return (
    <div className="b-calc">
      <Card>
        <form
          className="b-stack"
          onSubmit={onSubmit}
          noValidate
          aria-label={`${product.name} price calculator`}
        >
          <div className="b-calc__fields">
            {kinds.some((d) => d.kind === 'trim_size') ? selectFor('trim_size', true) : null}
            {product.hasPageCount ? (
              <TextField
                label="Page Count"
                name="page_count"
                type="number"
                inputMode="numeric"
                required
                min={PAGE_COUNT_LIMITS.min}
                max={PAGE_COUNT_LIMITS.max}
                step={1}
                value={pageText}
                placeholder={`${PAGE_COUNT_LIMITS.min}–${PAGE_COUNT_LIMITS.max}`}
                hint={`${PAGE_COUNT_LIMITS.min} to ${PAGE_COUNT_LIMITS.max} pages; other values are adjusted to fit.`}
                aria-invalid={invalid.has('page_count') && pageText === '' ? true : undefined}
                onChange={(e) => {
                  const text = e.target.value;
                  setPageText(text);
                  clearResult();
                  clearTimeout(settle.current);
                  settle.current = setTimeout(() => commitPages(text), PAGE_COUNT_SETTLE_MS);
                }}
                onBlur={(e) => commitPages(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commitPages(e.currentTarget.value);
                }}
              />
            ) : null}
            {kinds.filter((d) => d.kind !== 'trim_size').map((d) => selectFor(d.kind, d.required))}
            <TextField
              label="Quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              required
              min={1}
              step={1}
              value={quantityText}
              aria-invalid={invalid.has('quantity') ? true : undefined}
              hint="Save 5% from 100 copies, 10% from 500, 15% from 1000."
              onChange={(e) => {
                setQuantityText(e.target.value);
                clearResult();
              }}
            />
          </div>
          {availabilityQuery && availability.isFetching ? (
            <Spinner label="Checking available options" />
          ) : null}
          {availabilityQuery && availability.isError ? (
            <Alert tone="error">{availabilityErrorMessage(product)}</Alert>
          ) : null}
          {cascade.resetNote ? <Alert tone="warning">{cascade.resetNote}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {calc.isError ? (
            <Alert tone="error">
              {messages.calculators.errorCalculating(
                calc.error.message || messages.calculators.calculationFailed,
              )}
            </Alert>
          ) : null}
          <div className="b-row">
            <Button type="submit" busy={calc.isPending}>
              {calc.isPending ? 'Calculating...' : 'Calculate Price'}
            </Button>
          </div>
        </form>
        {result ? <QuoteResult quote={result} /> : null}
      </Card>
      <aside className="b-calc__summary" aria-label="Your configuration">
        <Card className="b-stack">
          <h2>Summary</h2>
          <SummaryPanel
            product={product}
            rows={[
              ...(product.hasTrimSizes
                ? [{ label: 'Trim Size', value: nameOf(lists.trim_size, choices.trim_size) }]
                : []),
              ...(product.hasPageCount
                ? [{ label: 'Page Count', value: pageCount === null ? null : String(pageCount) }]
                : []),
              ...kinds
                .filter((d) => d.kind !== 'trim_size')
                .map((d) => ({ label: KIND_LABELS[d.kind], value: nameOf(lists[d.kind], choices[d.kind]) })),
              {
                label: 'Quantity',
                value: Number.isInteger(quantity) && quantity > 0 ? String(quantity) : null,
              },
            ]}
          />
          <Link to={loggedIn ? '/userdashboard' : '/login'} className="b-btn b-btn--accent">
            Create Your Print Book
          </Link>
        </Card>
      </aside>
    </div>
  );
}

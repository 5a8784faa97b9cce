/**
 * The one calculator for all seven categories, driven by @bindery/pricing's product definition:
 * loading → ready (option lists from the catalog API) → availability reloaded once trim size and page count are
 * set (unavailable items greyed out and disabled, a chosen item that became unavailable is reset) → submit
 * (client-side check with the spec's message) → calculating → the server's quote. Any change clears the result.
 * @see docs/spec/calculators-account-admin.md §2–§5, §8
 */
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { PAGE_COUNT_LIMITS } from '@bindery/pricing/bindings';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { OptionSelect } from '#components/catalog/option-select.tsx';
import { QuoteResult } from '#components/catalog/quote-result.tsx';
import { availabilityErrorMessage } from '#lib/catalog/get-availability.ts';
import { useCalculator } from '../hooks/use-calculator';
import { CalculatorSummary } from './calculator-summary';

export interface CalculatorProps {
  product: ProductDefinition;
  loggedIn: boolean;
}

export function Calculator({ product, loggedIn }: CalculatorProps) {
  const {
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
  } = useCalculator(product);
  const { options, kinds, availability, availabilityQuery } = cascade;

  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;

  const selectFor = (kind: OptionKind, required: boolean) => (
    <OptionSelect key={kind} cascade={cascade} kind={kind} required={required} invalid={invalid.has(kind)} />
  );

  return (
    <div className="b-calc">
      <Card>
        <form
          className="b-stack"
          onSubmit={onSubmit}
          noValidate
          aria-label={`${product.displayName} price calculator`}
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
                onChange={(e) => onPageChange(e.target.value)}
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
              onChange={(e) => onQuantityChange(e.target.value)}
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
      <CalculatorSummary
        product={product}
        cascade={cascade}
        pageCount={pageCount}
        quantityText={quantityText}
        loggedIn={loggedIn}
      />
    </div>
  );
}

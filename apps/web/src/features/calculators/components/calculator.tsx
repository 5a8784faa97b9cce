/**
 * The one calculator for all seven categories, driven by @bindery/pricing's product definition:
 * loading → ready (option lists from the catalog API) → availability reloaded once trim size and page count are
 * set (unavailable items greyed out and disabled, a chosen item that became unavailable is reset) → submit
 * (client-side check with the spec's message) → calculating → the server's quote. Any change clears the result.
 * @see ../../../../../../shared/spec/calculators-account-admin.md §2–§5, §8
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { SelectField, TextField } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { clampPageCount, PAGE_COUNT_LIMITS } from '@bindery/pricing/bindings';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { useCalculate } from '../api/calculate';
import { availabilityEndpoint, availabilityErrorMessage, useAvailability, type AvailabilityQuery } from '../api/get-availability';
import { useOptions } from '../api/get-options';
import type { OptionItem } from '../api/option-lists';
import { CALCULATOR_COPY, FORM_ORDER, formKinds, KIND_LABELS } from '../lib/calculator-copy';
import { toQuoteView, type QuoteView } from '../lib/quote-view';
import { QuoteResult } from './quote-result';
import { SummaryPanel } from './summary-panel';

export interface CalculatorProps {
  product: ProductDefinition;
  loggedIn: boolean;
}

type Choices = Partial<Record<OptionKind, string>>;

/** How long typing in Page Count pauses before the value is clamped and availability reloads. */
const PAGE_COUNT_SETTLE_MS = 600;

export function Calculator({ product, loggedIn }: CalculatorProps) {
  const options = useOptions(product);
  const [choices, setChoices] = useState<Choices>({});
  const [pageText, setPageText] = useState('');
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<QuoteView | null>(null);
  const [resetNote, setResetNote] = useState<string | null>(null);
  const calc = useCalculate(product);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const kinds = useMemo(() => formKinds(product), [product]);
  const endpoint = availabilityEndpoint(product);
  const trimSizeId = choices.trim_size ? Number(choices.trim_size) : null;
  const availabilityQuery: AvailabilityQuery | null =
    endpoint && trimSizeId !== null && pageCount !== null ? { trimSizeId, pageCount } : null;
  const availability = useAvailability(product, availabilityQuery);
  const allowed = availabilityQuery ? availability.data : undefined;

  /** Anything the user changes invalidates the shown quote and any message about the last submit. */
  const clearResult = () => {
    setResult(null);
    setFormError(null);
    calc.reset();
  };

  // A chosen item that the new trim size / page count no longer allows is reset to empty (spec §4). The choices
  // are read through a ref: this runs when availability changes, not on every choice.
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  useEffect(() => {
    if (!allowed) return;
    const current = choicesRef.current;
    const dropped = (Object.entries(allowed) as [OptionKind, ReadonlySet<number>][]).filter(
      ([kind, ids]) => current[kind] && !ids.has(Number(current[kind])),
    );
    if (dropped.length === 0) return;
    setChoices((c) => ({ ...c, ...Object.fromEntries(dropped.map(([kind]) => [kind, ''])) }));
    const names = dropped.map(([kind]) => kind).sort((a, b) => FORM_ORDER.indexOf(a) - FORM_ORDER.indexOf(b)).map((k) => KIND_LABELS[k]);
    setResetNote(
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not available for this trim size and page count, so ${names.length === 1 ? 'it was' : 'they were'} cleared.`,
    );
    setResult(null);
  }, [allowed]);

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

  const choose = (kind: OptionKind, value: string) => {
    setChoices((c) => {
      const next = { ...c, [kind]: value };
      // A binding row of another trim size cannot stay chosen when the trim changes.
      const binding = c.binding ? options.data?.binding?.find((b) => String(b.id) === c.binding) : undefined;
      if (kind === 'trim_size' && binding?.trim_size_id && String(binding.trim_size_id) !== value) next.binding = '';
      return next;
    });
    setResetNote(null);
    clearResult();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = new Set<string>();
    for (const def of kinds) if (def.required && !choices[def.kind]) missing.add(def.kind);
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
    const body: Record<string, number> = { quantity };
    for (const def of kinds) {
      const id = choices[def.kind];
      if (id) body[def.bodyField] = Number(id);
    }
    if (product.hasPageCount && pages !== null) body['page_count'] = pages;
    calc.mutate(body, { onSuccess: (response) => setResult(toQuoteView(response)) });
  };

  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;

  const lists = options.data;
  const bindingGated = endpoint !== null;
  const waitingForShape = bindingGated && availabilityQuery === null;

  const selectFor = (kind: OptionKind, required: boolean) => {
    const list = shownItems(lists[kind] ?? [], trimSizeId);
    const allowedIds = allowed?.[kind] ?? null;
    const gated = kind === 'binding' && waitingForShape;
    const label = KIND_LABELS[kind];
    const hint = gated
      ? 'Choose a trim size and page count first.'
      : allowedIds && list.some((i) => !allowedIds.has(i.id))
        ? 'Greyed-out options are not available for this trim size and page count.'
        : undefined;
    return (
      <SelectField
        key={kind}
        label={label}
        name={kind}
        required={required}
        disabled={gated || (kind === 'binding' && availability.isFetching && !allowed)}
        value={choices[kind] ?? ''}
        onChange={(e) => choose(kind, e.target.value)}
        placeholder={required ? `Select ${label.toLowerCase()}` : 'None'}
        hint={hint}
        aria-invalid={invalid.has(kind) && !choices[kind] ? true : undefined}
        options={list.map((item) => ({
          value: String(item.id),
          label: allowedIds && !allowedIds.has(item.id) ? `${item.name} (not available)` : item.name,
          disabled: allowedIds ? !allowedIds.has(item.id) : false,
        }))}
      />
    );
  };

  const quantity = Number(quantityText);
  return (
    <div className="b-calc">
      <Card>
        <form className="b-stack" onSubmit={onSubmit} noValidate aria-label={`${product.name} price calculator`}>
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
          {availabilityQuery && availability.isFetching ? <Spinner label="Checking available options" /> : null}
          {availabilityQuery && availability.isError ? <Alert tone="error">{availabilityErrorMessage(product)}</Alert> : null}
          {resetNote ? <Alert tone="warning">{resetNote}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {calc.isError ? (
            <Alert tone="error">{messages.calculators.errorCalculating(calc.error.message || messages.calculators.calculationFailed)}</Alert>
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
              ...(product.hasTrimSizes ? [{ label: 'Trim Size', value: nameOf(lists.trim_size, choices.trim_size) }] : []),
              ...(product.hasPageCount ? [{ label: 'Page Count', value: pageCount === null ? null : String(pageCount) }] : []),
              ...kinds
                .filter((d) => d.kind !== 'trim_size')
                .map((d) => ({ label: KIND_LABELS[d.kind], value: nameOf(lists[d.kind], choices[d.kind]) })),
              { label: 'Quantity', value: Number.isInteger(quantity) && quantity > 0 ? String(quantity) : null },
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

/** Bindings priced per trim size list one row per trim: show those of the chosen trim (or all, before one is chosen). */
function shownItems(list: OptionItem[], trimSizeId: number | null): OptionItem[] {
  if (trimSizeId === null) return list;
  return list.filter((item) => item.trim_size_id === undefined || item.trim_size_id === null || item.trim_size_id === trimSizeId);
}

function nameOf(list: OptionItem[] | undefined, id: string | undefined): string | null {
  if (!id) return null;
  return list?.find((item) => String(item.id) === id)?.name ?? null;
}

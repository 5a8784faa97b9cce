/**
 * The option cascade of a catalog form, shared by the calculators and the design page: the category's option
 * lists (GET api/{slug}/dropdowns/), the user's choices, and the availability that a trim size and a page count
 * allow (available-options/ or bindings/). When availability changes, a chosen item it no longer allows is reset
 * to empty and a note says which fields were cleared (docs/spec/calculators-account-admin.md §4; docs/spec/customer-journey.md §4
 * "Design form changes"). Choosing another trim size also drops a binding row that belongs to another trim.
 * Where the page count comes from differs (typed in the calculator, counted by the server from the PDF on the
 * design page), so the caller passes it in.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import {
  availabilityEndpoint,
  useAvailability,
  type Availability,
  type AvailabilityQuery,
} from './get-availability';
import { useOptions } from './get-options';
import { FORM_ORDER, formKinds, KIND_LABELS } from './kind-labels';
import { optionLabel, type OptionItem } from './option-lists';

/** Chosen item ids by kind, as the select values hold them ('' = none chosen). */
export type Choices = Partial<Record<OptionKind, string>>;

export interface CascadeOptions {
  initialChoices?: Choices;
  /** Called whenever a choice changes, by the user or because availability reset it (e.g. to clear a quote). */
  onInvalidate?: () => void;
}

/** `product` is undefined for a category the catalog does not price (e Book): no options, nothing to choose. */
export function useOptionCascade(
  product: ProductDefinition | undefined,
  pageCount: number | null,
  opts: CascadeOptions = {},
) {
  const options = useOptions(product);
  const [choices, setChoices] = useState<Choices>(opts.initialChoices ?? {});
  const [resetNote, setResetNote] = useState<string | null>(null);
  const onInvalidate = useRef(opts.onInvalidate);
  onInvalidate.current = opts.onInvalidate;

  const kinds = useMemo(() => (product ? formKinds(product) : []), [product]);
  const endpoint = product ? availabilityEndpoint(product) : null;
  const trimSizeId = choices.trim_size ? Number(choices.trim_size) : null;
  const availabilityQuery: AvailabilityQuery | null =
    endpoint && trimSizeId !== null && pageCount !== null ? { trimSizeId, pageCount } : null;
  const availability = useAvailability(product, availabilityQuery);
  const allowed: Availability | undefined = availabilityQuery ? availability.data : undefined;

  // Read through a ref: this runs when availability changes, not on every choice.
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
    const names = dropped
      .map(([kind]) => kind)
      .sort((a, b) => FORM_ORDER.indexOf(a) - FORM_ORDER.indexOf(b))
      .map((k) => KIND_LABELS[k]);
    setResetNote(
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not available for this trim size and page count, so ${names.length === 1 ? 'it was' : 'they were'} cleared.`,
    );
    onInvalidate.current?.();
  }, [allowed]);

  const choose = (kind: OptionKind, value: string) => {
    setChoices((c) => {
      const next = { ...c, [kind]: value };
      // A binding row of another trim size cannot stay chosen when the trim changes.
      const binding = c.binding ? options.data?.binding?.find((b) => String(b.id) === c.binding) : undefined;
      if (kind === 'trim_size' && binding?.trim_size_id && String(binding.trim_size_id) !== value)
        next.binding = '';
      return next;
    });
    setResetNote(null);
    onInvalidate.current?.();
  };

  return {
    product,
    options,
    kinds,
    choices,
    choose,
    trimSizeId,
    availability,
    availabilityQuery,
    allowed,
    /** Bindings wait for a trim size and a page count where the category narrows them. */
    waitingForShape: endpoint !== null && availabilityQuery === null,
    resetNote,
  };
}

export type OptionCascade = ReturnType<typeof useOptionCascade>;

/** Required kinds without a choice, in form order. */
export const missingKinds = (cascade: Pick<OptionCascade, 'kinds' | 'choices'>): OptionKind[] =>
  cascade.kinds.filter((d) => d.required && !cascade.choices[d.kind]).map((d) => d.kind);

/** The chosen ids under their calculate-body fields (trim_size_id, binding_id, …); unchosen kinds are left out. */
export function chosenIds(cascade: Pick<OptionCascade, 'kinds' | 'choices'>): Record<string, number> {
  const body: Record<string, number> = {};
  for (const def of cascade.kinds) {
    const id = cascade.choices[def.kind];
    if (id) body[def.bodyField] = Number(id);
  }
  return body;
}

/** Bindings priced per trim size list one row per trim: show those of the chosen trim (or all, before one is chosen). */
export function shownItems(list: OptionItem[], trimSizeId: number | null): OptionItem[] {
  if (trimSizeId === null) return list;
  return list.filter(
    (item) =>
      item.trim_size_id === undefined || item.trim_size_id === null || item.trim_size_id === trimSizeId,
  );
}

/** The name of the chosen item, for summaries. */
export function nameOf(list: OptionItem[] | undefined, id: string | undefined): string | null {
  if (!id) return null;
  const item = list?.find((i) => String(i.id) === id);
  return item ? optionLabel(item) : null;
}

/** The inverse of chosenIds: stored body-field ids (a saved form, a project's configuration) → select values. */
export function choicesFromIds(
  product: ProductDefinition | undefined,
  ids: Readonly<Record<string, number | null | undefined>>,
): Choices {
  const out: Choices = {};
  for (const def of product?.kinds ?? []) {
    const id = ids[def.bodyField];
    if (typeof id === 'number') out[def.kind] = String(id);
  }
  return out;
}

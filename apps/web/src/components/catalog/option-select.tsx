/**
 * One labelled select of a catalog form (calculators, design page). Items the current trim size and page count
 * do not allow stay listed, greyed out and disabled with "(not available)", so the customer sees what exists and
 * why it cannot be picked; bindings wait for a trim size and a page count where the category narrows them.
 */
import { optionLabel } from '#lib/catalog/option-lists.ts';
import { SelectField } from '@bindery/ui/field';
import type { OptionKind } from '@bindery/pricing/products';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { shownItems, type OptionCascade } from '#lib/catalog/use-option-cascade.ts';

export interface OptionSelectProps {
  cascade: OptionCascade;
  kind: OptionKind;
  required: boolean;
  invalid?: boolean;
  /** What the binding waits for before it can be chosen. */
  gatedHint?: string;
}

export function OptionSelect({
  cascade,
  kind,
  required,
  invalid,
  gatedHint = 'Choose a trim size and page count first.',
}: OptionSelectProps) {
  const list = shownItems(cascade.options.data?.[kind] ?? [], cascade.trimSizeId);
  const allowedIds = cascade.allowed?.[kind] ?? null;
  const gated = kind === 'binding' && cascade.waitingForShape;
  const label = KIND_LABELS[kind];
  const hint = gated
    ? gatedHint
    : allowedIds && list.some((i) => !allowedIds.has(i.id))
      ? 'Greyed-out options are not available for this trim size and page count.'
      : undefined;
  const value = cascade.choices[kind] ?? '';
  return (
    <SelectField
      label={label}
      name={kind}
      required={required}
      disabled={gated || (kind === 'binding' && cascade.availability.isFetching && !cascade.allowed)}
      value={value}
      onChange={(e) => cascade.choose(kind, e.target.value)}
      placeholder={required ? `Select ${label.toLowerCase()}` : 'None'}
      hint={hint}
      aria-invalid={invalid && !value ? true : undefined}
      options={list.map((item) => ({
        value: String(item.id),
        label:
          allowedIds && !allowedIds.has(item.id) ? `${optionLabel(item)} (not available)` : optionLabel(item),
        disabled: allowedIds ? !allowedIds.has(item.id) : false,
      }))}
    />
  );
}

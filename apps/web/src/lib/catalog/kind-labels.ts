/**
 * How option kinds are named and ordered wherever a catalog form appears (the calculators, the design page):
 * visible field labels (docs/spec/calculators-account-admin.md §3 names them) and one field order for every category.
 */
import { OPTION_KINDS, type OptionKind, type ProductDefinition } from '@bindery/pricing/products';

export const KIND_LABELS: Readonly<Record<OptionKind, string>> = {
  trim_size: 'Trim Size',
  binding: 'Binding',
  interior_color: 'Interior Color',
  paper_type: 'Paper Type',
  cover_finish: 'Cover Finish',
  spine: 'Spine',
  exterior_color: 'Exterior Color',
  foil_stamping: 'Foil Stamping',
  screen_stamping: 'Screen Stamping',
  corner_protector: 'Corner Protector',
  flat_fee: 'E-Book Fee',
};

/** Fields appear in the form and the summary in OPTION_KINDS order, whatever order the price editor uses. */
export const FORM_ORDER: readonly OptionKind[] = OPTION_KINDS;

export const formKinds = (product: ProductDefinition) =>
  [...product.kinds].sort((a, b) => FORM_ORDER.indexOf(a.kind) - FORM_ORDER.indexOf(b.kind));

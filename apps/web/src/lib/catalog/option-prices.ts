/**
 * The price difference an option card shows: what one copy's list price would move by if this item replaced the
 * one chosen today, with every other current choice and the page count as they are (packages/pricing's
 * optionPriceDifferenceCents, so the figure is what Calculate would then show per copy). It is a guide for
 * choosing; the server's quote stays the price.
 */
import { printedPageCount, isBindingStyle } from '@bindery/pricing/bindings';
import { formatCents, formatPrice, parseDecimal } from '@bindery/pricing/money';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { optionPriceDifferenceCents, type QuoteLine } from '@bindery/pricing/quote';
import type { Choices } from './use-option-cascade';
import type { ListsByKind, OptionItem } from './option-lists';

function lineOf(
  product: ProductDefinition,
  kind: OptionKind,
  item: OptionItem | undefined,
): QuoteLine | null {
  const def = product.kinds.find((k) => k.kind === kind);
  if (!def || !item) return null;
  const text = item[def.priceField];
  return { priceUnits: text ? parseDecimal(text) : 0, perPage: def.priceField === 'price_per_page' };
}

const styleOf = (item: OptionItem | undefined) => {
  const style = item?.binding_style;
  return style && isBindingStyle(style) ? style : null;
};

const signed = (text: string, negative: boolean) => `${negative ? '−' : '+'}$${text}`;

/**
 * The text of each card's price difference, by item id: "+$9.00 per copy", "−$0.50 per copy", "Same price", or,
 * for a per-page item before the PDF has given a page count, "+$0.09 per page". The chosen card says nothing.
 */
export function optionPriceTexts(args: {
  product: ProductDefinition;
  lists: ListsByKind;
  choices: Choices;
  kind: OptionKind;
  items: readonly OptionItem[];
  /** The PDF's page count; null before it is known. */
  pageCount: number | null;
}): Map<number, string> {
  const { product, lists, choices, kind, items, pageCount } = args;
  const find = (k: OptionKind, id: string | undefined) =>
    id ? lists[k]?.find((i) => String(i.id) === id) : undefined;
  const others: QuoteLine[] = [];
  for (const def of product.kinds) {
    if (def.kind === kind) continue;
    const line = lineOf(product, def.kind, find(def.kind, choices[def.kind]));
    if (line) others.push(line);
  }
  const currentItem = find(kind, choices[kind]);
  const current = lineOf(product, kind, currentItem);
  const out = new Map<number, string>();
  for (const item of items) {
    if (currentItem && item.id === currentItem.id) continue;
    const candidate = lineOf(product, kind, item) as QuoteLine;
    if (product.hasPageCount && pageCount === null) {
      // No page count yet: a per-page price can only be told per page.
      const diff = candidate.priceUnits - (current?.priceUnits ?? 0);
      out.set(
        item.id,
        diff === 0
          ? 'Same price'
          : `${signed(formatPrice(Math.abs(diff)), diff < 0)} per ${candidate.perPage ? 'page' : 'copy'}`,
      );
      continue;
    }
    // Printed pages: the binding's multiple (saddle stitch prints in fours) decides what is charged.
    const printed = (style: ReturnType<typeof styleOf>) =>
      product.hasPageCount && pageCount !== null ? printedPageCount(pageCount, style) : 1;
    const today = printed(styleOf(find('binding', choices.binding)));
    const cents = optionPriceDifferenceCents({
      others,
      current,
      candidate,
      pageCount: today,
      candidatePageCount: kind === 'binding' ? printed(styleOf(item)) : today,
    });
    out.set(
      item.id,
      cents === 0 ? 'Same price' : `${signed(formatCents(Math.abs(cents)), cents < 0)} per copy`,
    );
  }
  return out;
}

/** Admin pages other features link to, built in one place (a feature never imports another feature: ADR 0057). */

/** Price history with a category's prices as they stood at `at` (docs/decisions/0063). */
export const pricesAtPath = (category: string, at: string) =>
  `/admin/price-history?${new URLSearchParams({ category, at }).toString()}`;

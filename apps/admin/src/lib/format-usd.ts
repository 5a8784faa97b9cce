/** Money as the admin screens show it; the digits are the server's, never re-computed here. */
import { formatCents } from '@bindery/pricing/money';

/** "1234.5" / "1234.50" → "$1,234.50". */
export function formatUsd(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '−' : ''}$${grouped}.${fraction.padEnd(2, '0')}`;
}

/** Integer cents (the sales report) → "$1,234.50". */
export const formatUsdCents = (cents: number) => formatUsd(formatCents(cents));

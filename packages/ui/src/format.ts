/** How both SPAs print the server's money and dates: display only, the digits are the server's, never re-computed. */

/** "1234.5" / "1234.50" → "$1,234.50" ("-3" → "−$3.00"). */
export function formatUsd(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '−' : ''}$${grouped}.${fraction.padEnd(2, '0')}`;
}

/** An ISO time the server sent, in the given format; a dash when there is none or it is not a valid date. */
export function formatWhen(format: Intl.DateTimeFormat, iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? format.format(date) : '—';
}

/** "12.50" is money, "0.00", "0" and "-3" are not: read from the digits of the server's text, no floating point. */
export const isPositiveAmount = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);

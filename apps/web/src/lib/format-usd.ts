/** "1234.5" / "1234.50" → "$1,234.50": display only; the digits are the server's, never re-computed. */
export function formatUsd(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '−' : ''}$${grouped}.${fraction.padEnd(2, '0')}`;
}

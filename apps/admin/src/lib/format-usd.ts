/** Integer cents (the sales report) as the admin screens show money; strings the server sent go through formatUsd. */
import { formatCents } from '@bindery/pricing/money';
import { formatUsd } from '@bindery/ui/format';

/** Integer cents → "$1,234.50". */
export const formatUsdCents = (cents: number) => formatUsd(formatCents(cents));

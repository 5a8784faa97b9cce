/**
 * A status as a coloured pill with its words (never colour alone): e.g. an order's 'Shipped'. The tone only picks
 * the colours; each pair keeps WCAG AA contrast.
 */
import type { ReactNode } from 'react';

export type StatusTone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

export function StatusBadge({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`b-status b-status--${tone}`}>{children}</span>;
}

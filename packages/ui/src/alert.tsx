/**
 * Inline messages. Errors use role="alert" (announced at once); the rest role="status".
 * Messages the spec shows with alert() appear through this component or a toast, with the same text.
 */
import type { ReactNode } from 'react';

export function Alert({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error' | 'warning'; children: ReactNode }) {
  return (
    <div className={`b-alert b-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

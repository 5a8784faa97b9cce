/** Buttons in four looks; `busy` disables the button and shows a spinner (e.g. 'Saving...'). */
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.js';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'accent' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
  busy?: boolean;
}

export function Button({ variant = 'primary', size = 'md', busy = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['b-btn', `b-btn--${variant}`, size === 'sm' ? 'b-btn--sm' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner label="" /> : null}
      {children}
    </button>
  );
}

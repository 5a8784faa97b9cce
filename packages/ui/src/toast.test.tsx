/**
 * Where toasts sit (docs/decisions/0059): the stylesheet is loaded into the page and the stack's computed placement
 * checked — bottom-left, clear of the right column where the order summaries are, never wider than the viewport
 * less its margins, with long words wrapping.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast.js';

// The package's own stylesheet (vitest runs in the package's folder).
const css = readFileSync(join(process.cwd(), 'src/styles.css'), 'utf8');

function Shows({ text }: { text: string }) {
  const toast = useToast();
  useEffect(() => toast.show(text, 'success'), [toast, text]);
  return null;
}

afterEach(() => document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove()));

describe('toasts', () => {
  it('stack in the bottom-left corner, within the viewport, wrapping long words', async () => {
    const style = document.createElement('style');
    style.dataset.test = 'styles';
    style.textContent = css;
    document.head.append(style);
    render(
      <ToastProvider>
        <Shows text="Shipping information saved! https://bindery.example/a-very-long-unbroken-address" />
      </ToastProvider>,
    );
    const toast = await screen.findByRole('status');
    const stack = toast.parentElement as HTMLElement;
    const placed = getComputedStyle(stack);
    expect(placed.position).toBe('fixed');
    expect(placed.right).toBe('auto');
    expect(placed.left).not.toBe('auto');
    expect(placed.left).not.toBe('');
    expect(placed.maxWidth).toContain('100vw');
    expect(getComputedStyle(toast.querySelector('span') as HTMLElement).overflowWrap).toBe('anywhere');
  });
});

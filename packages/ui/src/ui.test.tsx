import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.js';
import { ErrorBoundary } from './error-boundary.js';
import { SelectField, TextField } from './field.js';

describe('design system', () => {
  it('ties each control to a visible label and announces its error', () => {
    render(<TextField label="Quantity" error="Quantity must be positive" defaultValue="0" />);
    const input = screen.getByLabelText('Quantity');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Quantity must be positive');
  });
  it('marks unavailable options disabled', () => {
    render(
      <SelectField
        label="Binding"
        placeholder="Select binding"
        options={[
          { value: '1', label: 'Perfect Bound' },
          { value: '2', label: 'Saddle Stitch', disabled: true },
        ]}
      />,
    );
    expect(screen.getByRole('option', { name: 'Saddle Stitch' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Perfect Bound' })).toBeEnabled();
  });
  it('disables a busy button', () => {
    render(<Button busy>Saving...</Button>);
    expect(screen.getByRole('button', { name: /Saving/ })).toBeDisabled();
  });
  it('shows a fallback instead of crashing on a render error', () => {
    const Boom = () => {
      throw new Error('boom');
    };
    const spy = console.error;
    console.error = () => undefined;
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    console.error = spy;
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

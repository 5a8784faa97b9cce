import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChoiceCard } from './choice-card.js';

describe('ChoiceCard', () => {
  it('is a radio named by the whole card, checked and disabled like one', () => {
    render(
      <fieldset>
        <legend>Shipping service</legend>
        <ChoiceCard name="s" value="a" checked readOnly>
          <strong>FedEx Ground</strong> <span>$25.00</span>
        </ChoiceCard>
        <ChoiceCard name="s" value="b" disabled>
          DHL Express
        </ChoiceCard>
      </fieldset>,
    );
    expect(screen.getByRole('radio', { name: 'FedEx Ground $25.00' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'DHL Express' })).toBeDisabled();
  });
  it('can be a checkbox', () => {
    render(<ChoiceCard type="checkbox">Gift wrap</ChoiceCard>);
    expect(screen.getByRole('checkbox', { name: 'Gift wrap' })).not.toBeChecked();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OptionCardGroup, type OptionCardData } from '../option-cards';

const cards: OptionCardData[] = [
  {
    value: '10',
    name: 'Perfect Bound',
    description: 'Paperback with a square, glued spine.',
    art: '/art/options/binding-perfect-bound.svg',
  },
  {
    value: '11',
    name: 'Saddle Stitch',
    description: 'Folded and stapled, for slim books.',
    art: '/a.svg',
    disabledReason: 'Needs 4–48 pages',
  },
  { value: '12', name: 'Case Wrap', description: 'Hardcover.', art: '/b.svg', price: '+$8.25 per copy' },
  { value: '13', name: 'Coil Bound', description: 'Lies flat.', art: '/c.svg', price: '+$4.05 per copy' },
];

function Group({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OptionCardGroup
        legend="Binding"
        name="binding"
        cards={cards}
        value={value}
        onChange={setValue}
        required
      />
      <output>{value}</output>
    </>
  );
}

describe('OptionCardGroup: image-card radio options', () => {
  it('is a fieldset of real radios named by their card, each with picture, description and price difference', () => {
    render(<Group initial="10" />);
    const group = screen.getByRole('group', { name: 'Binding' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['10', '11', '12', '13']);
    expect(within(group).getByRole('radio', { name: 'Perfect Bound' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Perfect Bound' })).toHaveAccessibleDescription(
      'Paperback with a square, glued spine. Selected',
    );
    expect(within(group).getByRole('radio', { name: 'Case Wrap' })).toHaveAccessibleDescription(
      'Hardcover. +$8.25 per copy',
    );
    const img = within(group)
      .getByRole('radio', { name: 'Case Wrap' })
      .closest('label')
      ?.querySelector('img');
    expect(img).toHaveAttribute('src', '/b.svg');
    // Decorative: the card's text already says what the picture shows.
    expect(img).toHaveAttribute('alt', '');
  });

  it('greys out an unavailable option and says why, and a click on it changes nothing', async () => {
    const user = userEvent.setup();
    render(<Group initial="10" />);
    const saddle = screen.getByRole('radio', { name: 'Saddle Stitch' });
    expect(saddle).toBeDisabled();
    expect(saddle).toHaveAccessibleDescription('Folded and stapled, for slim books. Needs 4–48 pages');
    expect(saddle.closest('label')).toHaveAttribute('data-disabled', 'true');
    await user.click(screen.getByText('Needs 4–48 pages'));
    expect(screen.getByRole('radio', { name: 'Perfect Bound' })).toBeChecked();
  });

  it('moves with the arrow keys as native radios do, skipping the unavailable one', async () => {
    const user = userEvent.setup();
    render(<Group initial="10" />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Perfect Bound' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Case Wrap' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Case Wrap' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('12');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Coil Bound' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Case Wrap' })).toBeChecked();
  });

  it('a click anywhere on a card chooses it', async () => {
    const user = userEvent.setup();
    render(<Group />);
    await user.click(screen.getByText('Lies flat.'));
    expect(screen.getByRole('radio', { name: 'Coil Bound' })).toBeChecked();
  });
});

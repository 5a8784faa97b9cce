/**
 * A radio (or checkbox) drawn as a card: the whole card is the label, so a click anywhere picks it and its text
 * is the control's accessible name. Used for choices that carry several facts (a shipping service: courier,
 * service, delivery time, price; a payment method). Group cards in a <fieldset> with a <legend>.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface ChoiceCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  type?: 'radio' | 'checkbox';
  children: ReactNode;
}

export function ChoiceCard({ type = 'radio', className, children, ...input }: ChoiceCardProps) {
  return (
    <label className={['b-choice', className ?? ''].filter(Boolean).join(' ')}>
      <input type={type} className="b-choice__input" {...input} />
      <span className="b-choice__body">{children}</span>
    </label>
  );
}

/**
 * Image-card radio options (docs/spec/customer-journey.md §2: the design page picks binding, interior color, paper type and
 * cover finish "from image-card radio options"). Each card is a real <input type="radio"> inside its <label>, in
 * a <fieldset> named by its <legend>: arrow keys move within the group and the screen reader announces the group,
 * the option's name, its description and price difference, exactly as for native radios. An option the current
 * trim size and page count rule out stays in view, greyed, and says why ("Needs 24–800 pages").
 */
import { useId } from 'react';
import './option-cards.css';

export interface OptionCardData {
  value: string;
  name: string;
  description: string;
  /** URL of the card's picture. */
  art: string;
  /** The price difference against the current choice ("+$1.20 per copy"); absent on the chosen card. */
  price?: string;
  /** Why it cannot be chosen; a card with a reason is disabled. */
  disabledReason?: string;
}

export interface OptionCardGroupProps {
  legend: string;
  name: string;
  cards: readonly OptionCardData[];
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Said once for the whole group (e.g. what it waits for). */
  hint?: string;
}

export function OptionCardGroup({
  legend,
  name,
  cards,
  value,
  onChange,
  required,
  hint,
}: OptionCardGroupProps) {
  const hintId = useId();
  return (
    <fieldset className="o-group" aria-describedby={hint ? hintId : undefined}>
      <legend>
        {legend}
        {required ? null : <span className="o-group__optional"> (optional)</span>}
      </legend>
      {hint ? (
        <p id={hintId} className="o-group__hint">
          {hint}
        </p>
      ) : null}
      <div className="o-cards">
        {cards.map((card) => (
          <OptionCard
            key={card.value}
            card={card}
            name={name}
            checked={card.value === value}
            required={required}
            onChange={onChange}
          />
        ))}
      </div>
    </fieldset>
  );
}

function OptionCard({
  card,
  name,
  checked,
  required,
  onChange,
}: {
  card: OptionCardData;
  name: string;
  checked: boolean;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const nameId = useId();
  const detailsId = useId();
  const disabled = card.disabledReason !== undefined;
  return (
    <label className="b-radio-card o-card" data-disabled={disabled || undefined}>
      <input
        type="radio"
        name={name}
        value={card.value}
        checked={checked}
        disabled={disabled}
        required={required}
        onChange={() => onChange(card.value)}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
      />
      <img className="o-card__art" src={card.art} alt="" width={120} height={80} />
      <span id={nameId} className="o-card__name">
        {card.name}
      </span>
      <span id={detailsId} className="o-card__details">
        {card.description ? <span className="o-card__text">{card.description}</span> : null}
        {disabled ? (
          <span className="o-card__reason">{card.disabledReason}</span>
        ) : card.price ? (
          <span className="o-card__price">{card.price}</span>
        ) : checked ? (
          <span className="o-card__price o-card__price--chosen">Selected</span>
        ) : null}
      </span>
    </label>
  );
}

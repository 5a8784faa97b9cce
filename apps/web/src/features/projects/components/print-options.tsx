/**
 * The print options of a printed book's design page: the catalog cascade shared with the calculators, trim size
 * first, then the image cards, then a category's extras (docs/spec/customer-journey.md §2).
 */
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { OptionCards } from '#components/catalog/cascade-option-cards.tsx';
import { OptionSelect } from '#components/catalog/option-select.tsx';
import { availabilityErrorMessage } from '#lib/catalog/get-availability.ts';
import { CARD_KINDS } from '#lib/catalog/option-looks.ts';
import type { OptionCascade } from '#lib/catalog/use-option-cascade.ts';

export function PrintOptions({ cascade, pageCount }: { cascade: OptionCascade; pageCount: number | null }) {
  const { product, options } = cascade;
  if (!product) return <p>{messages.calculators.notAvailableForCategory}</p>;
  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;
  const gatedHint = 'Choose a trim size and upload your PDF first.';
  // Binding, interior color, paper and cover finish are image cards (docs/spec/customer-journey.md §2); the trim size and a
  // photo book's or thesis's extras stay selects, whose long lists cards would only make harder to scan.
  const selects = cascade.kinds.filter((d) => !CARD_KINDS.includes(d.kind));
  const cards = cascade.kinds.filter((d) => CARD_KINDS.includes(d.kind));
  const trim = selects.find((d) => d.kind === 'trim_size');
  const extras = selects.filter((d) => d.kind !== 'trim_size');
  return (
    <>
      {cascade.resetNote ? <Alert tone="warning">{cascade.resetNote}</Alert> : null}
      {trim ? (
        <div className="p-fields">
          <OptionSelect cascade={cascade} kind="trim_size" required={trim.required} gatedHint={gatedHint} />
        </div>
      ) : null}
      {cards.map((d) => (
        <OptionCards
          key={d.kind}
          cascade={cascade}
          kind={d.kind}
          required={d.required}
          pageCount={pageCount}
          gatedHint={gatedHint}
        />
      ))}
      {extras.length > 0 ? (
        <div className="p-fields">
          {extras.map((d) => (
            <OptionSelect
              key={d.kind}
              cascade={cascade}
              kind={d.kind}
              required={d.required}
              gatedHint={gatedHint}
            />
          ))}
        </div>
      ) : null}
      {cascade.availabilityQuery && cascade.availability.isError ? (
        <Alert tone="error">{availabilityErrorMessage(product)}</Alert>
      ) : null}
    </>
  );
}

/**
 * Who is buying (customer-journey.md §2 Shop): an individual, or an enterprise/business, which may hold a resale
 * certificate. Both change the tax the server applies, so the page asks before it calculates.
 */
import { ChoiceCard } from '@bindery/ui/choice-card';
import { messages } from '@bindery/contracts/messages';
import type { AccountType } from '@bindery/contracts/store/checkout';

export interface AccountTypeFieldsetProps {
  accountType: AccountType;
  hasResaleCert: boolean;
  onAccountType: (value: AccountType) => void;
  onResaleCert: (value: boolean) => void;
}

const choices: { value: AccountType; label: string }[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'enterprise', label: 'Enterprise/Business' },
];

export function AccountTypeFieldset({ accountType, hasResaleCert, onAccountType, onResaleCert }: AccountTypeFieldsetProps) {
  return (
    <fieldset className="b-fieldset">
      <legend>Account type</legend>
      <div className="b-row">
        {choices.map((c) => (
          <ChoiceCard key={c.value} name="account_type" value={c.value} checked={accountType === c.value} onChange={() => onAccountType(c.value)}>
            {c.label}
          </ChoiceCard>
        ))}
      </div>
      {accountType === 'enterprise' ? (
        <label className="b-row">
          <input type="checkbox" name="has_resale_cert" checked={hasResaleCert} onChange={(e) => onResaleCert(e.target.checked)} />
          {messages.checkout.resaleCertificate}
        </label>
      ) : null}
    </fieldset>
  );
}

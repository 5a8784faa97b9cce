/**
 * Who is buying (docs/spec/customer-journey.md §2 Shop): an individual, or an enterprise/business. The account type changes
 * the tax the server applies, so the page asks before it calculates. An enterprise is exempt only with a resale
 * certificate for the ship-to state that our staff approved (docs/decisions/0032): the server decides from its
 * records, so there is no checkbox to claim one; the fieldset links to the account page's certificates and, once a
 * rate is calculated, shows what the server said about the certificate for that state.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { ChoiceCard } from '@bindery/ui/choice-card';
import { messages } from '@bindery/contracts/messages';
import type { AccountType, ShippingRateResponse } from '@bindery/contracts/store/checkout';

export interface AccountTypeFieldsetProps {
  accountType: AccountType;
  onAccountType: (value: AccountType) => void;
  /** The server's word on the buyer's certificate for the destination (from the calculated rate), if any. */
  certificate?: ShippingRateResponse['resale_certificate'];
}

const choices: { value: AccountType; label: string }[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'enterprise', label: 'Enterprise/Business' },
];

const tones = { approved: 'success', pending: 'warning', rejected: 'error', none: 'info' } as const;

export function AccountTypeFieldset({ accountType, onAccountType, certificate }: AccountTypeFieldsetProps) {
  const m = messages.certificates;
  return (
    <fieldset className="b-fieldset">
      <legend>Account type</legend>
      <div className="b-row">
        {choices.map((c) => (
          <ChoiceCard
            key={c.value}
            name="account_type"
            value={c.value}
            checked={accountType === c.value}
            onChange={() => onAccountType(c.value)}
          >
            {c.label}
          </ChoiceCard>
        ))}
      </div>
      {accountType === 'enterprise' ? (
        <div className="b-stack" data-testid="resale-certificate-status">
          {certificate ? (
            <Alert tone={tones[certificate.status]}>{certificate.message}</Alert>
          ) : (
            <p className="b-muted">{m.shopHint}</p>
          )}
          <p>
            <Link to="/account-settings#resale-certificate">{m.shopManage}</Link>
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

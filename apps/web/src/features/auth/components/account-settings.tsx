/**
 * /account-settings (docs/spec/calculators-account-admin.md §2). Login Data works (login-data.tsx: name, password,
 * devices signed in; docs/decisions/0067, the e-mail: 0074), and Account Management deletes the account with the
 * password (delete-account.tsx, docs/decisions/0074); the other sections are static as the spec draws them. The
 * "Resale certificate" section (docs/decisions/0032) is: upload and review status, linked from the shop.
 */
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import { usePublicConfig } from '#lib/public-config.ts';
import { useSession } from '../hooks/use-session';
import { DeleteAccount } from './delete-account';
import { LoginData } from './login-data';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="b-stack" role="region" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

/** The offer named is the one staff set (GET /api/config; docs/decisions/0033), none while it is off. */
function MarketingPreferences() {
  const promo = usePublicConfig().data?.first_print_discount;
  return (
    <p>
      Choose how Bindery may contact you about offers
      {promo?.enabled ? ` such as ${promo.text}` : ''}.
    </p>
  );
}

/**
 * `resaleCertificate`, `addressBook`: the certificates and checkout features' sections, composed in by the route
 * (src/app/routes).
 */
export function AccountSettings({
  resaleCertificate,
  addressBook,
}: {
  resaleCertificate?: React.ReactNode;
  addressBook?: React.ReactNode;
}) {
  const session = useSession();
  return (
    <div className="b-container b-stack">
      <h1>Account Settings</h1>
      {session ? <p className="b-lead">Signed in as {session.user.name}.</p> : null}
      <Section title="Login Data">
        <LoginData />
      </Section>
      {addressBook ? <Section title="Addresses">{addressBook}</Section> : null}
      <Section title="Payments Method">
        <p>{messages.auth.noPaymentMethods}</p>
      </Section>
      <Section title="Marketing Preferences">
        <MarketingPreferences />
      </Section>
      <Section title="Email Preferences">
        <label className="b-row">
          <input type="checkbox" name="marketing-emails" disabled /> Marketing and promotional emails
        </label>
        <label className="b-row">
          <input type="checkbox" name="newsletter" disabled /> Newsletter
        </label>
      </Section>
      <Section title="Account Type">
        <label className="b-row">
          <input type="radio" name="account-type" value="personal" defaultChecked disabled /> Personal
        </label>
        <label className="b-row">
          <input type="radio" name="account-type" value="business" disabled /> Business
        </label>
      </Section>
      {resaleCertificate}
      <Section title="Account Management">
        <DeleteAccount />
      </Section>
    </div>
  );
}

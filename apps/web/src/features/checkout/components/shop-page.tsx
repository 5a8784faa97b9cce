/**
 * /shop (docs/spec/customer-journey.md §2 Shop, §4, §5, §8): account type, the delivery address, the server's shipping
 * services for the cart (cheapest chosen first), the cart summary in server numbers, and 'Check Delivery
 * Method', which makes the server create the order and goes on to /payment?order={id}. A cart of e-books alone
 * has nothing to ship (docs/decisions/0034): the address is the billing address (it sets the sales tax), the
 * server's one service is the download, and the page says so instead of offering carriers. Saved addresses fill the
 * form, and "Save this address" keeps it in the address book once the shipping is saved (docs/decisions/0074).
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import type { ShippingRateResponse, ShippingService } from '@bindery/contracts/store/checkout';
import type { SessionUser } from '@bindery/contracts/store/users';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { useShopCheckout } from '../hooks/use-shop-checkout';
import { AccountTypeFieldset } from './account-type-fieldset';
import { AddressFields } from './address-fields';
import { SavedAddressPicker } from './saved-address-picker';
import { ShippingServices } from './shipping-services';
import { MessageCard } from './message-card';
import { ShopSummary } from './shop-summary';

const m = messages.checkout;

export const digitalCheckoutTexts = {
  title: 'Checkout',
  address: 'Billing address',
  note: 'E-books are delivered as files: nothing is shipped. Your billing address sets the sales tax.',
  calculate: 'Calculate Total',
  delivery: 'Delivered as files: download them from your order page once paid.',
  submit: 'Continue to Payment',
} as const;
const d = digitalCheckoutTexts;

export function ShopPage({ user }: { user: SessionUser }) {
  const c = useShopCheckout(user);
  const { items, digitalOnly, rate, chosen } = c;
  if (items.length === 0) return <EmptyCart />;

  return (
    <div className="b-container b-stack">
      <p>
        <Link to="/orders">← Back to cart</Link>
      </p>
      <h1>{digitalOnly ? d.title : 'Shipping and delivery'}</h1>
      <div className="b-calc">
        <form
          className="b-card b-stack"
          onSubmit={(event) => void c.onSave(event)}
          noValidate
          aria-label="Shipping details"
        >
          <AccountTypeFieldset
            accountType={c.state.draft.account_type}
            onAccountType={(value) => c.set('account_type', value)}
            certificate={c.rate?.resale_certificate}
          />
          <h2>{digitalOnly ? d.address : 'Delivery address'}</h2>
          {digitalOnly ? <p className="b-muted">{d.note}</p> : null}
          <SavedAddressPicker onPick={c.fill} />
          <AddressFields
            draft={c.state.draft}
            errors={c.fieldErrors}
            onChange={c.set}
            withPhone={!digitalOnly}
          />
          <label className="b-row">
            <input type="checkbox" name="save_address" checked={c.saveToBook} onChange={(e) => c.setSaveToBook(e.target.checked)} />{' '}
            Save this address
          </label>
          <div>
            <Button variant="secondary" onClick={() => void c.calculate()} busy={c.calculating}>
              {digitalOnly ? d.calculate : 'Calculate Shipping Rate'}
            </Button>
          </div>
          {c.state.rateError ? <Alert tone="error">{c.state.rateError}</Alert> : null}
          {rate ? (
            <>
              {digitalOnly ? null : (
                <ShippingServices
                  services={rate.available_services}
                  selected={c.state.selected}
                  onSelect={(code) => c.dispatch({ type: 'select', code })}
                />
              )}
              {chosen ? <SelectedService service={chosen} rate={rate} digitalOnly={digitalOnly} /> : null}
            </>
          ) : null}
          {c.saveError ? <Alert tone="error">{c.saveError}</Alert> : null}
          <div>
            <Button type="submit" busy={c.saving}>
              {digitalOnly ? d.submit : 'Check Delivery Method'}
            </Button>
          </div>
        </form>
        <aside className="b-calc__summary">
          <ShopSummary items={items} rate={rate} service={chosen} digitalOnly={digitalOnly} />
        </aside>
      </div>
    </div>
  );
}

function SelectedService({
  service,
  rate,
  digitalOnly,
}: {
  service: ShippingService;
  rate: ShippingRateResponse;
  digitalOnly: boolean;
}) {
  return (
    <Card className="b-stack" data-testid="selected-service">
      <h3>{digitalOnly ? 'Delivery' : 'Selected service'}</h3>
      <p>
        {digitalOnly ? d.delivery : `${shippingServiceName(service)}, delivered in ${service.delivery_time}.`}
      </p>
      <p className="b-muted">
        Tax {rate.tax_rate}: {rate.tax_reason}
      </p>
    </Card>
  );
}

function EmptyCart() {
  return (
    <MessageCard title="Your cart is empty">
      <p>{m.emptyCart}</p>
      <p>
        <Link className="b-btn b-btn--primary" to="/userdashboard">
          Go to your projects
        </Link>
      </p>
    </MessageCard>
  );
}

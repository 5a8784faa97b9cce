/**
 * /shop (docs/spec/customer-journey.md §2 Shop, §4, §5, §8): account type, the delivery address, the server's shipping
 * services for the cart (cheapest chosen first), the cart summary in server numbers, and 'Check Delivery
 * Method', which makes the server create the order and goes on to /payment?order={id}. A cart of e-books alone
 * has nothing to ship (docs/decisions/0034): the address is the billing address (it sets the sales tax), the
 * server's one service is the download, and the page says so instead of offering carriers.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { useToast } from '@bindery/ui/toast';
import { messages } from '@bindery/contracts/messages';
import { DeliveryAddress } from '@bindery/contracts/store/checkout';
import { usZipProblem } from '@bindery/contracts/us-zip';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName } from '@bindery/pricing/products';
import { useCart } from '#lib/cart.ts';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { noCarrierCouriers, useShippingRate } from '../api/get-shipping-rate';
import { useSaveShipping } from '../api/save-shipping';
import { hasRateFields, hasSaveFields, useShopForm, type DraftField } from '../hooks/use-shop-form';
import { firstIssuePerField, isSessionExpired, refusalText, serverFieldErrors } from '../lib/error-text';
import { AccountTypeFieldset } from './account-type-fieldset';
import { AddressFields } from './address-fields';
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

/** The server's ZIP rule (5 digits or ZIP+4, in the chosen state), said before asking it. */
function usZipText(country: string, state: string, postalCode: string): string | null {
  if (country !== 'US' || state === '') return null;
  const problem = usZipProblem(state, postalCode);
  if (problem === null) return null;
  return problem === 'format' ? m.usZipFormat : m.usZipNotInState(postalCode, state);
}

function rateErrorText(error: unknown): string {
  const couriers = noCarrierCouriers(error);
  if (couriers) return m.noDhlOrFedex(couriers.length ? couriers.join(', ') : 'None');
  if (isSessionExpired(error)) return messages.generic.sessionExpired;
  return refusalText(error, m.fetchRateFailed);
}

export function ShopPage({ user }: { user: SessionUser }) {
  const items = useCart(user.id);
  const { state, service, dispatch } = useShopForm(user.id);
  const rateCall = useShippingRate();
  const save = useSaveShipping();
  const navigate = useNavigate();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  // A reload or Back kept the address and the chosen service: the rate is the server's again, asked once.
  const keptChoice = useRef(state.selected);
  useEffect(() => {
    if (keptChoice.current && items.length > 0 && hasRateFields(state.draft))
      void calculate(keptChoice.current);
    keptChoice.current = null;
    // Once, on arrival: later rates are the customer's to ask for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (items.length === 0) return <EmptyCart />;

  const projectIds = items.map((i) => i.id);
  const digitalOnly = items.every((i) => productByName(i.category)?.digital === true);
  // A rate priced another cart (a project was removed in another tab) is not this cart's rate.
  const current = state.rateCart === projectIds.join(',');
  const rate = current ? state.rate : null;
  const chosen = current ? service : null;

  function set(field: DraftField, value: string | boolean) {
    dispatch({ type: 'set', field, value });
    setFieldErrors(({ [field]: _edited, ...rest }) => rest);
    setSaveError(null);
  }

  function sessionOver() {
    // The session is gone, so the page is about to send the buyer to /login: a toast outlives the page.
    toast.show(messages.generic.sessionExpired, 'error');
  }

  /** `prefer`: the service to choose again if the answer offers it (a kept choice), else the cheapest. */
  async function calculate(prefer: string | null = null) {
    const { version, draft } = state;
    setSaveError(null);
    if (!hasRateFields(draft)) {
      dispatch({ type: 'rate-failed', version, message: m.fillAddressForRate });
      return;
    }
    const { account_type } = draft;
    // §5 Shop rate: country and state trimmed and upper-cased, city and postal code trimmed.
    const place = {
      country: draft.country.trim().toUpperCase(),
      state: draft.state.trim().toUpperCase(),
      city: draft.city.trim(),
      postal_code: draft.postal_code.trim(),
    };
    const zip = usZipText(place.country, place.state, place.postal_code);
    // Said once, at the field (its error is announced), instead of also as the rate's error.
    if (zip) {
      setFieldErrors((errors) => ({ ...errors, postal_code: zip }));
      return;
    }
    try {
      const answer = await rateCall.mutateAsync({ ...place, account_type, project_ids: projectIds });
      dispatch({ type: 'rate-ok', version, rate: answer, cart: projectIds.join(','), prefer });
    } catch (error) {
      if (isSessionExpired(error)) sessionOver();
      dispatch({ type: 'rate-failed', version, message: rateErrorText(error) });
    }
  }

  async function onSave(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveError(null);
    if (!hasSaveFields(state.draft)) {
      setSaveError(m.fillAllRequired);
      return;
    }
    if (!chosen) {
      setSaveError(m.calculateRateFirst);
      return;
    }
    const address = DeliveryAddress.safeParse(state.draft);
    if (!address.success) {
      setFieldErrors(firstIssuePerField(address.error));
      return;
    }
    try {
      const { order } = await save.mutateAsync({
        user_address: state.draft,
        project_ids: projectIds,
        selected_service: chosen.service_code,
      });
      toast.show(m.shippingSaved, 'success');
      void navigate(`/payment?order=${order.id}`);
    } catch (error) {
      if (isSessionExpired(error)) {
        sessionOver();
        setSaveError(messages.generic.sessionExpired);
        return;
      }
      setFieldErrors(serverFieldErrors(error));
      setSaveError(refusalText(error, m.saveShippingFailed));
    }
  }

  return (
    <div className="b-container b-stack">
      <p>
        <Link to="/orders">← Back to cart</Link>
      </p>
      <h1>{digitalOnly ? d.title : 'Shipping and delivery'}</h1>
      <div className="b-calc">
        <form
          className="b-card b-stack"
          onSubmit={(event) => void onSave(event)}
          noValidate
          aria-label="Shipping details"
        >
          <AccountTypeFieldset
            accountType={state.draft.account_type}
            onAccountType={(value) => set('account_type', value)}
            certificate={rate?.resale_certificate}
          />
          <h2>{digitalOnly ? d.address : 'Delivery address'}</h2>
          {digitalOnly ? <p className="b-muted">{d.note}</p> : null}
          <AddressFields draft={state.draft} errors={fieldErrors} onChange={set} />
          <div>
            <Button variant="secondary" onClick={() => void calculate()} busy={rateCall.isPending}>
              {digitalOnly ? d.calculate : 'Calculate Shipping Rate'}
            </Button>
          </div>
          {state.rateError ? <Alert tone="error">{state.rateError}</Alert> : null}
          {rate ? (
            <>
              {digitalOnly ? null : (
                <ShippingServices
                  services={rate.available_services}
                  selected={state.selected}
                  onSelect={(code) => dispatch({ type: 'select', code })}
                />
              )}
              {chosen ? (
                <Card className="b-stack" data-testid="selected-service">
                  <h3>{digitalOnly ? 'Delivery' : 'Selected service'}</h3>
                  <p>
                    {digitalOnly
                      ? d.delivery
                      : `${shippingServiceName(chosen)}, delivered in ${chosen.delivery_time}.`}
                  </p>
                  <p className="b-muted">
                    Tax {rate.tax_rate}: {rate.tax_reason}
                  </p>
                </Card>
              ) : null}
            </>
          ) : null}
          {saveError ? <Alert tone="error">{saveError}</Alert> : null}
          <div>
            <Button type="submit" busy={save.isPending}>
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

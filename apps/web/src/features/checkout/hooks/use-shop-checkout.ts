/**
 * The state and actions of /shop (shop-page.tsx): the address form, the server's shipping rate for the cart (asked
 * again once on arrival when a reload or Back kept a chosen service), and saving the shipping details, which makes
 * the server create the order and goes on to /payment?order={id}.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@bindery/ui/toast';
import { messages } from '@bindery/contracts/messages';
import { DeliveryAddress } from '@bindery/contracts/store/checkout';
import { usZipProblem } from '@bindery/contracts/us-zip';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName } from '@bindery/pricing/products';
import { useCart } from '#lib/cart.ts';
import { noCarrierCouriers, useShippingRate } from '../api/get-shipping-rate';
import { useCreateAddress } from '../api/addresses';
import { useSaveShipping } from '../api/save-shipping';
import {
  fieldErrors as serverFieldErrors,
  isSessionExpired,
  issuesByField,
  refusalText,
} from '#lib/error-text.ts';
import {
  bookAddress,
  hasRateFields,
  missingSaveFields,
  ADDRESS_LABELS,
  savedAddress,
  useShopForm,
  type AddressDraft,
  type DraftField,
} from './use-shop-form';

const m = messages.checkout;

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

export function useShopCheckout(user: SessionUser) {
  const items = useCart(user.id);
  const { state, service, dispatch } = useShopForm(user.id);
  const rateCall = useShippingRate();
  const save = useSaveShipping();
  const keep = useCreateAddress();
  // "Save this address": kept in the address book once the shipping is saved (docs/decisions/0074).
  const [saveToBook, setSaveToBook] = useState(false);
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

  /** A saved address picked: the whole form at once. */
  function fill(draft: AddressDraft) {
    dispatch({ type: 'fill', draft });
    setFieldErrors({});
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
    const missing = missingSaveFields(state.draft, digitalOnly);
    if (missing.length > 0) {
      // Said once, every missing field named by its label (one announcement, not one per field).
      setSaveError(m.fillAllRequiredNaming(missing.map((field) => ADDRESS_LABELS[field])));
      return;
    }
    if (!chosen) {
      setSaveError(m.calculateRateFirst);
      return;
    }
    const address = DeliveryAddress.safeParse(savedAddress(state.draft, digitalOnly));
    if (!address.success) {
      setFieldErrors(issuesByField(address.error.issues));
      return;
    }
    try {
      const { order } = await save.mutateAsync({
        user_address: savedAddress(state.draft, digitalOnly),
        project_ids: projectIds,
        selected_service: chosen.service_code,
      });
      toast.show(m.shippingSaved, 'success');
      if (saveToBook) {
        // The order is saved whatever happens here: a full address book (or a network fault) is only said.
        await keep.mutateAsync({ address: bookAddress(state.draft) }).then(
          () => toast.show(messages.account.addressSaved, 'success'),
          (error: unknown) => toast.show(refusalText(error, m.addressNotKept), 'error'),
        );
      }
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

  return {
    items,
    state,
    dispatch,
    digitalOnly,
    rate,
    chosen,
    fieldErrors,
    saveError,
    set,
    fill,
    saveToBook,
    setSaveToBook,
    calculate,
    onSave,
    calculating: rateCall.isPending,
    saving: save.isPending || keep.isPending,
  };
}

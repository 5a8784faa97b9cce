/**
 * An order on hold for a file problem, and the customer's cancel window (docs/decisions/0072): the reasons, the
 * texts and the hold as the order shows it. The customer's routes are in ./order-changes.ts.
 *
 * - Staff hold a paid or in-production order with a reason of HOLD_REASONS and a message (POST
 *   api/admin/orders/{id}/status/ `{status: 'on_hold', hold_reason, note}`), release it back to where it was.
 * - POST api/orders/{id}/replace-file/ ReplaceFileBody → OrderResponse: the customer's replacement interior and/or
 *   cover for one book of an order on hold, uploaded first through api/book/uploads/ and preflighted here as
 *   upload-book preflights (400 PREFLIGHT_FAILED); kept on the book only when it passes. A new page count that
 *   changes the price shows as the order's `hold.price_difference` (a lower price is refunded at once).
 * - POST api/orders/{id}/cancel/ → OrderResponse: within the production delay after payment, the customer cancels
 *   and is refunded in full (409 ORDER_CANCEL_WINDOW_CLOSED after it).
 * - PUT api/orders/{id}/address/ ChangeAddressBody → OrderResponse: within the same window, another street, city
 *   or ZIP in the same state and country (rates and tax were computed for those: 409 otherwise).
 */
import { z } from 'zod';
import { DecimalString } from '../common.js';
import { ORDER_STATUSES } from '../order-lifecycle.js';

export const HOLD_REASONS = ['page_size', 'fonts', 'image_resolution', 'cover_size', 'other'] as const;
export const HoldReason = z.enum(HOLD_REASONS, { error: 'Choose why the order is held.' });
export type HoldReason = z.infer<typeof HoldReason>;

/** Each reason as staff choose it and the customer reads it, with what to do about it. */
export const holdReasonTexts: Record<HoldReason, { label: string; todo: string }> = {
  page_size: {
    label: 'Page size',
    todo: 'Export your interior again at the trim size you ordered (with bleed if your pages print to the edge).',
  },
  fonts: {
    label: 'Fonts',
    todo: 'Export your interior again with every font embedded (PDF/X or "embed all fonts").',
  },
  image_resolution: {
    label: 'Image resolution',
    todo: 'Replace the low-resolution images (at least 300 ppi at their printed size) and export again.',
  },
  cover_size: {
    label: 'Cover size',
    todo: 'Make your cover again from the cover template for your page count (spine width included).',
  },
  other: { label: 'Other', todo: 'Read our message below and upload a corrected file.' },
};

export const holdTexts = {
  reasonRequired: 'Choose why the order is held.',
  messageRequired: 'Write the customer a message saying what is wrong.',
  heldFrom: (orderNumber: string, status: string) =>
    `Order ${orderNumber} was held while ${status}: release it back to ${status}.`,
  productionNotYet: (orderNumber: string, at: string) =>
    `Order ${orderNumber} is in its cancel window: production can start at ${at}.`,
  cancelWindowClosed: (orderNumber: string) =>
    `Order ${orderNumber} is past its cancel window: production may have started. Write to us to ask.`,
  notOnHold: (orderNumber: string) =>
    `Order ${orderNumber} is not on hold: its files cannot be replaced now.`,
  replaceNothing: 'Choose a new interior or cover to upload.',
  addressOtherState:
    'The delivery was priced and taxed for this state and country: change the street, city or ZIP only, or write to us.',
  differenceUnpaid: (orderNumber: string, amount: string) =>
    `Order ${orderNumber} has an unpaid price difference of $${amount}: the customer pays it on the order page before the hold is released.`,
  notDue: (orderNumber: string) => `Order ${orderNumber} has no price difference to pay.`,
  /** The adjustment invoice's line (docs/decisions/0077). */
  differenceLine: (what: string) => `Price difference: ${what}`,
  differenceWhat: (title: string, oldPages: number, newPages: number) =>
    `“${title}” ${oldPages} → ${newPages} pages`,
  /** Timeline notes (the customer reads them). */
  differencePaid: (amount: string, method: string) => `Price difference of $${amount} paid (${method}).`,
  held: (reason: string, message: string) => `On hold (${reason}): ${message}`,
  replaced: (title: string, what: string, pages: number) =>
    `New ${what} for “${title}” passed preflight (${pages} pages).`,
  priceHigher: (amount: string) => `The new page count costs $${amount} more.`,
  priceLower: (amount: string) => `The new page count costs $${amount} less: it is refunded.`,
  canceledByCustomer: 'Canceled by you within the cancel window; refunded in full.',
  addressChanged: 'Delivery address changed within the cancel window.',
  reminder: 'Reminder: this order waits for a corrected file.',
  staffReminder: 'Held longer than the reminder time: the customer was reminded.',
  released: 'Hold released: the order goes on.',
  /** The admin console's words. */
  confirmHold: (n: string) =>
    `Put order ${n} on hold? The customer gets an e-mail with the reason and your message, and can upload a new file from the order page.`,
  confirmRelease: (n: string, status: string) =>
    `Release the hold of order ${n}? It goes back to ${status} and the customer is told it goes on.`,
  reasonLabel: 'Reason',
  messageLabel: 'Message to the customer (what is wrong)',
  productionFrom: (at: string) => `Start production is possible from ${at} (the customer's cancel window).`,
  heldBecause: (reason: string, since: string) => `On hold since ${since}: ${reason}.`,
  differenceToPay: (amount: string) =>
    `The replacement's page count costs $${amount} more: unpaid. The customer pays it on the order page; the hold can be released once it is paid.`,
  differencePaidByCustomer: (amount: string) =>
    `The replacement's page count cost $${amount} more: paid by the customer (see its invoice).`,
  differenceRefunded: (amount: string) => `The replacement's page count costs $${amount} less (refunded).`,
  refundReason: 'Canceled by the customer within the cancel window',
  differenceRefundReason: 'The replacement file has fewer pages',
};

/** What the order page shows of a hold: what is wrong, what to do, and what a replacement changed. */
export const OrderHold = z.object({
  reason: HoldReason,
  reason_label: z.string(),
  todo: z.string(),
  message: z.string(),
  held_from: z.enum(ORDER_STATUSES),
  since: z.iso.datetime({ offset: true }),
  /** Signed: more to pay (> 0) or refunded (< 0) for a replacement's new page count; null when unchanged. */
  price_difference: DecimalString.nullable(),
  /**
   * The higher difference still to pay, through the payment routes with `purpose: 'difference'`
   * (docs/decisions/0077); null when nothing is due. The hold is not released while it is due.
   */
  difference_due: DecimalString.nullable(),
  /** What this hold's difference payments brought in; null when none. */
  difference_paid: DecimalString.nullable(),
});
export type OrderHold = z.infer<typeof OrderHold>;

/** The customer's order page (apps/web): the hold and the cancel window (docs/decisions/0072). */
export const orderHoldTexts = {
  heading: 'Your order is on hold',
  whatIsWrong: (reason: string) =>
    `We stopped your order before printing: a problem with a file (${reason}).`,
  uploadHere: 'Upload a corrected file',
  newInterior: 'New interior (PDF):',
  newCover: 'New cover (PDF, JPEG or PNG):',
  checking: 'Uploading and checking your file…',
  replacedFor: (title: string, kind: 'interior' | 'cover') =>
    `Your new ${kind} for “${title}” passed our checks. We go on as soon as we have looked at it.`,
  customerToPay: (amount: string) =>
    `The new page count costs $${amount} more: please pay it so that we can print.`,
  payDifference: (amount: string) => `Pay the difference ($${amount})`,
  differencePaid: (amount: string) => `The price difference of $${amount} is paid. Thank you!`,
  differenceProcessing: 'Payment received: waiting for the confirmation…',
  customerRefunded: (amount: string) => `The new page count costs $${amount} less: we refunded it.`,
  somethingFailed: 'That did not work. Try again in a moment.',
  cancelHeading: 'Changed your mind?',
  cancelUntil: (at: string) =>
    `You can cancel this order until ${at}, refunded in full. After that it goes to print.`,
  cancelOrder: 'Cancel order',
  cancelConfirm: (n: string, total: string) => `Cancel order ${n}? The $${total} you paid goes back to you.`,
  cancelYes: 'Yes, cancel and refund',
  cancelNo: 'Keep the order',
  changeAddress: 'Change the delivery address',
  addressHint: 'Same state: the delivery was priced and taxed for it.',
  saveAddress: 'Save address',
  addressSaved: 'The new address is saved.',
};

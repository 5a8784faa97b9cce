/**
 * The mails of an order's life, one per move the customer should hear about: placed (with the pay link), the
 * receipt when it is paid, production started, on hold (what is wrong, what to do) and its reminder, hold
 * resolved, the carrier and tracking link when it ships, delivered, canceled (with the money refunded). Each
 * links to the order's page and is signed with the merchant's name (MERCHANT_NAME), subject included. Plain text
 * plus minimal HTML; every dynamic value is escaped in the HTML. Written to the mail outbox in the transaction of
 * the move (mail-outbox.ts), so they go out exactly when the move committed. The list: apps/api/README.md.
 */
import { messages } from '@bindery/contracts/messages';
import { formatCents } from '@bindery/pricing/money';
import { escapeHtml } from '../mail/templates.js';
import type { OutboxMail } from '../mail/mail-outbox.js';
import { DISCOUNT_LINE_NAME, itemLineName } from '../payments/payment-lines.js';

export interface OrderMailFacts {
  id: number;
  orderNumber: string;
  to: string;
  name: string;
  /** The order's page in the web app. */
  orderUrl: string;
  /** Who sells (configuration): every mail is signed with the name; the receipt names both. */
  merchant: { name: string; address: string };
}

function render(
  facts: OrderMailFacts,
  kind: string,
  subject: string,
  paragraphs: string[],
  extras: { list?: string[]; links?: { label: string; url: string }[] } = {},
): OutboxMail {
  const links = [{ label: 'See your order', url: facts.orderUrl }, ...(extras.links ?? [])];
  const text = [
    `Hello ${facts.name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(extras.list?.length ? [...extras.list.map((i) => `- ${i}`), ''] : []),
    ...links.flatMap((l) => [`${l.label}: ${l.url}`]),
    '',
    `The ${facts.merchant.name} team`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(facts.name)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(extras.list?.length
      ? [`<ul>${extras.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`]
      : []),
    ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    `<p>The ${escapeHtml(facts.merchant.name)} team</p>`,
  ].join('\n');
  return {
    kind,
    dedupeKey: `order-${facts.id}-${kind}`,
    orderId: facts.id,
    to: facts.to,
    subject,
    text,
    html,
    link: facts.orderUrl,
  };
}

/** The amounts of a receipt, each as the order stores it. */
export interface ReceiptAmounts {
  subtotalCents: number;
  /** The first-print discount (docs/decisions/0033): its own line when there is one. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The receipt's lines: each book with its line total, then subtotal, discount, shipping, tax and total. An order of
 * e-books alone ships nothing, so it has no shipping line (docs/decisions/0034).
 */
export function receiptLines(
  items: readonly { title: string; quantity: number; digital?: boolean; line_total_cents?: string | number }[],
  amounts: ReceiptAmounts,
): string[] {
  const shipped = items.some((i) => i.digital !== true) || amounts.shippingCents > 0;
  const usd = (cents: number) => `$${formatCents(cents)}`;
  return [
    ...items.map((i) =>
      i.line_total_cents === undefined
        ? itemLineName(i.title, i.quantity)
        : `${itemLineName(i.title, i.quantity)}: ${usd(Number(i.line_total_cents))}`,
    ),
    `Subtotal: ${usd(amounts.subtotalCents)}`,
    ...(amounts.discountCents > 0 ? [`${DISCOUNT_LINE_NAME}: −${usd(amounts.discountCents)}`] : []),
    ...(shipped ? [`Shipping: ${usd(amounts.shippingCents)}`] : []),
    `Tax: ${usd(amounts.taxCents)}`,
    `Total: ${usd(amounts.totalCents)}`,
  ];
}

/** The receipt, once the payment is confirmed. */
export function orderPaidMail(
  facts: OrderMailFacts,
  order: {
    method: 'card' | 'paypal';
    items: { title: string; quantity: number; digital: boolean; line_total_cents?: string | number }[];
    amounts: ReceiptAmounts;
    /** The order's invoice (docs/decisions/0075): its number, and the order page to download it from. */
    invoice?: { number: string };
  },
  dashboardUrl: string,
): OutboxMail {
  const method = order.method === 'card' ? 'card' : 'PayPal';
  const files = order.items.some((i) => i.digital);
  const printed = order.items.some((i) => !i.digital);
  return render(
    facts,
    'order_paid',
    `${facts.merchant.name} order ${facts.orderNumber}: payment received`,
    [
      `Thank you: we received your ${method} payment of $${formatCents(order.amounts.totalCents)} for order ${facts.orderNumber}.`,
      ...(printed ? ['Your books go to print now; we will write again when they ship.'] : []),
      // E-books (docs/decisions/0034): the files are ready the moment the money is.
      ...(files ? ['Your e-book files are ready: download them from your order page.'] : []),
    ],
    {
      list: [
        // A receipt says who sold and its number (the order number, as on the printed receipt; ADR 0058).
        `Receipt ${facts.orderNumber}`,
        `Sold by ${facts.merchant.name}, ${facts.merchant.address}`,
        ...receiptLines(order.items, order.amounts),
        ...(order.invoice ? [`Invoice ${order.invoice.number}`] : []),
      ],
      links: [
        // The order page (after signing in) offers the invoice as a PDF, and the e-books' files.
        ...(order.invoice
          ? [{ label: `Download invoice ${order.invoice.number}`, url: `${facts.orderUrl}#invoices` }]
          : []),
        ...(files ? [{ label: 'Your order and downloads', url: facts.orderUrl }] : []),
        { label: 'Your projects', url: dashboardUrl },
      ],
    },
  );
}

export function orderShippedMail(
  facts: OrderMailFacts,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null },
): OutboxMail {
  return render(
    facts,
    'order_shipped',
    `${facts.merchant.name} order ${facts.orderNumber} has shipped`,
    [`Your books are on their way with ${shipment.carrier}.`, `Tracking number: ${shipment.trackingNumber}`],
    shipment.trackingUrl ? { links: [{ label: 'Track your parcel', url: shipment.trackingUrl }] } : {},
  );
}

export function orderDeliveredMail(facts: OrderMailFacts): OutboxMail {
  return render(facts, 'order_delivered', `${facts.merchant.name} order ${facts.orderNumber} was delivered`, [
    'Your books have been delivered. We hope you enjoy them!',
  ]);
}

export function orderCanceledMail(
  facts: OrderMailFacts,
  refundedCents: number,
  note: string | null,
): OutboxMail {
  return render(facts, 'order_canceled', `${facts.merchant.name} order ${facts.orderNumber} was canceled`, [
    `Your order ${facts.orderNumber} was canceled.`,
    ...(note ? [note] : []),
    refundedCents > 0
      ? `We refunded $${formatCents(refundedCents)} to the account you paid with; it can take a few days to appear.`
      : 'Nothing was charged for it.',
  ]);
}

/**
 * Money given back without the order being canceled by it (a part of it, an order already shipped, or money that
 * arrived twice). One mail per refund (docs/decisions/0022).
 */
export function orderRefundedMail(
  facts: OrderMailFacts,
  refund: { id: number; amountCents: number; reason: string | null },
): OutboxMail {
  const mail = render(facts, 'order_refunded', messages.money.refundMailSubject(facts.orderNumber), [
    messages.money.refundMailText(formatCents(refund.amountCents), facts.orderNumber),
    ...(refund.reason ? [refund.reason] : []),
  ]);
  return { ...mail, dedupeKey: `order-${facts.id}-refund-${refund.id}` };
}

/** The order is placed and waits for its payment: the amount, when it expires, and the link to pay (ADR 0072). */
export function orderPlacedMail(
  facts: OrderMailFacts,
  order: { totalCents: number; expiresAt: Date; payUrl: string; printed: boolean },
): OutboxMail {
  // E-books alone are downloads, not print (docs/decisions/0034).
  const before = order.printed
    ? 'Nothing goes to print before it is paid.'
    : 'Your e-book files can be downloaded once it is paid.';
  return render(
    facts,
    'order_placed',
    `${facts.merchant.name} order ${facts.orderNumber}: waiting for your payment`,
    [
      `Thank you for your order ${facts.orderNumber}. It waits for your payment of $${formatCents(order.totalCents)}.`,
      `Unpaid, it is canceled on ${order.expiresAt.toUTCString()}. ${before}`,
    ],
    { links: [{ label: 'Pay now', url: order.payUrl }] },
  );
}

/** Staff started printing (the admin's "Start production" says the customer is told). */
export function productionStartedMail(facts: OrderMailFacts): OutboxMail {
  return render(
    facts,
    'order_in_production',
    `${facts.merchant.name} order ${facts.orderNumber} is being printed`,
    ['Your books are being printed now. We will write again with the tracking number when they ship.'],
  );
}

/** On hold for a file problem: what is wrong, staff's message, and what to do (docs/decisions/0072). */
export function orderOnHoldMail(
  facts: OrderMailFacts,
  hold: { reasonLabel: string; message: string; todo: string; reminder?: boolean },
): OutboxMail {
  const mail = render(
    facts,
    hold.reminder ? 'order_hold_reminder' : 'order_on_hold',
    `${hold.reminder ? 'Reminder: ' : ''}${facts.merchant.name} order ${facts.orderNumber} is on hold: we need a new file`,
    [
      `We stopped your order ${facts.orderNumber} before printing: there is a problem with a file (${hold.reasonLabel}).`,
      hold.message,
      `What to do: ${hold.todo}`,
      'Open your order, upload the corrected file there, and we go on as soon as it passes our checks.',
    ],
  );
  return hold.reminder ? mail : { ...mail, dedupeKey: undefined };
}

/** Staff released the hold: the order goes on. */
export function holdResolvedMail(facts: OrderMailFacts): OutboxMail {
  return {
    ...render(
      facts,
      'order_hold_resolved',
      `${facts.merchant.name} order ${facts.orderNumber} is back in production`,
      ['Thank you: your file is fine now and your order goes on. We will write again when it ships.'],
    ),
    dedupeKey: undefined,
  };
}

/** Staff's reminder of an order held too long (to ADMIN_EMAIL). */
export function staffHoldReminderMail(
  facts: OrderMailFacts,
  staff: { to: string; adminUrl: string; heldSince: Date },
): OutboxMail {
  return {
    ...render(
      { ...facts, name: 'team', to: staff.to, orderUrl: staff.adminUrl },
      'staff_hold_reminder',
      `Order ${facts.orderNumber} is still on hold`,
      [
        `Order ${facts.orderNumber} has been on hold since ${staff.heldSince.toUTCString()}; the customer was reminded.`,
      ],
    ),
    dedupeKey: `order-${facts.id}-staff_hold_reminder-${staff.heldSince.getTime()}`,
  };
}

/**
 * The orders module's shared shapes (docs/decisions/0020): who moves an order, the options of a move, a committed
 * move, the collaborators other modules plug in, and the module's dependencies. Apart from the verbs' files
 * (order-moves.ts, order-placement.ts, order-staff.ts, order-customer.ts) so none of them imports another's.
 */
import type { Kysely, Transaction } from 'kysely';
import type { HoldReason } from '@bindery/contracts/store/order-hold';
import { messages } from '@bindery/contracts/messages';
import type { OrderActorType, OrderStatus } from '@bindery/contracts/order-lifecycle';
import type { Project } from '@bindery/contracts/store/projects';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import type { CountCache } from '#db/count-cache.js';
import { DomainError } from '#lib/domain-error.js';
import type { PriceList } from '../catalog/catalog.service.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrderChange } from '../webhooks/webhook-events.js';
import type { OrderRow } from './orders.repository.js';
import type { CloseOrderAttempts } from './unpaid-expiry.js';

const m = messages.orders;

/** Who makes a move: the system, a staff member or the customer (`label` is what the staff timeline shows). */
export interface OrderActorInput {
  type: OrderActorType;
  userId: number | null;
  label: string;
}

export const systemActor: OrderActorInput = { type: 'system', userId: null, label: m.systemActor };

export interface TransitionOptions {
  actor: OrderActorInput;
  note?: string | null;
  /** Staff notes are internal unless said otherwise; the customer's timeline shows only shared notes. */
  internal?: boolean;
  carrier?: string;
  trackingNumber?: string;
  /** Absent: the carrier's public tracking page where we know it (DHL, FedEx). */
  trackingUrl?: string | null;
  /** The method that paid (the move to paid). */
  paymentMethod?: 'card' | 'paypal';
  /** false: no mail (a customer canceling their own unpaid order by deleting or editing a book). */
  notify?: boolean;
  /** The move to on_hold: why (HOLD_REASONS); `note` is the message the customer reads (docs/decisions/0072). */
  holdReason?: HoldReason;
}

/** A committed move and the effects still to run after the commit. */
export interface Moved {
  order: OrderRow;
  from: OrderStatus;
  mailIds: number[];
  /** Webhook deliveries written with the move (docs/decisions/0076), sent by afterCommit. */
  webhookIds?: number[];
}

/**
 * The webhooks module as the orders module sees it (docs/decisions/0076): deliveries written inside the move's
 * transaction, sent after the commit.
 */
export interface OrderWebhooks {
  enqueueWithin(trx: Transaction<DB>, change: OrderChange): Promise<number[]>;
  deliver(ids: readonly number[]): void;
}

/**
 * Gives money back before a cancel after payment (docs/decisions/0022, built by the refunds work). It refunds
 * what has not been refunded yet of the order's payment through the provider that took it and records the refund
 * (status succeeded) — and does NOT change the order's status: the caller then cancels through the table. It
 * throws a DomainError (e.g. upstream 502 with the provider's message) when the provider refuses.
 */
export interface OrderRefunder {
  refundRemaining(orderId: number, args: { reason: string; actor: OrderActorInput }): Promise<void>;
  /** A part of the payment back without moving the order (a replacement's lower price; ADR 0072). */
  refundPart(
    orderId: number,
    args: { amountCents: number; reason: string; actor: OrderActorInput },
  ): Promise<void>;
}

/** What the customer asks to replace of a book of their order on hold. */
export interface ReplaceFilesArgs {
  userId: number;
  projectId: number;
  pdfUploadId?: string;
  coverUploadId?: string;
  acknowledged?: string | null;
}

export interface ReplacedFiles {
  title: string;
  /** 'interior', 'cover' or 'interior and cover'. */
  what: string;
  oldPages: number;
  newPages: number;
  /** The book's line at the new page count minus at the old one, same list, same copies (cents, signed). */
  lineDeltaCents: number;
  /** Storage keys of the replaced files, to remove after the commit. */
  replacedKeys: string[];
}

/** The projects module's replacement of an ordered book's files (ADR 0072), inside the orders transaction. */
export interface FileReplacer {
  priceList(): Promise<PriceList>;
  replaceFilesWithin(trx: Transaction<DB>, list: PriceList, args: ReplaceFilesArgs): Promise<ReplacedFiles>;
  removeReplaced(keys: string[]): Promise<void>;
}

/**
 * Closes what was opened at the providers for orders that can no longer be paid (the payments module, ADR 0051):
 * each open attempt is asked about, then closed (the Stripe Checkout Session expired, the PayPal order never
 * captured); money found there is refunded as a duplicate. Never throws: what it cannot close now (a provider that
 * does not answer) the reconciliation job closes later.
 */
export interface OrderAttemptsCloser {
  closeAttempts(orderIds: readonly number[]): Promise<void>;
  /** The expiry's: one order's open attempts asked about and closed, their outcomes (it may throw). */
  closeOrderAttempts: CloseOrderAttempts;
}

/**
 * Issues the invoice of an order that was just paid, inside the transaction of the move (the invoices module,
 * docs/decisions/0075): its number is taken there, so a rollback gives it back.
 */
export interface OrderInvoicer {
  issueInvoiceWithin(trx: Transaction<DB>, orderId: number): Promise<{ number: string }>;
  /** The invoice of a hold's paid difference, in the paying transaction (docs/decisions/0077). */
  issueAdjustmentWithin?(
    trx: Transaction<DB>,
    args: { orderId: number; paymentId: number; cents: number; what: string; method: 'card' | 'paypal' },
  ): Promise<{ number: string }>;
}

/** Makes new draft projects of the caller's, on the same files, priced now (projects module). */
export type ProjectCopier = (
  userId: number,
  items: readonly { projectId: number; quantity: number }[],
) => Promise<Project[]>;

/** Stamps the book a proof proves as approved, in the approval's transaction (projects module; ADR 0078). */
export interface ProofBooks {
  approvedWithin(trx: Transaction<DB>, bookId: number, at: Date): Promise<void>;
}

export interface OrdersConfig {
  /** The web app (links in mails). */
  webUrl: string;
  /** An unpaid order expires this long after it was placed (UNPAID_ORDER_TTL_HOURS). */
  unpaidOrderTtlHours: number;
  /** Who sells (MERCHANT_NAME, MERCHANT_ADDRESS): the mails are signed with it and the receipt names it. */
  merchant: { name: string; address: string };
  /** PRODUCTION_DELAY_MINUTES in ms: the cancel window after payment (docs/decisions/0072). */
  productionDelayMs: number;
  /** HOLD_REMINDER_HOURS in ms: a hold this old reminds the customer, twice this old staff. */
  holdReminderMs: number;
  /** Where staff's hold reminders go (ADMIN_EMAIL); undefined: the timeline only. */
  staffEmail?: string;
  /** The admin app (the staff reminder's link). */
  adminUrl?: string;
}

export interface OrdersDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The lists' counts, reused until this instance writes orders (db/count-cache.ts). */
  counts: CountCache;
  outbox: MailOutbox;
  config: OrdersConfig;
  refunder?: OrderRefunder;
  attempts?: OrderAttemptsCloser;
  copyProjects?: ProjectCopier;
  files?: FileReplacer;
  webhooks?: OrderWebhooks;
  invoicer?: OrderInvoicer;
  proofBooks?: ProofBooks;
}

/** Staff notes stay internal unless staff share them; the system's and the customer's notes are shown. */
export const noteIsInternal = (opts: TransitionOptions) => opts.internal ?? opts.actor.type === 'staff';

export const orderNotFound = () => new DomainError('not_found', messages.checkout.orderNotFound);

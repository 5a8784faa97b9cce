/**
 * The database's table types for Kysely, kept by hand beside the migrations (one interface per table).
 * Rows never leave the repositories: services map them to contract shapes.
 * @see https://kysely.dev/docs/getting-started#types
 */
import type { OrderActorType, OrderStatus } from '@bindery/contracts/order-lifecycle';
import type { ColumnType, Generated, GeneratedAlways, Kysely, Transaction } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * A timestamp with a database default (now()). Not `GeneratedTimestamp`: Generated wraps a ColumnType in another,
 * and selects would then type as the wrapper rather than Date.
 */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  is_verified: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** Bumped by a password change or a deletion; access tokens carrying an older value are refused. */
  token_version: Generated<number>;
  /** Set when the account was deleted (the row stays, anonymised). */
  deleted_at: Timestamp | null;
  last_login_at: Timestamp | null;
}

/**
 * One login (docs/decisions/0025): access tokens carry its id (`sid`) and die when it is revoked (logout, password
 * change, deletion); its refresh tokens are the family of refresh_tokens with family_id = id.
 */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: GeneratedTimestamp;
  /** The newest refresh token's expiry (sliding with each refresh). */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Which app opened it (docs/decisions/0052): only an 'admin' session acts as staff. */
  app: Generated<SessionApp>;
}

/** The app a session belongs to: the web shop or the admin app (docs/decisions/0052). */
export type SessionApp = 'shop' | 'admin';

/** One issued refresh token (hashed), of the session family_id; each refresh adds the next one. */
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Every priced item of every category's catalog (migration 2026_11_21_114500_catalog). */
export interface CatalogItemsTable {
  id: Generated<number>;
  category: string;
  kind: string;
  code: string;
  name: string;
  /** numeric(9,4) as an exact decimal string ("1.9100"): the price or the price per page. */
  price: ColumnType<string, string | undefined, string>;
  binding_style: string | null;
  trim_size_id: number | null;
  dimensions: string | null;
  width_mm: string | null;
  height_mm: string | null;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** The audit of admin price changes. */
export interface CatalogPriceChangesTable {
  id: Generated<number>;
  item_id: number;
  category: string;
  kind: string;
  field: string;
  old_price: string;
  new_price: string;
  changed_by: number | null;
  changed_at: GeneratedTimestamp;
}

/** One row (id 1): the catalog version, bumped by every change. */
/** Settings staff change in the admin: one row, id 1 (migration 2026_11_25_230000_first_print_discount). */
export interface ShopSettingsTable {
  id: number;
  first_print_discount_enabled: Generated<boolean>;
  /** 1000 = 10 %; 100–5000. */
  first_print_discount_bp: Generated<number>;
  updated_at: GeneratedTimestamp;
  updated_by: number | null;
}

export interface CatalogStateTable {
  id: number;
  version: ColumnType<number, number | undefined, number>;
}

/** Money columns are bigint: pg returns them as strings, so read them through Number() (cents fit easily). */
type Cents = ColumnType<string | number, number, number>;
type Json<T> = ColumnType<T, string, string>;

/** A checked file owned by a user (migration 2026_11_21_123000_projects_orders). */
export interface UploadsTable {
  id: string;
  user_id: number;
  purpose: 'interior' | 'cover';
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string | number, number, number>;
  page_count: number | null;
  /** A cover image's pixels, decoded from its bytes (docs/decisions/0026); null for PDFs. */
  width_px: ColumnType<number | null, number | null | undefined, number | null>;
  height_px: ColumnType<number | null, number | null | undefined, number | null>;
  /** An interior PDF's page facts (@bindery/contracts/store/preflight PdfFacts; docs/decisions/0060). */
  pdf_facts: ColumnType<unknown, string | null | undefined, string | null>;
  storage_key: string;
  created_at: GeneratedTimestamp;
  attached_at: Timestamp | null;
  /** SHA-256 of the stored bytes (hex), computed when a job ticket first needs it (docs/decisions/0071). */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * An upload or resale certificate whose bytes are on their way, counted against the customer's caps until its own
 * row replaces it (docs/decisions/0054).
 */
export interface UploadReservationsTable {
  id: string;
  user_id: number;
  kind: 'upload' | 'certificate';
  /** Known once the file has arrived; counted in the draft storage quota. */
  size_bytes: ColumnType<string | number, number | undefined, number>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

/** A customer's resale certificate for one US state, reviewed by staff (docs/decisions/0032). */
export interface ResaleCertificatesTable {
  id: Generated<number>;
  user_id: number;
  state: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  reason: string | null;
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string | number, number, number>;
  page_count: number | null;
  width_px: number | null;
  height_px: number | null;
  storage_key: string;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A customer's book project. JSON columns are written as JSON text (JSON.stringify) and read as objects. */
export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  category: string;
  language: string | null;
  product_slug: string | null;
  status: Generated<'draft' | 'ordered'>;
  page_count: number;
  quantity: Generated<number>;
  configuration: Json<Record<string, number> | null> | null;
  options: Json<Record<string, unknown>>;
  price: Json<Record<string, unknown> | null> | null;
  pdf_upload_id: string;
  cover_upload_id: string | null;
  cover_expert: Json<Record<string, string> | null> | null;
  /** The interior's preflight report against this project's trim (PreflightReport; docs/decisions/0060). */
  preflight: ColumnType<unknown, string | null | undefined, string | null>;
  /** The cover's preflight report against this project's full cover (CoverPreflightReport; docs/decisions/0069). */
  cover_preflight: ColumnType<unknown, string | null | undefined, string | null>;
  /** A proof copy's project: the book it proves (one copy, no bulk tiers; docs/decisions/0078). */
  proof_of: number | null;
  /** When the customer approved a proof of this book (docs/decisions/0078). */
  proof_approved_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  deleted_at: Timestamp | null;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<OrderStatusValue>;
  currency: Generated<string>;
  subtotal_cents: Cents;
  shipping_cents: Cents;
  tax_cents: Cents;
  total_cents: Cents;
  tax_rate_bp: number;
  tax_reason: string;
  shipping_service: Json<Record<string, unknown>>;
  address: Json<Record<string, unknown>>;
  weight_grams: number;
  payment_method: 'card' | 'paypal' | null;
  paid_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  // The order lifecycle (migration 2026_11_23_212300_order_lifecycle; docs/decisions/0020).
  /** BND-000042, computed by the database from the id. */
  order_number: GeneratedAlways<string>;
  /** Copied from the account at creation (a trigger fills them when a writer does not). */
  customer_email: ColumnType<string, string | undefined, string>;
  customer_name: ColumnType<string, string | undefined, string>;
  discount_cents: ColumnType<string | number, number | undefined, number>;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  in_production_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  canceled_at: Timestamp | null;
  expires_at: Timestamp | null;
  // On hold (migration 2026_11_28_210000_on_hold; docs/decisions/0072).
  on_hold_at: Timestamp | null;
  held_from: 'paid' | 'in_production' | null;
  hold_reason: 'page_size' | 'fonts' | 'image_resolution' | 'cover_size' | 'other' | null;
  hold_message: string | null;
  hold_difference_cents: ColumnType<string | null, number | null | undefined, number | null>;
  hold_reminded_customer_at: Timestamp | null;
  hold_reminded_staff_at: Timestamp | null;
  // A higher difference collected (migration 2026_11_28_290000_hold_difference; docs/decisions/0077).
  hold_difference_paid_cents: ColumnType<string | null, number | null | undefined, number | null>;
  /** The books and page counts that made this hold's higher difference (the adjustment invoice's line). */
  hold_difference_note: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  project_id: number;
  title: string;
  category: string;
  quantity: number;
  cost_per_book_cents: Cents;
  discount_cents: Cents;
  line_total_cents: Cents;
  /**
   * True while the order awaits payment (written by the insert, cleared by the move out of awaiting_payment). The
   * unique index order_items_one_payable_order_per_project allows one such item per project (ADR 0051).
   */
  payable: Generated<boolean>;
  /** A proof copy: one copy at the single-copy price, "PROOF — not for resale" on the ticket (ADR 0078). */
  proof: Generated<boolean>;
  /** When the customer approved this proof (once; ADR 0078). */
  proof_approved_at: Timestamp | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: 'stripe' | 'paypal';
  provider_ref: string;
  amount_cents: Cents;
  status: Generated<'created' | 'completed' | 'failed' | 'expired'>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** Stripe PaymentIntent id or PayPal capture id, once the money was taken (what a refund is made against). */
  charge_ref: string | null;
  /** When the money arrived (set with status completed; docs/decisions/0022). */
  completed_at: Timestamp | null;
  /** Money that arrived for an order no longer awaiting payment: not the order's payment, refunded in full. */
  duplicate: Generated<boolean>;
  /** When reconciliation last asked the provider about this open attempt. */
  checked_at: Timestamp | null;
  /** How many times reconciliation got no answer about it (test mode's orphans: docs/decisions/0064). */
  unreachable_checks: Generated<number>;
  /** 'order': the order's total; 'difference': a hold's higher price difference (docs/decisions/0077). */
  purpose: Generated<'order' | 'difference'>;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  order_id: number | null;
  received_at: GeneratedTimestamp;
}

/** Periodic jobs (src/jobs/, docs/decisions/0021): one row per job, claimed by one UPDATE per run. */
export interface JobSchedulesTable {
  name: string;
  every_ms: ColumnType<string | number, number, number>;
  next_run_at: Timestamp;
  locked_until: Timestamp | null;
  claim_id: string | null;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  runs: ColumnType<string | number, number | undefined, number>;
  failures: Generated<number>;
  created_at: GeneratedTimestamp;
}

/** The lifecycle's statuses and actors (the migrations' check constraints list the same, frozen in time). */
export type OrderStatusValue = OrderStatus;
export type ActorType = OrderActorType;

/** One move of an order, written in the transaction of the move (migration 2026_11_23_212300_order_lifecycle). */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatusValue | null;
  to_status: OrderStatusValue;
  actor_type: ActorType;
  actor_user_id: number | null;
  actor_label: string;
  note: string | null;
  internal: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

/** Money given back through the provider that took it (docs/decisions/0022). */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  provider: 'stripe' | 'paypal';
  provider_refund_id: string | null;
  amount_cents: Cents;
  reason: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  actor_type: ActorType;
  actor_user_id: number | null;
  actor_label: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** Sent to the provider (Idempotency-Key / PayPal-Request-Id): a retry of this refund never refunds twice. */
  idempotency_key: string | null;
}

/** Mails written in the transaction of what they announce, sent after commit and retried (mail-outbox.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string | null;
  order_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  /** The link is a one-time secret: removed from the row once the mail is sent or given up (ADR 0083). */
  secret_link: Generated<boolean>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}

/** A staff note on an order, no status change (docs/decisions/0071); `internal` false shows it to the customer. */
export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  author_id: number | null;
  body: string;
  internal: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** Rate-limit counters shared by the API instances (docs/decisions/0024): one fixed window per hashed key. */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

/** Gapless document numbers (docs/decisions/0075): one row per series and year, raised in the issuing transaction. */
export interface DocumentCountersTable {
  series: 'INV' | 'CN';
  year: number;
  last: number;
}

/** Invoices and credit notes (docs/decisions/0075): the figures as issued, never updated. */
export interface InvoicesTable {
  id: Generated<number>;
  /** 'adjustment': the invoice of a paid hold difference (docs/decisions/0077), in the INV series. */
  kind: 'invoice' | 'credit_note' | 'adjustment';
  /** INV-2026-000001, CN-2026-000001 */
  number: string;
  order_id: number;
  /** A credit note's refund. */
  refund_id: number | null;
  /** A credit note's (or an adjustment's) invoice. */
  invoice_id: number | null;
  /** An adjustment's payment (one adjustment per difference payment). */
  payment_id: Generated<number | null>;
  issued_at: Timestamp;
  currency: string;
  /** The invoice's total, or the credit note's refunded amount (positive). */
  total_cents: Cents;
  /** The contract's InvoiceDocument, as issued. */
  document: Json<Record<string, unknown>>;
}

/** A saved shipping address of a customer's (docs/decisions/0074): the Address contract as JSON. */
export interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  address: Json<Record<string, unknown>>;
  is_default: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface DB {
  users: UsersTable;
  user_addresses: UserAddressesTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  catalog_items: CatalogItemsTable;
  catalog_price_changes: CatalogPriceChangesTable;
  catalog_state: CatalogStateTable;
  shop_settings: ShopSettingsTable;
  uploads: UploadsTable;
  upload_reservations: UploadReservationsTable;
  resale_certificates: ResaleCertificatesTable;
  projects: ProjectsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  job_schedules: JobSchedulesTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  mail_outbox: MailOutboxTable;
  rate_limit_counters: RateLimitCountersTable;
  order_notes: OrderNotesTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A customer's API key (docs/decisions/0076): only the SHA-256 of its secret is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scopes: Json<string[]>;
  mode: 'live' | 'test';
  prefix: string;
  secret_hash: string;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Where a customer wants order events sent (docs/decisions/0076). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  events: Json<string[]>;
  secret: string;
  created_at: GeneratedTimestamp;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
}

/** One event for one endpoint: the webhooks' outbox and delivery log (docs/decisions/0076). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  order_id: number | null;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  locked_until: Timestamp | null;
  last_response_code: number | null;
  last_error: string | null;
  created_at: GeneratedTimestamp;
  delivered_at: Timestamp | null;
}

/** What a repository function takes first: the app's handle or the caller's transaction (declared once, here). */
export type Db = Kysely<DB> | Transaction<DB>;

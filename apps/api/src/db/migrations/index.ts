/**
 * Every migration, in order. Listed explicitly (rather than read from a folder at run time) so the same list
 * works from TypeScript sources under vitest/tsx and from dist/ under plain node.
 * Add new migrations at the end; never edit or reorder one that has shipped.
 * @see https://kysely.dev/docs/migrations
 */
import type { Migration } from 'kysely';
import * as m0001 from './2026_11_21_000001_create_users.js';
import * as m0401 from './2026_11_21_000401_accounts_sessions.js';
import * as m114500 from './2026_11_21_114500_catalog.js';
import * as m123000 from './2026_11_21_123000_projects_orders.js';
import * as m20261123212800 from './2026_11_23_212800_job_schedules.js';
import * as m20261123_212300 from './2026_11_23_212300_order_lifecycle.js';
import * as m20261123215000 from './2026_11_23_215000_sessions.js';
import * as m20261123_223000 from './2026_11_23_223000_money_safety.js';
import * as m20261123215740 from './2026_11_23_215740_rate_limit_counters.js';
// files (docs/decisions/0026)
import * as m20261123214620 from './2026_11_23_214620_upload_image_size.js';
import * as m20261124013000 from './2026_11_24_013000_user_search.js';
import * as m20261125200000 from './2026_11_25_200000_resale_certificates.js';
import * as m20261125210000 from './2026_11_25_210000_my_books_pages.js';
// e-books (docs/decisions/0034)
import * as m20261125220000 from './2026_11_25_220000_ebook_catalog.js';
// first-print discount (docs/decisions/0033)
import * as m20261125230000 from './2026_11_25_230000_first_print_discount.js';
// title search (docs/decisions/0037)
import * as m20261126000100 from './2026_11_26_000100_title_search.js';
// one payable order per project (docs/decisions/0051)
import * as m20261128120000 from './2026_11_28_120000_one_payable_order_per_project.js';
// per-account upload reservations (docs/decisions/0054)
import * as m20261128130000 from './2026_11_28_130000_upload_reservations.js';
// a session belongs to one app, the shop or the admin (docs/decisions/0052)
import * as m20261128140000 from './2026_11_28_140000_session_app.js';
// an interior's page facts and a project's preflight report (docs/decisions/0060)
import * as m20261128150000 from './2026_11_28_150000_preflight.js';
import * as m20261128160000 from './2026_11_28_160000_unreachable_checks.js';
import * as m20261128240000 from './2026_11_28_240000_price_audit.js';
import * as m20261128190000 from './2026_11_28_190000_cover_preflight.js';
import * as m20261128220000 from './2026_11_28_220000_order_notes_production.js';
import * as m20261128260000 from './2026_11_28_260000_address_book.js';
import * as m20261128210000 from './2026_11_28_210000_on_hold.js';
import * as m20261128270000 from './2026_11_28_270000_invoices.js';
import * as m20261128280000 from './2026_11_28_280000_api_keys_webhooks.js';
import * as m20261128290000 from './2026_11_28_290000_hold_difference.js';
import * as m20261128300000 from './2026_11_28_300000_proof_copy.js';
import * as m20261128330000 from './2026_11_28_330000_mail_secret_links.js';

export const migrations: Record<string, Migration> = {
  '2026_11_21_000001_create_users': m0001,
  '2026_11_21_000401_accounts_sessions': m0401,
  '2026_11_21_114500_catalog': m114500,
  '2026_11_21_123000_projects_orders': m123000,
  '2026_11_23_212800_job_schedules': m20261123212800,
  '2026_11_23_212300_order_lifecycle': m20261123_212300,
  '2026_11_23_215000_sessions': m20261123215000,
  '2026_11_23_223000_money_safety': m20261123_223000,
  '2026_11_23_215740_rate_limit_counters': m20261123215740,
  '2026_11_23_214620_upload_image_size': m20261123214620,
  '2026_11_24_013000_user_search': m20261124013000,
  '2026_11_25_200000_resale_certificates': m20261125200000,
  '2026_11_25_210000_my_books_pages': m20261125210000,
  '2026_11_25_220000_ebook_catalog': m20261125220000,
  '2026_11_25_230000_first_print_discount': m20261125230000,
  '2026_11_26_000100_title_search': m20261126000100,
  '2026_11_28_120000_one_payable_order_per_project': m20261128120000,
  '2026_11_28_130000_upload_reservations': m20261128130000,
  '2026_11_28_140000_session_app': m20261128140000,
  '2026_11_28_150000_preflight': m20261128150000,
  '2026_11_28_160000_unreachable_checks': m20261128160000,
  '2026_11_28_240000_price_audit': m20261128240000,
  '2026_11_28_190000_cover_preflight': m20261128190000,
  '2026_11_28_220000_order_notes_production': m20261128220000,
  '2026_11_28_260000_address_book': m20261128260000,
  '2026_11_28_210000_on_hold': m20261128210000,
  '2026_11_28_270000_invoices': m20261128270000,
  '2026_11_28_280000_api_keys_webhooks': m20261128280000,
  '2026_11_28_290000_hold_difference': m20261128290000,
  '2026_11_28_300000_proof_copy': m20261128300000,
  '2026_11_28_330000_mail_secret_links': m20261128330000,
};

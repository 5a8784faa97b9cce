/**
 * Migration 2026_11_28_330000_mail_secret_links on an outbox that already holds sent verification and reset mails
 * (docs/decisions/0083): their one-time links are removed from the rows, a pending one is marked to lose it once
 * sent, and an order mail keeps its link.
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '#db/migrations/index.js';
import { migrationDatabase } from './migration-db.js';

const m = migrationDatabase('migmail');
const LINK = 'http://web.test/reset-password/MQ/tok-123&n=1';
const HTML_LINK = LINK.replace('&', '&amp;');

describe.skipIf(!m.onPostgres)('migration 2026_11_28_330000_mail_secret_links', () => {
  it('removes the one-time links of sent account mails, marks the pending ones, and leaves order mails', async () => {
    await m.migrate(m.upTo('2026_11_28_300000_proof_copy'));
    const row = (kind: string, status: string, link: string) => ({
      kind,
      to_address: 'r@example.test',
      subject: 's',
      text_body: `Open ${link} now`,
      html_body: `<a href="${link.replace('&', '&amp;')}">go</a> ${link.replace('&', '&amp;')}`,
      link,
      status,
    });
    await m.db
      .insertInto('mail_outbox')
      .values([
        row('password_reset', 'sent', LINK),
        row('verify_email', 'failed', LINK),
        row('email_change', 'pending', LINK),
        row('order_shipped', 'sent', 'http://web.test/orders/7'),
      ])
      .execute();

    await m.migrate(migrations);

    const rows = await m.db
      .selectFrom('mail_outbox')
      .select(['kind', 'link', 'secret_link', 'text_body', 'html_body'])
      .orderBy('id')
      .execute();
    for (const done of rows.slice(0, 2)) {
      expect(done).toMatchObject({ link: null, secret_link: false });
      expect(`${done.text_body} ${done.html_body}`).not.toContain('tok-123');
      expect(done.text_body).toBe('Open [link removed after sending] now');
    }
    expect(rows[0]?.html_body).not.toContain(HTML_LINK);
    expect(rows[2]).toMatchObject({ kind: 'email_change', link: LINK, secret_link: true });
    expect(rows[3]).toMatchObject({ kind: 'order_shipped', link: 'http://web.test/orders/7', secret_link: false });
  });
});

/**
 * The confirmation sent once an order is paid (after the transaction commits). Plain text plus minimal HTML;
 * every dynamic value is escaped in the HTML.
 */
import { formatCents } from '@bindery/pricing/money';
import type { MailMessage } from '../mail/mailer.js';
import { itemLineName } from './payment-lines.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PaidOrderFacts {
  id: number;
  totalCents: number;
  method: 'card' | 'paypal';
  items: { title: string; quantity: number }[];
}

export function orderPaidMail(to: string, name: string, order: PaidOrderFacts, link: string): MailMessage {
  const method = order.method === 'card' ? 'card' : 'PayPal';
  const lines = [
    `Thank you: we received your ${method} payment of $${formatCents(order.totalCents)} for order #${order.id}.`,
    'Your books go to print now; we will write again when they ship.',
  ];
  const items = order.items.map((i) => itemLineName(i.title, i.quantity));
  const text = [
    `Hello ${name},`,
    '',
    ...lines,
    '',
    ...items.map((i) => `- ${i}`),
    '',
    link,
    '',
    'The Bindery team',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(link)}">See your orders</a></p>`,
    '<p>The Bindery team</p>',
  ].join('\n');
  return { to, subject: `Bindery order #${order.id}: payment received`, text, html, link };
}

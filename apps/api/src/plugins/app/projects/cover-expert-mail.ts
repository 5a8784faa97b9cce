/**
 * The mail to the cover design team when a customer asks the cover expert (docs/spec/customer-journey.md §2 Cover expert).
 * It carries the request as typed, the project's facts and links: the interior PDF (API, bearer for an admin) and
 * the admin's order list. Every customer-typed value is escaped in the HTML part.
 */
import type { CoverExpertRequest, Project } from '@bindery/contracts/store/projects';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../mail/templates.js';

export function coverExpertMail(args: {
  to: string;
  request: CoverExpertRequest;
  project: Project;
  customerEmail: string;
  apiUrl: string;
  adminUrl: string;
}): MailMessage {
  const { to, request, project, customerEmail, apiUrl, adminUrl } = args;
  const pdfLink = `${apiUrl}${project.pdf_file.url}`;
  const ordersLink = `${adminUrl}/admin/orders`;
  const facts: [string, string][] = [
    ['Contact name', request.contact_name],
    ['Contact email', request.contact_email],
    ['Account', customerEmail],
    ['Book title', request.book_title],
    ['Book genre', request.book_genre],
    ['Project', `#${project.id} ${project.title}`],
    ['Category', project.category],
    ['Language', project.language ?? '-'],
    ['Page count', String(project.page_count)],
    ['Binding', project.options.binding_type ?? '-'],
  ];
  const text = [
    'A customer asked for a cover design.',
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Cover requirements:',
    request.cover_description,
    '',
    `Interior PDF (sign in as an admin): ${pdfLink}`,
    `Orders: ${ordersLink}`,
  ].join('\n');
  const html = [
    '<p>A customer asked for a cover design.</p>',
    '<table>',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<p><strong>Cover requirements:</strong></p>',
    `<p style="white-space: pre-wrap">${escapeHtml(request.cover_description)}</p>`,
    `<p><a href="${escapeHtml(pdfLink)}">Interior PDF</a> (sign in as an admin) · <a href="${escapeHtml(ordersLink)}">Orders</a></p>`,
  ].join('\n');
  return {
    to,
    subject: `Cover design request: ${request.book_title} (project #${project.id})`,
    text,
    html,
    link: ordersLink,
  };
}

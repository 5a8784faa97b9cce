/**
 * The mail to the cover design team when a customer asks the cover expert (docs/spec/customer-journey.md §2 Cover expert).
 * It carries the request as typed, the project's facts and links: the interior PDF (API, bearer for an admin) and
 * the admin's order list. Every customer-typed value is escaped in the HTML part; the subject is a fixed text
 * (ADR 0031).
 *
 * How many leave is bounded (ADR 0050): one per project per day (an edit of a project whose request went today
 * sends nothing again: staff read the latest request in the orders list) and COVER_EXPERT_LIMITS.perAccount per
 * account per day, counted on the shared rate-limit counters (ADR 0024). The book is saved either way; the answer
 * says when its request was not sent.
 */
import type { CoverExpertRequest, Project } from '@bindery/contracts/store/projects';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../mail/templates.js';
import type { RateLimit, RateLimiter } from '../rate-limits/rate-limiter.js';

/** The mail's subject: fixed, never the customer's words (ADR 0031). */
export const COVER_EXPERT_SUBJECT = 'Cover design request';

const DAY_MS = 24 * 60 * 60 * 1000;

export const COVER_EXPERT_LIMITS: { perProject: RateLimit; perAccount: RateLimit } = {
  perProject: { max: 1, windowMs: DAY_MS },
  perAccount: { max: 5, windowMs: DAY_MS },
};

/** The answers of a save whose cover expert request did not leave (the spec has no text for these). */
export const coverExpertTexts = {
  accountLimit: `Project saved, but your cover design request was not sent: you can send ${COVER_EXPERT_LIMITS.perAccount.max} a day. Save the project again tomorrow to send it.`,
  unavailable:
    'Project saved, but your cover design request could not be sent just now. Save the project again in a few minutes to send it.',
} as const;

/**
 * Whether this save's request goes to the team: 'send', 'sent-today' (this project's request already went within
 * the day), or 'account-limit' (the account sent its share today; the project's count is given back so a save
 * tomorrow sends it).
 */
export async function coverExpertVerdict(
  limiter: Pick<RateLimiter, 'hit' | 'reset'>,
  ids: { userId: number; projectId: number },
): Promise<'send' | 'sent-today' | 'account-limit'> {
  const projectKey = `cover-expert:project:${ids.projectId}`;
  if (!(await limiter.hit(projectKey, COVER_EXPERT_LIMITS.perProject)).allowed) return 'sent-today';
  const account = await limiter.hit(`cover-expert:account:${ids.userId}`, COVER_EXPERT_LIMITS.perAccount);
  if (account.allowed) return 'send';
  await limiter.reset(projectKey);
  return 'account-limit';
}

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
    subject: COVER_EXPERT_SUBJECT,
    text,
    html,
    link: ordersLink,
  };
}

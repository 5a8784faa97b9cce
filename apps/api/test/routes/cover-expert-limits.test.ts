/**
 * Cover expert mails are bounded (ADR 0050): one per project per day, COVER_EXPERT_LIMITS.perAccount per account
 * per day, counted on the shared rate-limit counters with the app's clock; the book is saved either way and the
 * answer says when its request was not sent. The subject is a fixed text (ADR 0031). Mails go over real SMTP to a
 * catcher through the outbox (ADR 0068); what arrived is read once the outbox's background work is done.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { UploadBookResponse } from '@bindery/contracts/store/projects';
import { startMailCatcher } from '@bindery/mail-test';
import { manualClock } from '#lib/clock.js';
import {
  COVER_EXPERT_LIMITS,
  COVER_EXPERT_SUBJECT,
  coverExpertTexts,
} from '#plugins/app/projects/cover-expert-mail.js';
import { pendingUpload, printBookConfiguration } from '../checkout-fixtures.js';
import { createUser, json, request, setupTestApp } from '../helper.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());

const COVER_TEAM = 'covers@bindery.test';
const clock = manualClock(new Date());
const t = setupTestApp({ env: { SMTP_URL: mail.url, COVER_EXPERT_EMAIL: COVER_TEAM }, clock });
const DAY_MS = 24 * 60 * 60 * 1000;

const coverExpert = {
  contact_name: 'Ann Author',
  contact_email: 'ann@example.test',
  book_title: 'Tides <of> Time',
  book_genre: 'Fantasy',
  cover_description: 'A lighthouse at dusk.',
};

type User = Awaited<ReturnType<typeof createUser>>;

/** Saves (or, with `projectId`, edits) a print book asking the cover expert; returns the answer. */
async function save(user: User, upload: string, projectId?: number) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/book/upload-book/',
    headers: user.auth,
    payload: {
      title: 'Tides',
      category: 'Print Book',
      pdf_upload_id: upload,
      configuration: await printBookConfiguration(t.db),
      cover_expert: coverExpert,
      ...(projectId === undefined ? {} : { project_id: projectId }),
    },
  });
  expect(res.statusCode, res.body).toBe(projectId === undefined ? 201 : 200);
  return json(res, UploadBookResponse);
}

/** The mails to the cover team about this project. */
const mailsAbout = (projectId: number) =>
  mail.find({ to: COVER_TEAM }).filter((m) => m.text.includes(`Project: #${projectId} `));

/** The mails about the project once the outbox has written and delivered everything asked so far. */
async function delivered(projectId: number) {
  await t.app.mailOutbox.drain();
  return mailsAbout(projectId);
}

describe('cover expert mails', () => {
  it('go once per project per day however often it is saved, and again the next day', async () => {
    const customer = await createUser(t);
    const upload = await pendingUpload(t.db, customer.user.id);
    const first = await save(customer, upload);
    expect(first.message).toBe(messages.projects.coverExpertSubmitted);
    const id = first.project.id;
    for (let edit = 0; edit < 30; edit += 1) {
      expect((await save(customer, upload, id)).message).toBe(messages.projects.coverExpertSubmitted);
    }
    expect(await delivered(id)).toHaveLength(1);

    clock.advance(DAY_MS + 1_000);
    await save(customer, upload, id);
    expect(await delivered(id)).toHaveLength(2);
  });

  it(`go at most ${COVER_EXPERT_LIMITS.perAccount.max} a day per account; the book is saved and the answer says the request was not sent`, async () => {
    const customer = await createUser(t);
    const ids: number[] = [];
    for (let book = 0; book < COVER_EXPERT_LIMITS.perAccount.max; book += 1) {
      const saved = await save(customer, await pendingUpload(t.db, customer.user.id));
      expect(saved.message).toBe(messages.projects.coverExpertSubmitted);
      ids.push(saved.project.id);
    }
    const upload = await pendingUpload(t.db, customer.user.id);
    const over = await save(customer, upload);
    expect(over.message).toBe(coverExpertTexts.accountLimit);
    expect(over.project.cover_expert).toEqual(coverExpert);
    for (const id of ids) expect(await delivered(id)).toHaveLength(1);
    expect(mailsAbout(over.project.id)).toHaveLength(0);

    // The next day the refused request goes with the project's next save.
    clock.advance(DAY_MS + 1_000);
    expect((await save(customer, upload, over.project.id)).message).toBe(
      messages.projects.coverExpertSubmitted,
    );
    expect(await delivered(over.project.id)).toHaveLength(1);
  });

  it('have a fixed subject: never the customer’s words (ADR 0031)', async () => {
    const customer = await createUser(t);
    const { project } = await save(customer, await pendingUpload(t.db, customer.user.id));
    const [message] = await delivered(project.id);
    expect(message?.subject).toBe('Cover design request');
    expect(message?.subject).toBe(COVER_EXPERT_SUBJECT);
    expect(message?.text).toContain(`Book title: ${coverExpert.book_title}`);
  });
});

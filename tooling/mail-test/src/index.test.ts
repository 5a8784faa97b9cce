import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeHeader,
  decodeQuotedPrintable,
  parseMessage,
  startMailCatcher,
  type MailCatcher,
} from './index.js';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

describe('mail catcher', () => {
  it('receives what nodemailer sends over SMTP and exposes text, html and links', async () => {
    const transport = nodemailer.createTransport(catcher.url);
    const link = `http://127.0.0.1:5173/verify-email/MTI/${'x'.repeat(90)}`;
    await transport.sendMail({
      from: 'Bindery <no-reply@bindery.local>',
      to: 'Ann@Example.test',
      subject: 'Vérifiez votre adresse',
      text: `Hello Zoë,\n\n${link}\n`,
      html: `<p><a href="${link}">Verify</a></p>`,
    });
    transport.close();
    const mail = await catcher.waitFor({ to: 'ann@example.test' });
    expect(mail.subject).toBe('Vérifiez votre adresse');
    expect(mail.text).toContain('Hello Zoë,');
    expect(mail.links).toEqual([link]);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('can also save each message as an .eml file for readers in other processes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-test-'));
    const saving = await startMailCatcher({ saveDir: dir });
    const transport = nodemailer.createTransport(saving.url);
    await transport.sendMail({
      from: 'a@b.test',
      to: 'c@d.test',
      subject: 'Saved',
      text: 'https://x.test/y',
    });
    transport.close();
    await saving.stop();
    expect(await readdir(dir)).toEqual(['0001.eml']);
    expect(parseMessage(await readFile(join(dir, '0001.eml'), 'utf8')).links).toEqual(['https://x.test/y']);
    await rm(dir, { recursive: true, force: true });
  });

  it('times out with the list of what did arrive', async () => {
    await expect(catcher.waitFor({ to: 'nobody@example.test' }, 200)).rejects.toThrow(
      /No mail matching.*received: .*ann@example.test/,
    );
  });

  it('decodes quoted-printable soft breaks and encoded words', () => {
    expect(decodeQuotedPrintable('abc=\r\ndef=3D=C3=A9')).toBe('abcdef=é');
    expect(decodeHeader('=?UTF-8?B?w6k=?= and =?UTF-8?Q?a_b?=')).toBe('é and a b');
  });
});

/** Reads the mail the API sent through the e2e SMTP server (one .eml file per message). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { e2e } from './env';

export interface ReceivedMail {
  raw: string;
  to: string;
  subject: string;
}

function header(raw: string, name: string) {
  const m = new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw);
  return m?.[1]?.trim() ?? '';
}

/** Decodes quoted-printable soft breaks and =XX escapes, so links can be read from the text. */
export function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function mailTo(address: string, { timeoutMs = 15_000, matching }: { timeoutMs?: number; matching?: RegExp } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(e2e.mailDir)).sort().reverse();
    for (const f of files) {
      const raw = await readFile(join(e2e.mailDir, f), 'utf8');
      const to = header(raw, 'To');
      if (to.toLowerCase().includes(address.toLowerCase()) && (!matching || matching.test(decodeQuotedPrintable(raw)))) {
        return { raw: decodeQuotedPrintable(raw), to, subject: header(raw, 'Subject') } satisfies ReceivedMail;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
}

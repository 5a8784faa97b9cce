/** Reads the mail the API sent, from the .eml files the global setup's catcher writes (one per message). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMessage } from '@bindery/mail-test';
import { e2e } from './env';

const recipient = (raw: string) => /^To:\s*(.+)$/im.exec(raw)?.[1]?.trim().toLowerCase() ?? '';

/** The newest message to `address` whose text matches `matching`, waiting up to `timeoutMs` for it. */
export async function mailTo(address: string, { timeoutMs = 15_000, matching }: { timeoutMs?: number; matching?: RegExp } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of (await readdir(e2e.mailDir)).sort().reverse()) {
      const raw = await readFile(join(e2e.mailDir, file), 'utf8');
      if (!recipient(raw).includes(address.toLowerCase())) continue;
      const message = parseMessage(raw);
      if (!matching || matching.test(`${message.text}\n${message.html}`)) return { ...message, raw };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
}

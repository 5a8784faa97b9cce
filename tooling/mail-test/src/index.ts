/**
 * An in-process SMTP server that keeps every message it receives, for tests that send real mail.
 * Configured as machine-notes.md says works with nodemailer: no auth required, STARTTLS disabled.
 * @see https://nodemailer.com/extras/smtp-server/
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text part (or the HTML part when there is no text), in order. */
  links: string[];
  raw: string;
}

export interface MailQuery {
  to?: string;
  subject?: RegExp | string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>: give it to the app as SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(query?: MailQuery, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages received so far that match. */
  find(query?: MailQuery): ReceivedMail[];
  clear(): void;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  host?: string;
  /** 0 (default): a free port. */
  port?: number;
  /** Also write each message to <saveDir>/<nnnn>.eml (for readers in another process, e.g. Playwright workers). */
  saveDir?: string;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ ...parseMessage(raw), to, from, raw });
        for (const wake of [...waiters]) wake();
        if (!options.saveDir) {
          callback();
          return;
        }
        const file = join(options.saveDir, `${String(messages.length).padStart(4, '0')}.eml`);
        writeFile(file, raw).then(() => callback(), callback);
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const matches = (m: ReceivedMail, q: MailQuery = {}) =>
    (!q.to || m.to.includes(q.to.toLowerCase())) &&
    (!q.subject || (typeof q.subject === 'string' ? m.subject === q.subject : q.subject.test(m.subject)));

  return {
    url: `smtp://${host}:${port}`,
    port,
    messages,
    find: (query) => messages.filter((m) => matches(m, query)),
    waitFor(query, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => matches(m, query));
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `No mail matching ${JSON.stringify({ ...query, subject: String(query?.subject ?? '') })} within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    clear: () => void messages.splice(0),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

export function decodeQuotedPrintable(input: string): string {
  const softBreaksRemoved = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const ch = softBreaksRemoved.charAt(i);
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\n/, ''))));
}

export function parseMessage(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html' | 'links'> {
  const root = splitPart(raw);
  let text = '';
  let html = '';
  for (const leaf of leaves(root)) {
    const type = (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain') && !text) text = decodeBody(leaf);
    else if (type.startsWith('text/html') && !html) html = decodeBody(leaf);
  }
  const source = text || html;
  const links = [...source.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
  return { subject: decodeHeader(root.headers.get('subject') ?? ''), text, html, links };
}

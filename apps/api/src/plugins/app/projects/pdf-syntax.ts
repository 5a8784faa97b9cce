/**
 * The PDF object syntax (PDF 32000-1 §7.2–7.3), enough to read cross-reference sections, object streams and the
 * page tree: numbers, names, strings (skipped, not decoded), arrays, dictionaries, references and stream
 * extents. Nothing here inflates or allocates beyond the objects asked for; nesting is capped so a hostile file
 * cannot exhaust the stack (docs/decisions/0053).
 */

export class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get tag(): string {
    return `${this.num} ${this.gen} R`;
  }
}

export class Name {
  constructor(readonly name: string) {}
}

/** A string's content is never needed for the count: only its extent is read. */
export class PdfString {
  constructor(readonly length: number) {}
}

/** A stream: its dictionary and where its raw (still encoded) data lies in the buffer it was read from. */
export class Stream {
  constructor(
    readonly dict: PdfDict,
    readonly start: number,
    readonly end: number,
  ) {}
}

export type PdfDict = Map<string, PdfObject>;
export type PdfObject = number | boolean | null | Name | PdfString | Ref | PdfObject[] | PdfDict | Stream;

/** The bytes are not PDF syntax where they should be. */
export class PdfSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfSyntaxError';
  }
}

/** Keywords and delimiters (obj, endobj, stream, R, xref, trailer, n, f, [, ], <<, >>, …). */
export class Keyword {
  constructor(readonly word: string) {}
}

export const MAX_NESTING = 100;

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const keywords = new Map<string, Keyword>();
function keyword(word: string): Keyword {
  let k = keywords.get(word);
  if (!k) keywords.set(word, (k = new Keyword(word)));
  return k;
}

export const EOF = Symbol('EOF');
export type Token = number | Name | PdfString | Keyword | typeof EOF;

/** A tokenizer over `buf` from `pos` to `end`. */
export class Lexer {
  constructor(
    readonly buf: Uint8Array,
    public pos = 0,
    readonly end = buf.length,
  ) {}

  skipSpace(): void {
    const { buf, end } = this;
    while (this.pos < end) {
      const c = buf[this.pos] ?? 0;
      if (WHITESPACE[c]) this.pos += 1;
      else if (c === 0x25 /* % */) {
        while (this.pos < end && buf[this.pos] !== 0x0a && buf[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
  }

  next(): Token {
    this.skipSpace();
    const { buf, end } = this;
    if (this.pos >= end) return EOF;
    const c = buf[this.pos] ?? 0;
    switch (c) {
      case 0x5b /* [ */:
      case 0x5d /* ] */:
      case 0x7b /* { */:
      case 0x7d /* } */:
        this.pos += 1;
        return keyword(String.fromCharCode(c));
      case 0x3c /* < */:
        if (buf[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return keyword('<<');
        }
        return this.hexString();
      case 0x3e /* > */:
        if (buf[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return keyword('>>');
        }
        throw new PdfSyntaxError(`a lone '>' at ${this.pos}`);
      case 0x28 /* ( */:
        return this.literalString();
      case 0x2f /* / */:
        return this.name();
      case 0x29 /* ) */:
        throw new PdfSyntaxError(`a lone ')' at ${this.pos}`);
    }
    const start = this.pos;
    while (this.pos < end && !WHITESPACE[buf[this.pos] ?? 0] && !DELIMITER[buf[this.pos] ?? 0]) this.pos += 1;
    const word = Buffer.from(buf.buffer, buf.byteOffset + start, this.pos - start).toString('latin1');
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
    return keyword(word);
  }

  private literalString(): PdfString {
    const { buf, end } = this;
    const start = (this.pos += 1);
    let depth = 1;
    while (this.pos < end) {
      const c = buf[this.pos];
      this.pos += 1;
      if (c === 0x5c /* \ */) this.pos += 1;
      else if (c === 0x28) depth += 1;
      else if (c === 0x29 && --depth === 0) return new PdfString(this.pos - start - 1);
    }
    throw new PdfSyntaxError('a string never ends');
  }

  private hexString(): PdfString {
    const close = indexOfByte(this.buf, 0x3e, this.pos + 1, this.end);
    if (close === -1) throw new PdfSyntaxError('a hex string never ends');
    const length = close - this.pos - 1;
    this.pos = close + 1;
    return new PdfString(length);
  }

  private name(): Name {
    const { buf, end } = this;
    const start = (this.pos += 1);
    while (this.pos < end && !WHITESPACE[buf[this.pos] ?? 0] && !DELIMITER[buf[this.pos] ?? 0]) this.pos += 1;
    const raw = Buffer.from(buf.buffer, buf.byteOffset + start, this.pos - start).toString('latin1');
    // #xx escapes (PDF 1.2+): /Pa#67es is /Pages.
    return new Name(
      raw.includes('#')
        ? raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : raw,
    );
  }
}

function indexOfByte(buf: Uint8Array, byte: number, from: number, end: number): number {
  const at = buf.indexOf(byte, from);
  return at === -1 || at >= end ? -1 : at;
}

const isWhole = (t: Token): t is number => typeof t === 'number' && Number.isInteger(t) && t >= 0;

/** Reads one object (a reference when "num gen R" follows); throws PdfSyntaxError on anything else. */
export function parseObject(lex: Lexer, depth = 0): PdfObject {
  return objectFrom(lex, lex.next(), depth);
}

function objectFrom(lex: Lexer, token: Token, depth: number): PdfObject {
  if (depth > MAX_NESTING) throw new PdfSyntaxError(`objects nested deeper than ${MAX_NESTING}`);
  if (token === EOF) throw new PdfSyntaxError('the data ends inside an object');
  if (typeof token === 'number') {
    if (!isWhole(token)) return token;
    const save = lex.pos;
    const gen = lex.next();
    if (isWhole(gen)) {
      const r = lex.next();
      if (r instanceof Keyword && r.word === 'R') return new Ref(token, gen);
    }
    lex.pos = save;
    return token;
  }
  if (token instanceof Name || token instanceof PdfString) return token;
  switch (token.word) {
    case '[': {
      const array: PdfObject[] = [];
      for (let t = lex.next(); !(t instanceof Keyword && t.word === ']'); t = lex.next())
        array.push(objectFrom(lex, t, depth + 1));
      return array;
    }
    case '<<': {
      const dict: PdfDict = new Map();
      for (let t = lex.next(); !(t instanceof Keyword && t.word === '>>'); t = lex.next()) {
        if (!(t instanceof Name)) throw new PdfSyntaxError('a dictionary key is not a name');
        const value = objectFrom(lex, lex.next(), depth + 1);
        // A repeated key: the last one counts, as in PDF.js.
        dict.set(t.name, value);
      }
      return dict;
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
  }
  throw new PdfSyntaxError(`unexpected '${token.word.slice(0, 20)}'`);
}

export const isDict = (o: PdfObject | undefined): o is PdfDict => o instanceof Map;
export const isName = (o: PdfObject | undefined, name?: string): o is Name =>
  o instanceof Name && (name === undefined || o.name === name);
export const isArray = (o: PdfObject | undefined): o is PdfObject[] => Array.isArray(o);
export const isInt = (o: PdfObject | undefined): o is number => typeof o === 'number' && Number.isInteger(o);

/**
 * A PDF's objects as a reader resolves them (docs/decisions/0053): through the cross-reference sections from the
 * last `startxref` back along /Prev (and a hybrid file's /XRefStm), the newest entry for each object winning, one
 * object per reference; objects that no section lists are never read. Only when that fails (no table, an entry
 * that does not point at its object) is the file scanned for "N G obj" like PDF.js's recovery, and then an object
 * defined more than once is refused rather than guessed.
 *
 * Inflating is bounded: every stream inflated for one file (cross-reference and object streams: the only ones a
 * page count needs) draws on one InflateBudget of MAX_INFLATED_BYTES, and one stream may not inflate more than
 * MAX_INFLATE_RATIO times its size beyond the first MiB. zlib stops at the limit (maxOutputLength), so a deflate
 * bomb costs at most the budget, in native memory the worker's heap limit does not see. Every object stream the
 * table refers to is inflated (within the budget) before the walk, so PDF.js, which reads the same streams
 * afterwards, never inflates more than this check allowed.
 * @see PDF 32000-1:2008 §7.5.4 (cross-reference table), §7.5.7 (object streams), §7.5.8 (cross-reference streams)
 */
import { constants, inflateSync } from 'node:zlib';
import {
  isArray,
  isDict,
  isInt,
  isName,
  Keyword,
  Lexer,
  parseObject,
  PdfSyntaxError,
  Ref,
  Stream,
  type PdfDict,
  type PdfObject,
} from './pdf-syntax.js';

/** All the bytes inflated for one file. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How many times its own size one stream may inflate to, beyond RATIO_FREE_BYTES. */
export const MAX_INFLATE_RATIO = 200;
export const RATIO_FREE_BYTES = 1024 * 1024;
export const MAX_OBJECTS = 1_000_000;
export const MAX_XREF_SECTIONS = 1_000;

/** The file needs more than the limits allow to be read. */
export class PdfLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfLimitError';
  }
}

/** The cross-reference table does not lead to an object: a reader rebuilds it by scanning the file. */
export class XrefEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XrefEntryError';
  }
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

export class InflateBudget {
  used = 0;
  constructor(
    readonly total = MAX_INFLATED_BYTES,
    readonly ratio = MAX_INFLATE_RATIO,
  ) {}

  inflate(data: Uint8Array): Buffer {
    const room = this.total - this.used;
    const byRatio = Math.max(RATIO_FREE_BYTES, data.length * this.ratio);
    const cap = Math.max(1, Math.min(room, byRatio));
    let out: Buffer;
    try {
      // Z_SYNC_FLUSH: a stream cut short yields what it holds, as in PDF.js.
      out = inflateSync(data, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE')
        throw new PdfSyntaxError(`a stream cannot be inflated: ${(err as Error).message}`);
      // zlib did inflate `cap` bytes before it stopped: they count, or a stream drawn by every page (a budget whose
      // limit is a page left unchecked, not a refusal: ADR 0060) would cost the whole cap again on each page.
      this.used += cap;
      throw new PdfLimitError(
        cap < byRatio
          ? `its streams inflate to more than ${mib(this.total)} MB`
          : `a stream of ${data.length} bytes inflates to more than ${this.ratio} times its size`,
      );
    }
    this.used += out.length;
    return out;
  }
}

// Entries packed in one number each (a million objects cost a Map of numbers, not a million records):
// 0 free or missing; odd: in the file at an offset, with a generation; even: the index-th object of an object stream.
const FREE = 0;
const GEN_SPAN = 2 ** 17;
const INDEX_SPAN = 2 ** 21;
const atOffset = (offset: number, gen: number) =>
  offset <= 0 || gen >= GEN_SPAN || offset >= 2 ** 35 ? FREE : (offset * GEN_SPAN + gen) * 2 + 1;
const inStream = (stream: number, index: number) =>
  stream <= 0 || index >= INDEX_SPAN || stream >= 2 ** 31 ? FREE : (stream * INDEX_SPAN + index) * 2 + 2;
type Entry = { kind: 'at'; offset: number; gen: number } | { kind: 'in'; stream: number; index: number };
function unpack(packed: number): Entry {
  if (packed % 2 === 1) {
    const v = (packed - 1) / 2;
    return { kind: 'at', offset: Math.floor(v / GEN_SPAN), gen: v % GEN_SPAN };
  }
  const v = (packed - 2) / 2;
  return { kind: 'in', stream: Math.floor(v / INDEX_SPAN), index: v % INDEX_SPAN };
}

const isWhole = (o: unknown): o is number => typeof o === 'number' && Number.isInteger(o) && o >= 0;
const STARTXREF = Buffer.from('startxref', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const ENDOBJ = Buffer.from('endobj', 'latin1');
const XREF_NAME = Buffer.from('/XRef', 'latin1');

interface ObjectStream {
  data: Buffer;
  first: number;
  offsets: number[];
}

export class PdfFile {
  readonly entries = new Map<number, number>();
  trailer: PdfDict = new Map();
  private readonly cache = new Map<number, PdfObject>();
  private readonly pending = new Set<number>();
  private readonly objectStreams = new Map<number, ObjectStream>();

  private constructor(
    readonly bytes: Buffer,
    /** Offsets count from the %PDF- header, wherever it is in the first KiB (PDF.js and Acrobat do so). */
    readonly base: number,
    readonly budget: InflateBudget,
    /** After a scan: how often each object number is defined in the file. */
    private readonly definitions?: Map<number, number>,
  ) {}

  static fromXref(bytes: Uint8Array, budget: InflateBudget): PdfFile {
    const file = new PdfFile(asBuffer(bytes), headerOffset(bytes), budget);
    file.readXref();
    file.inflateObjectStreams();
    return file;
  }

  /** Every "N G obj" in the file, the last definition of each number winning, as PDF.js's recovery reads it. */
  static fromScan(bytes: Uint8Array, budget: InflateBudget): PdfFile {
    const buf = asBuffer(bytes);
    const file = new PdfFile(buf, headerOffset(bytes), budget, new Map());
    const definitions = file.definitions ?? new Map<number, number>();
    const text = buf.toString('latin1');
    const starts: number[] = [];
    for (const m of text.matchAll(/(\d+)\s+(\d+)\s+obj\b/g)) {
      const num = Number(m[1]);
      definitions.set(num, (definitions.get(num) ?? 0) + 1);
      if (!file.entries.has(num) && file.entries.size >= MAX_OBJECTS)
        throw new PdfLimitError(`more than ${MAX_OBJECTS} objects`);
      file.entries.set(num, atOffset(m.index - file.base, Number(m[2])));
      starts.push(m.index);
    }
    const trailers: PdfDict[] = [];
    // Cross-reference streams wherever they are (they list the objects inside object streams): an object whose
    // text holds /XRef followed by a delimiter, as PDF.js looks for them.
    starts.forEach((start, i) => {
      const next = starts[i + 1] ?? buf.length;
      const endobj = buf.indexOf(ENDOBJ, start);
      const end = endobj === -1 ? next : Math.min(endobj, next);
      const at = buf.indexOf(XREF_NAME, start);
      if (at === -1 || at >= end || (buf[at + XREF_NAME.length] ?? 0) >= 64) return;
      try {
        const obj = file.parseIndirect(start);
        if (!(obj instanceof Stream)) return;
        file.readXrefStream(obj);
        trailers.push(obj.dict);
      } catch (err) {
        if (err instanceof PdfLimitError) throw err;
      }
    });
    for (const m of text.matchAll(/trailer\s*<</g)) {
      try {
        const dict = parseObject(new Lexer(buf, m.index + 'trailer'.length));
        if (isDict(dict)) trailers.push(dict);
      } catch (err) {
        if (err instanceof PdfLimitError) throw err;
      }
    }
    const withRoot = trailers.filter((t) => t.get('Root') instanceof Ref);
    const roots = new Set(withRoot.map((t) => (t.get('Root') as Ref).tag));
    if (roots.size !== 1)
      throw new PdfSyntaxError(
        roots.size === 0 ? 'no trailer names a catalog' : 'its trailers name different catalogs',
      );
    file.trailer = new Map(withRoot.at(-1));
    if (withRoot.some((t) => t.has('Encrypt'))) file.trailer.set('Encrypt', true);
    file.inflateObjectStreams();
    return file;
  }

  get encrypted(): boolean {
    return this.trailer.has('Encrypt');
  }

  resolve(obj: PdfObject | undefined): PdfObject | undefined {
    return obj instanceof Ref ? this.fetch(obj) : obj;
  }

  fetch(ref: Ref): PdfObject {
    const cached = this.cache.get(ref.num);
    if (cached !== undefined) return cached;
    const packed = this.entries.get(ref.num) ?? FREE;
    if (packed === FREE) throw new XrefEntryError(`object ${ref.num} is not in the cross-reference table`);
    const defined = this.definitions?.get(ref.num) ?? 0;
    if (defined > 1)
      throw new PdfSyntaxError(
        `object ${ref.num} is defined ${defined} times and the cross-reference table cannot tell which one counts`,
      );
    if (this.pending.has(ref.num)) throw new PdfSyntaxError(`object ${ref.num} refers to itself`);
    this.pending.add(ref.num);
    try {
      const entry = unpack(packed);
      let obj: PdfObject;
      if (entry.kind === 'at') {
        if (entry.gen !== ref.gen)
          throw new XrefEntryError(`${ref.tag} has generation ${entry.gen} in the table`);
        obj = this.parseIndirect(this.base + entry.offset, ref);
      } else {
        const stream = this.objectStream(entry.stream);
        const offset = stream.offsets[entry.index];
        if (offset === undefined)
          throw new XrefEntryError(`${ref.tag} is not in object stream ${entry.stream}`);
        // Each object ends where the next one starts, as PDF.js reads them.
        const next = stream.offsets[entry.index + 1];
        const end =
          next === undefined ? stream.data.length : Math.min(stream.data.length, stream.first + next);
        obj = parseObject(new Lexer(stream.data, stream.first + offset, end));
      }
      this.cache.set(ref.num, obj);
      return obj;
    } finally {
      this.pending.delete(ref.num);
    }
  }

  /** The object at `at` ("N G obj …"), with its stream's extent when it has one. */
  private parseIndirect(at: number, expected?: Ref): PdfObject {
    const lex = new Lexer(this.bytes, at);
    const num = lex.next();
    const gen = lex.next();
    const kw = lex.next();
    if (!isWhole(num) || !isWhole(gen) || !(kw instanceof Keyword && kw.word === 'obj'))
      throw new XrefEntryError(`no object at offset ${at}`);
    if (expected && (num !== expected.num || gen !== expected.gen))
      throw new XrefEntryError(`${expected.tag} is not at offset ${at}`);
    const obj = parseObject(lex);
    if (!isDict(obj)) return obj;
    const after = lex.pos;
    const kw2 = lex.next();
    if (!(kw2 instanceof Keyword && kw2.word === 'stream')) {
      lex.pos = after;
      return obj;
    }
    let start = lex.pos;
    if (this.bytes[start] === 0x0d) start += 1;
    if (this.bytes[start] === 0x0a) start += 1;
    let length: PdfObject | undefined = obj.get('Length');
    if (length instanceof Ref) {
      try {
        length = this.fetch(length);
      } catch (err) {
        if (err instanceof PdfLimitError) throw err;
        length = undefined;
      }
    }
    if (isWhole(length) && start + length <= this.bytes.length) {
      const end = new Lexer(this.bytes, start + length);
      const t = end.next();
      if (t instanceof Keyword && t.word === 'endstream') return new Stream(obj, start, start + length);
    }
    // A wrong /Length: the data ends where "endstream" is (PDF.js does the same).
    let end = this.bytes.indexOf(ENDSTREAM, start);
    if (end === -1) throw new PdfSyntaxError(`a stream at ${at} never ends`);
    if (this.bytes[end - 1] === 0x0a) end -= 1;
    if (this.bytes[end - 1] === 0x0d) end -= 1;
    return new Stream(obj, start, Math.max(start, end));
  }

  /**
   * A stream's data, decoded: FlateDecode (with PNG predictors) only, within the file's inflate budget (or another
   * one: page content streams have their own, docs/decisions/0060).
   */
  decode(stream: Stream, budget = this.budget): Buffer {
    let data = this.bytes.subarray(stream.start, stream.end);
    const filters = list(this.resolve(stream.dict.get('Filter')));
    const parms = list(this.resolve(stream.dict.get('DecodeParms')));
    filters.forEach((filter, i) => {
      const name = this.resolve(filter);
      if (!isName(name)) throw new PdfSyntaxError('a stream filter is not a name');
      if (name.name !== 'FlateDecode' && name.name !== 'Fl')
        throw new PdfSyntaxError(`/${name.name} on a cross-reference or object stream is not supported`);
      data = unpredict(budget.inflate(data), this.resolve(parms[i]), (o) => this.resolve(o));
    });
    return data;
  }

  private readXref(): void {
    const at = this.bytes.lastIndexOf(STARTXREF);
    if (at === -1) throw new XrefEntryError('no startxref');
    const first = new Lexer(this.bytes, at + STARTXREF.length).next();
    if (!isWhole(first)) throw new XrefEntryError('startxref is not followed by an offset');
    const queue = [first];
    const seen = new Set<number>();
    let trailer: PdfDict | undefined;
    for (let offset = queue.shift(); offset !== undefined; offset = queue.shift()) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      if (seen.size > MAX_XREF_SECTIONS)
        throw new PdfSyntaxError(`more than ${MAX_XREF_SECTIONS} cross-reference sections`);
      let dict: PdfDict;
      try {
        dict = this.readSection(this.base + offset, queue);
      } catch (err) {
        if (err instanceof PdfLimitError) throw err;
        // Like PDF.js: a broken older section is skipped; a broken newest one means no table at all.
        if (!trailer)
          throw new XrefEntryError(`no cross-reference section at ${offset}: ${(err as Error).message}`);
        continue;
      }
      trailer ??= dict;
      const prev = dict.get('Prev');
      if (isWhole(prev)) queue.push(prev);
    }
    this.trailer = trailer ?? new Map<string, PdfObject>();
  }

  /** One section (a table and its trailer, or a cross-reference stream); older sections never override newer. */
  private readSection(at: number, queue: number[]): PdfDict {
    const lex = new Lexer(this.bytes, at);
    const t = lex.next();
    if (!(t instanceof Keyword && t.word === 'xref')) {
      const obj = this.parseIndirect(at);
      if (!(obj instanceof Stream)) throw new PdfSyntaxError('neither a table nor a stream');
      this.readXrefStream(obj);
      return obj.dict;
    }
    for (;;) {
      const head = lex.next();
      if (head instanceof Keyword && head.word === 'trailer') break;
      const count = lex.next();
      if (!isWhole(head) || !isWhole(count))
        throw new PdfSyntaxError('a subsection header is not two numbers');
      let first = head;
      for (let i = 0; i < count; i += 1) {
        const offset = lex.next();
        const gen = lex.next();
        const kind = lex.next();
        if (!isWhole(offset) || !isWhole(gen) || !(kind instanceof Keyword) || !/^[nf]$/.test(kind.word))
          throw new PdfSyntaxError(`entry ${first + i} is malformed`);
        // A table that numbers from 1 while listing object 0 (PDF.js corrects it the same way).
        if (i === 0 && kind.word === 'f' && first === 1) first = 0;
        this.setEntry(first + i, kind.word === 'n' ? atOffset(offset, gen) : FREE);
      }
    }
    const dict = parseObject(lex);
    if (!isDict(dict)) throw new PdfSyntaxError('the trailer is not a dictionary');
    const xrefStm = dict.get('XRefStm');
    if (isWhole(xrefStm)) queue.push(xrefStm);
    return dict;
  }

  private readXrefStream(stream: Stream): void {
    const w = this.resolve(stream.dict.get('W'));
    if (!isArray(w) || w.length < 3 || !w.slice(0, 3).every((x) => isWhole(x) && x <= 8))
      throw new PdfSyntaxError('a cross-reference stream has no valid /W');
    const [w0, w1, w2] = w as [number, number, number];
    const size = this.resolve(stream.dict.get('Size'));
    const index = this.resolve(stream.dict.get('Index')) ?? [0, size ?? 0];
    if (!isArray(index)) throw new PdfSyntaxError('a cross-reference stream has no valid /Index');
    const data = this.decode(stream);
    const width = w0 + w1 + w2;
    let pos = 0;
    const field = (n: number) => {
      let v = 0;
      for (let k = 0; k < n; k += 1) v = v * 256 + (data[pos++] ?? 0);
      return v;
    };
    for (let r = 0; r + 1 < index.length; r += 2) {
      const start = index[r];
      const count = index[r + 1];
      if (!isWhole(start) || !isWhole(count))
        throw new PdfSyntaxError('a cross-reference range is not two numbers');
      for (let i = 0; i < count; i += 1) {
        if (pos + width > data.length) throw new PdfSyntaxError('a cross-reference stream ends early');
        const type = w0 === 0 ? 1 : field(w0);
        const f1 = field(w1);
        const f2 = field(w2);
        if (type > 2) throw new PdfSyntaxError(`a cross-reference entry has type ${type}`);
        this.setEntry(start + i, type === 0 ? FREE : type === 1 ? atOffset(f1, f2) : inStream(f1, f2));
      }
    }
  }

  private setEntry(num: number, packed: number): void {
    if (this.entries.has(num)) return;
    if (this.entries.size >= MAX_OBJECTS) throw new PdfLimitError(`more than ${MAX_OBJECTS} objects`);
    this.entries.set(num, packed);
  }

  private objectStream(num: number): ObjectStream {
    const known = this.objectStreams.get(num);
    if (known) return known;
    const stream = this.fetch(new Ref(num, 0));
    if (!(stream instanceof Stream)) throw new XrefEntryError(`object ${num} is not an object stream`);
    const n = this.resolve(stream.dict.get('N'));
    const first = this.resolve(stream.dict.get('First'));
    if (!isWhole(n) || !isWhole(first)) throw new PdfSyntaxError(`object stream ${num} has no /N or /First`);
    const data = this.decode(stream);
    if (n > data.length) throw new PdfSyntaxError(`object stream ${num} cannot hold ${n} objects`);
    const lex = new Lexer(data, 0, Math.min(first, data.length));
    const offsets: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const objNum = lex.next();
      const offset = lex.next();
      if (!isWhole(objNum) || !isWhole(offset))
        throw new PdfSyntaxError(`object stream ${num} has a bad header`);
      offsets.push(offset);
    }
    const parsed = { data, first, offsets };
    this.objectStreams.set(num, parsed);
    return parsed;
  }

  /**
   * Inflates every object stream the table refers to, within the budget: whatever PDF.js reads afterwards was
   * inflated here first. A stream that cannot be read is left for the walk to meet (if it ever does).
   */
  private inflateObjectStreams(): void {
    const streams = new Set<number>();
    for (const packed of this.entries.values()) {
      if (packed === FREE || packed % 2 === 1) continue;
      const entry = unpack(packed);
      if (entry.kind === 'in') streams.add(entry.stream);
    }
    for (const num of streams) {
      try {
        this.objectStream(num);
      } catch (err) {
        if (err instanceof PdfLimitError) throw err;
      }
    }
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function headerOffset(bytes: Uint8Array): number {
  const at = asBuffer(bytes).subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  return at === -1 ? 0 : at;
}

function list(obj: PdfObject | undefined): PdfObject[] {
  if (obj === undefined || obj === null) return [];
  return isArray(obj) ? obj : [obj];
}

/** Undoes a PNG predictor (/Predictor 10–15), the one cross-reference streams use; the output is never larger. */
function unpredict(
  data: Buffer,
  parms: PdfObject | undefined,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): Buffer {
  if (!isDict(parms)) return data;
  const num = (key: string, fallback: number) => {
    const v = resolve(parms.get(key));
    return isInt(v) ? v : fallback;
  };
  const predictor = num('Predictor', 1);
  if (predictor <= 1) return data;
  if (predictor < 10) throw new PdfSyntaxError(`/Predictor ${predictor} is not supported`);
  const colors = num('Colors', 1);
  const bits = num('BitsPerComponent', 8);
  const columns = num('Columns', 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bits) || columns < 1 || columns > 2 ** 20)
    throw new PdfSyntaxError('the predictor parameters are out of range');
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let r = 0; r < rows; r += 1) {
    const type = data[r * (rowLength + 1)] ?? 0;
    const src = r * (rowLength + 1) + 1;
    const dst = r * rowLength;
    for (let i = 0; i < rowLength; i += 1) {
      const raw = data[src + i] ?? 0;
      const left = i >= bpp ? (out[dst + i - bpp] ?? 0) : 0;
      const up = r > 0 ? (out[dst - rowLength + i] ?? 0) : 0;
      const upLeft = r > 0 && i >= bpp ? (out[dst - rowLength + i - bpp] ?? 0) : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new PdfSyntaxError(`PNG predictor row type ${type}`);
      }
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}

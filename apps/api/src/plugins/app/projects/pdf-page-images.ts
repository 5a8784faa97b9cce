/**
 * The effective resolution of every image a page draws (docs/decisions/0060): each page's content streams are
 * scanned for the graphics state (q, Q, cm) and the images drawn (Do of an image XObject, inline BI … ID … EI; a
 * form XObject's own content with its /Matrix, MAX_FORM_DEPTH deep), and an image of W × H pixels drawn by the
 * current transformation [a b c d e f] covers |(a, b)| × |(c, d)| points: its resolution is the lower of
 * W / (width in inches) and H / (height in inches). Image pixels are never decoded, only their /Width and /Height.
 * Bounded: content streams inflate within their own budget of MAX_CONTENT_INFLATED_BYTES per file (FlateDecode
 * only; a page whose content cannot be read is counted as not checked), at most MAX_DRAWS_PER_PAGE images and
 * MAX_LOW_IMAGES findings kept (images below 300 ppi; the rest are only counted).
 * @see PDF 32000-1:2008 §8.3.4 (transformation matrices), §8.9 (images), §8.10 (form XObjects)
 */
import type { PageRange, PdfFacts, PdfImage } from '@bindery/contracts/store/preflight';
import { EOF, isArray, isName, Keyword, Lexer, Name, PdfSyntaxError, Ref, Stream } from './pdf-syntax.js';
import type { PdfDict, PdfObject } from './pdf-syntax.js';
import { InflateBudget, PdfLimitError, type PdfFile } from './pdf-xref.js';
import type { PageBox } from './pdf-page-boxes.js';
import { classifyColourSpace, PageMarks, type ColourKind } from './pdf-page-marks.js';

export const MAX_CONTENT_INFLATED_BYTES = 48 * 1024 * 1024;
export const MAX_DRAWS_PER_PAGE = 2_000;
export const MAX_LOW_IMAGES = 200;
const MAX_FORM_DEPTH = 8;
const MAX_STACK = 64;
/** Below this an image is listed (a warning; below 150, an error). */
export const GOOD_PPI = 300;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m × n: m applied first (PDF's row-vector convention: cm's matrix is applied before the current one). */
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

const round2 = (v: number) => Math.round(v * 100) / 100;

export class ImageFactsCollector {
  private readonly budget = new InflateBudget(MAX_CONTENT_INFLATED_BYTES);
  private readonly low = new Map<string, PdfImage>();
  /** Images drawn, over the whole file. */
  checked = 0;
  /** Pages whose content could not be read in full (a filter we do not read, the budget spent, a syntax error). */
  readonly unchecked: number[] = [];
  truncated = false;

  /** What the pages paint (colour, text, blank pages), read in the same scan (ADR 0070). */
  readonly marks: PageMarks;

  constructor(
    private readonly file: PdfFile,
    outputIntent = false,
  ) {
    this.marks = new PageMarks(outputIntent);
  }

  private resolve = (o: PdfObject | undefined) => this.file.resolve(o);

  private dictOf(o: PdfObject | undefined): PdfDict | undefined {
    const v = this.resolve(o);
    if (v instanceof Stream) return v.dict;
    return v instanceof Map ? v : undefined;
  }

  addPage(page: number, leaf: PdfDict, resources: PdfObject | undefined, box?: PageBox): void {
    this.marks.beginPage(page, box);
    const state = { draws: 0, complete: true };
    let read = false;
    try {
      this.readPage(page, leaf, resources, state);
      read = true;
    } finally {
      // A page not read in full is never called blank.
      this.marks.endPage(read && state.complete && state.draws <= MAX_DRAWS_PER_PAGE);
    }
  }

  private readPage(
    page: number,
    leaf: PdfDict,
    resources: PdfObject | undefined,
    state: { draws: number; complete: boolean },
  ): void {
    const contents = this.resolve(leaf.get('Contents'));
    const streams = isArray(contents) ? contents.map((c) => this.resolve(c)) : [contents];
    // A page's content may be split across streams at any token: they are read as one.
    const parts: Buffer[] = [];
    for (const s of streams) {
      if (!(s instanceof Stream)) continue;
      const data = this.decoded(s);
      if (data === null) {
        state.complete = false;
        continue;
      }
      parts.push(data, Buffer.from(' '));
    }
    this.scan(page, Buffer.concat(parts), resources, IDENTITY, 0, state, new Set());
    if (!state.complete) this.unchecked.push(page);
  }

  private decoded(stream: Stream): Buffer | null {
    if (this.budget.used >= this.budget.total) return null;
    try {
      return this.file.decode(stream, this.budget);
    } catch (err) {
      if (err instanceof PdfLimitError || err instanceof PdfSyntaxError) return null;
      throw err;
    }
  }

  private scan(
    page: number,
    data: Buffer,
    resources: PdfObject | undefined,
    start: Matrix,
    depth: number,
    state: { draws: number; complete: boolean },
    forms: Set<string>,
  ): void {
    const lex = new Lexer(data);
    const stack: Matrix[] = [];
    let ctm = start;
    const operands: (number | Name)[] = [];
    const xobjects = () => this.dictOf(this.dictOf(resources)?.get('XObject'));
    const spaceOf = (name: string): ColourKind =>
      ['DeviceGray', 'DeviceRGB', 'DeviceCMYK', 'G', 'RGB', 'CMYK', 'Pattern'].includes(name)
        ? classifyColourSpace(new Name(name), this.resolve)
        : classifyColourSpace(
            this.dictOf(this.dictOf(resources)?.get('ColorSpace'))?.get(name),
            this.resolve,
          );
    try {
      for (let t = lex.next(); t !== EOF; t = lex.next()) {
        if (typeof t === 'number' || t instanceof Name) {
          if (operands.length < 16) operands.push(t);
          continue;
        }
        if (!(t instanceof Keyword)) continue;
        switch (t.word) {
          case '[':
          case ']':
          case '<<':
          case '>>':
          case '{':
          case '}':
            continue;
        }
        this.marks.op(t.word, operands, ctm, spaceOf);
        switch (t.word) {
          case 'q':
            if (stack.length < MAX_STACK) stack.push(ctm);
            break;
          case 'Q':
            ctm = stack.pop() ?? ctm;
            break;
          case 'cm': {
            const m = operands.slice(-6);
            if (m.length === 6 && m.every((v) => typeof v === 'number')) ctm = multiply(m as Matrix, ctm);
            break;
          }
          case 'Do': {
            const name = operands.at(-1);
            if (!(name instanceof Name)) break;
            if ((state.draws += 1) > MAX_DRAWS_PER_PAGE) {
              this.truncated = true;
              return;
            }
            const entry = xobjects()?.get(name.name);
            const xobject = this.resolve(entry);
            if (!(xobject instanceof Stream)) break;
            const subtype = this.resolve(xobject.dict.get('Subtype'));
            if (isName(subtype, 'Image')) {
              if (this.resolve(xobject.dict.get('ImageMask')) !== true)
                this.marks.image(classifyColourSpace(xobject.dict.get('ColorSpace'), this.resolve));
              this.image(page, xobject.dict, ctm, entry);
            } else if (isName(subtype, 'Form') && depth < MAX_FORM_DEPTH) {
              const tag = entry instanceof Ref ? entry.tag : '';
              if (tag !== '' && forms.has(tag)) break;
              const content = this.decoded(xobject);
              if (content === null) {
                state.complete = false;
                break;
              }
              const matrix = this.resolve(xobject.dict.get('Matrix'));
              const m =
                isArray(matrix) && matrix.length === 6 && matrix.every((v) => typeof v === 'number')
                  ? (matrix as Matrix)
                  : IDENTITY;
              const inner = new Set(forms);
              if (tag !== '') inner.add(tag);
              this.scan(
                page,
                content,
                xobject.dict.get('Resources') ?? resources,
                multiply(m, ctm),
                depth + 1,
                state,
                inner,
              );
            }
            break;
          }
          case 'BI':
            this.inlineImage(page, lex, data, ctm, spaceOf);
            break;
        }
        operands.length = 0;
      }
    } catch (err) {
      if (!(err instanceof PdfSyntaxError)) throw err;
      state.complete = false;
    }
  }

  /** BI <key value>* ID <data> EI: the dictionary read for its size, the data skipped. */
  private inlineImage(
    page: number,
    lex: Lexer,
    data: Buffer,
    ctm: Matrix,
    spaceOf: (name: string) => ColourKind,
  ): void {
    const dict: PdfDict = new Map();
    for (let t = lex.next(); t !== EOF; t = lex.next()) {
      if (t instanceof Keyword && t.word === 'ID') break;
      if (!(t instanceof Name)) continue;
      const v = lex.next();
      if (typeof v === 'number' || v instanceof Name) dict.set(t.name, v);
    }
    // The data starts after one white-space byte and ends at "EI" between white space (PDF.js looks the same way).
    let at = lex.pos + 1;
    for (;;) {
      const ei = data.indexOf('EI', at, 'latin1');
      if (ei === -1) {
        lex.pos = data.length;
        break;
      }
      const before = data[ei - 1] ?? 0x20;
      const after = data[ei + 2] ?? 0x20;
      if (/\s/.test(String.fromCharCode(before)) && /\s/.test(String.fromCharCode(after))) {
        lex.pos = ei + 2;
        break;
      }
      at = ei + 2;
    }
    const w = dict.get('W') ?? dict.get('Width');
    const h = dict.get('H') ?? dict.get('Height');
    const mask = dict.get('IM') ?? dict.get('ImageMask');
    const space = dict.get('CS') ?? dict.get('ColorSpace');
    if (mask !== true && space instanceof Name) this.marks.image(spaceOf(space.name));
    if (typeof w === 'number' && typeof h === 'number' && mask !== true)
      this.record(page, `inline:${w}x${h}`, w, h, ctm);
  }

  private image(page: number, dict: PdfDict, ctm: Matrix, entry: PdfObject | undefined): void {
    // A stencil mask paints a colour through its 1-bit shape: its resolution is the line art's, not a photo's.
    if (this.resolve(dict.get('ImageMask')) === true) return;
    const w = this.resolve(dict.get('Width'));
    const h = this.resolve(dict.get('Height'));
    if (typeof w !== 'number' || typeof h !== 'number' || w <= 0 || h <= 0) return;
    this.record(page, entry instanceof Ref ? entry.tag : `direct:${w}x${h}`, w, h, ctm);
  }

  private record(page: number, id: string, widthPx: number, heightPx: number, ctm: Matrix): void {
    this.checked += 1;
    const widthPt = Math.hypot(ctm[0], ctm[1]);
    const heightPt = Math.hypot(ctm[2], ctm[3]);
    // Drawn smaller than a point: a dot, nothing a reader sees as a picture.
    if (widthPt < 1 || heightPt < 1) return;
    const ppi = Math.min((widthPx * 72) / widthPt, (heightPx * 72) / heightPt);
    if (ppi >= GOOD_PPI) return;
    const key = `${id}@${round2(widthPt)}x${round2(heightPt)}`;
    let image = this.low.get(key);
    if (!image) {
      if (this.low.size >= MAX_LOW_IMAGES) {
        this.truncated = true;
        return;
      }
      image = {
        width_px: widthPx,
        height_px: heightPx,
        width_pt: round2(widthPt),
        height_pt: round2(heightPt),
        ppi: Math.floor(ppi),
        pages: [],
      };
      this.low.set(key, image);
    }
    const last = image.pages.at(-1);
    if (last?.[1] === page) return;
    if (last && last[1] === page - 1) last[1] = page;
    else image.pages.push([page, page]);
  }

  facts(): Pick<PdfFacts, 'images' | 'images_checked' | 'images_unchecked' | 'images_truncated'> {
    const unchecked: PageRange[] = [];
    for (const page of this.unchecked) {
      const last = unchecked.at(-1);
      if (last?.[1] === page) continue;
      if (last && last[1] === page - 1) last[1] = page;
      else unchecked.push([page, page]);
    }
    return {
      images: [...this.low.values()],
      images_checked: this.checked,
      ...(unchecked.length > 0 ? { images_unchecked: unchecked } : {}),
      ...(this.truncated ? { images_truncated: true } : {}),
    };
  }
}

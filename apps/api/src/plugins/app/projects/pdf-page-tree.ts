/**
 * A PDF's real page count, from its page tree, never from the /Count the file declares about itself.
 *
 * PDF.js (the reader that decides whether a file opens) answers numPages from the root's /Count and only checks
 * that the last declared page exists: a 400-page file declaring /Count 40 reads as 40 pages and would be printed
 * as 400 but priced as 40. So the tree is walked here, leaf by leaf: every node reached from the
 * trailer's /Root → /Pages, each indirect object visited once (a second visit is a cycle or a shared subtree, both
 * invalid), at most MAX_DEPTH levels and MAX_NODES nodes (a legitimate 800-page tree has a few hundred nodes, a
 * few levels deep). The caller compares the declared count with the real one and refuses a file that lies.
 *
 * Objects are resolved the way a reader resolves them: through the file's cross-reference sections, the newest
 * revision winning (pdf-xref.ts). A copy of a /Pages object that no table lists is never read, so it cannot stand
 * in for the real one; a file whose table is broken is scanned like PDF.js's recovery, and an object defined twice
 * is then refused. Inflating is bounded per file (docs/decisions/0026, 0053).
 * @see PDF 32000-1:2008 §7.7.3 Page Tree
 */
import {
  isArray,
  isDict,
  isInt,
  isName,
  PdfSyntaxError,
  Ref,
  type PdfDict,
  type PdfObject,
} from './pdf-syntax.js';
import type { PdfFacts } from '@bindery/contracts/store/preflight';
import {
  inherit,
  pageBox,
  PageFactsCollector,
  type InheritedPageAttributes,
  type PageBox,
} from './pdf-page-boxes.js';
import { hasOutputIntent } from './pdf-page-marks.js';
import { FontFactsCollector } from './pdf-page-fonts.js';
import { ImageFactsCollector } from './pdf-page-images.js';
import { InflateBudget, PdfFile, PdfLimitError, XrefEntryError } from './pdf-xref.js';

export const MAX_DEPTH = 64;
export const MAX_NODES = 20_000;

export interface PageTree {
  /** The /Count of the root /Pages node, as the file declares it. */
  declared: number;
  /** The number of /Page leaves actually reachable from the root. */
  real: number;
  /** The trailer names an /Encrypt dictionary. */
  encrypted: boolean;
  /** Every page's size and rotation, in page order (pdf-page-boxes.ts). */
  facts: PdfFacts;
}

export class PageTreeError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'cycle' | 'too-deep' | 'too-many-nodes' | 'malformed' | 'too-large',
  ) {
    super(message);
    this.name = 'PageTreeError';
  }
}

/** Walks the page tree of a PDF held in memory. Throws PageTreeError when there is no walkable tree. */
export function readPageTree(bytes: Uint8Array): PageTree {
  // One budget for everything inflated for this file, whichever way it is read.
  const budget = new InflateBudget();
  try {
    try {
      return walk(PdfFile.fromXref(bytes, budget));
    } catch (err) {
      if (!(err instanceof XrefEntryError)) throw err;
    }
    return walk(PdfFile.fromScan(bytes, budget));
  } catch (err) {
    if (err instanceof PageTreeError) throw err;
    if (err instanceof PdfLimitError)
      throw new PageTreeError(`too large to read: ${err.message}`, 'too-large');
    if (err instanceof PdfSyntaxError || err instanceof XrefEntryError)
      throw new PageTreeError(`unreadable structure: ${err.message}`, 'unreadable');
    throw err;
  }
}

function walk(file: PdfFile): PageTree {
  const catalog = file.resolve(file.trailer.get('Root'));
  // Like PDF.js: a root without a /Pages dictionary means the table is wrong, and the file is scanned.
  if (!isDict(catalog)) throw new XrefEntryError('the trailer names no catalog');
  const rootNode = catalog.get('Pages');
  const root = file.resolve(rootNode);
  if (!isDict(root)) throw new XrefEntryError('the catalog has no /Pages dictionary');
  const declared = file.resolve(root.get('Count'));
  if (!isInt(declared) || declared < 0)
    throw new PageTreeError('the root /Count is not a whole number', 'malformed');

  const visited = new Set<string>();
  const stack: { node: PdfObject | undefined; depth: number; inherited: InheritedPageAttributes }[] = [
    { node: rootNode, depth: 0, inherited: {} },
  ];
  const pages = new PageFactsCollector();
  const resolve = (o: PdfObject | undefined) => file.resolve(o);
  const fonts = new FontFactsCollector(resolve);
  const images = new ImageFactsCollector(file, hasOutputIntent(catalog, resolve));
  let real = 0;
  let nodes = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, depth, inherited } = next;
    if (node instanceof Ref) {
      if (visited.has(node.tag)) throw new PageTreeError(`${node.tag} is reached twice`, 'cycle');
      visited.add(node.tag);
    }
    nodes += 1;
    if (nodes > MAX_NODES) throw new PageTreeError(`more than ${MAX_NODES} nodes`, 'too-many-nodes');
    if (depth > MAX_DEPTH) throw new PageTreeError(`deeper than ${MAX_DEPTH} levels`, 'too-deep');
    const dict = file.resolve(node);
    if (!isDict(dict)) throw new PageTreeError('a page tree node is not a dictionary', 'malformed');
    const type = file.resolve(dict.get('Type'));
    const kids = file.resolve(dict.get('Kids'));
    // A leaf is /Type /Page; like PDF.js, a node without /Type and without /Kids is taken as a page too.
    if (isName(type, 'Page') || (type === undefined && kids === undefined)) {
      real += 1;
      const box = pageBox(dict, inherited, resolve);
      pages.add(box);
      const resources = inherit(dict, inherited).resources;
      readFonts(fonts, real, resources);
      readImages(images, real, dict, resources, box);
      continue;
    }
    if (type !== undefined && !isName(type, 'Pages'))
      throw new PageTreeError(
        `a page tree node has /Type ${isName(type) ? type.name : 'that is no name'}`,
        'malformed',
      );
    if (!isArray(kids)) throw new PageTreeError('a /Pages node has no /Kids array', 'malformed');
    const passed = inherit(dict, inherited);
    for (let i = kids.length - 1; i >= 0; i -= 1)
      stack.push({ node: kids[i], depth: depth + 1, inherited: passed });
  }
  return {
    declared,
    real,
    encrypted: file.encrypted,
    facts: {
      ...pages.facts(),
      fonts: fonts.facts(),
      ...(fonts.truncated ? { fonts_truncated: true } : {}),
      ...images.facts(),
      ...images.marks.facts(),
    },
  };
}

/**
 * A page's fonts; a font dictionary the table cannot lead to is not read (the page still counts, as before the
 * fonts were checked), but a file past the limits stays refused.
 */
function readFonts(fonts: FontFactsCollector, page: number, resources: PdfObject | undefined): void {
  try {
    fonts.addPage(page, resources);
  } catch (err) {
    if (err instanceof PdfLimitError) throw err;
    if (!(err instanceof PdfSyntaxError || err instanceof XrefEntryError)) throw err;
  }
}

/** A page's images; a page whose objects the table cannot lead to is counted as not checked. */
function readImages(
  images: ImageFactsCollector,
  page: number,
  leaf: PdfDict,
  resources: PdfObject | undefined,
  box: PageBox,
): void {
  try {
    images.addPage(page, leaf, resources, box);
  } catch (err) {
    if (err instanceof PdfLimitError) throw err;
    if (!(err instanceof PdfSyntaxError || err instanceof XrefEntryError)) throw err;
    images.unchecked.push(page);
  }
}

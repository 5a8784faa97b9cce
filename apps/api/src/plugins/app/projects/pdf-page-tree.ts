/**
 * A PDF's real page count, from its page tree, never from the /Count the file declares about itself.
 *
 * PDF.js (the reader that decides whether a file opens) answers numPages from the root's /Count and only checks
 * that the last declared page exists: a 400-page file declaring /Count 40 reads as 40 pages and would be printed
 * as 400 but priced as 40 (issue 11.2). So the tree is walked here, leaf by leaf: every node reached from the
 * catalog's /Pages, each indirect object visited once (a second visit is a cycle or a shared subtree, both
 * invalid), at most MAX_DEPTH levels and MAX_NODES nodes (a legitimate 800-page tree has a few hundred nodes, a
 * few levels deep). The caller compares the declared count with the real one and refuses a file that lies.
 *
 * pdf-lib parses the objects by scanning the file, not by trusting its cross-reference table, so a broken xref
 * (wrong offsets, truncated table) still yields the objects when they are there (docs/decisions/0026).
 * @see PDF 32000-1:2008 §7.7.3 Page Tree
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, type PDFObject } from 'pdf-lib';

export const MAX_DEPTH = 64;
export const MAX_NODES = 20_000;

export interface PageTree {
  /** The /Count of the root /Pages node, as the file declares it. */
  declared: number;
  /** The number of /Page leaves actually reachable from the root. */
  real: number;
  /** The trailer names an /Encrypt dictionary. */
  encrypted: boolean;
}

export class PageTreeError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'cycle' | 'too-deep' | 'too-many-nodes' | 'malformed',
  ) {
    super(message);
    this.name = 'PageTreeError';
  }
}

const TYPE = PDFName.of('Type');
const KIDS = PDFName.of('Kids');
const COUNT = PDFName.of('Count');
const PAGES = PDFName.of('Pages');
const PAGE = PDFName.of('Page');

/** Walks the page tree of a PDF held in memory. Throws PageTreeError when there is no walkable tree. */
export async function readPageTree(bytes: Uint8Array): Promise<PageTree> {
  try {
    return await walk(bytes);
  } catch (err) {
    if (err instanceof PageTreeError) throw err;
    // pdf-lib's own errors on malformed objects (a catalog that is not a dictionary, a missing trailer…).
    throw new PageTreeError(`unreadable structure: ${(err as Error).message}`, 'unreadable');
  }
}

async function walk(bytes: Uint8Array): Promise<PageTree> {
  let doc: PDFDocument;
  try {
    // ignoreEncryption: the tree's dictionaries are readable in an encrypted file unless they sit in an (encrypted)
    // object stream; then the walk below finds no tree and the file is refused.
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch (err) {
    throw new PageTreeError(`pdf-lib cannot parse the file: ${(err as Error).message}`, 'unreadable');
  }
  const { context } = doc;
  const encrypted = context.trailerInfo.Encrypt !== undefined;
  const resolve = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? context.lookup(obj) : obj);

  const rootNode = doc.catalog.get(PAGES);
  const root = resolve(rootNode);
  if (!(root instanceof PDFDict))
    throw new PageTreeError('the catalog has no /Pages dictionary', 'malformed');
  const declared = resolve(root.get(COUNT));
  if (!(declared instanceof PDFNumber) || !Number.isInteger(declared.asNumber()) || declared.asNumber() < 0)
    throw new PageTreeError('the root /Count is not a whole number', 'malformed');

  const visited = new Set<string>();
  const stack: { node: PDFObject | undefined; depth: number }[] = [{ node: rootNode, depth: 0 }];
  let real = 0;
  let nodes = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, depth } = next;
    if (node instanceof PDFRef) {
      if (visited.has(node.tag)) throw new PageTreeError(`${node.tag} is reached twice`, 'cycle');
      visited.add(node.tag);
    }
    nodes += 1;
    if (nodes > MAX_NODES) throw new PageTreeError(`more than ${MAX_NODES} nodes`, 'too-many-nodes');
    if (depth > MAX_DEPTH) throw new PageTreeError(`deeper than ${MAX_DEPTH} levels`, 'too-deep');
    const dict = resolve(node);
    if (!(dict instanceof PDFDict))
      throw new PageTreeError('a page tree node is not a dictionary', 'malformed');
    const type = resolve(dict.get(TYPE));
    const kids = resolve(dict.get(KIDS));
    // A leaf is /Type /Page; like PDF.js, a node without /Type and without /Kids is taken as a page too.
    if (type === PAGE || (type === undefined && kids === undefined)) {
      real += 1;
      continue;
    }
    if (type !== undefined && type !== PAGES)
      throw new PageTreeError(`a page tree node has /Type ${String(type)}`, 'malformed');
    if (!(kids instanceof PDFArray)) throw new PageTreeError('a /Pages node has no /Kids array', 'malformed');
    for (let i = kids.size() - 1; i >= 0; i -= 1) stack.push({ node: kids.get(i), depth: depth + 1 });
  }
  return { declared: declared.asNumber(), real, encrypted };
}

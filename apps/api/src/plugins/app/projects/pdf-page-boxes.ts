/**
 * Each page's size as a printer cuts it, read from the page objects the page tree walk reaches (pdf-page-tree.ts),
 * never from anything else the file says of itself (docs/decisions/0060): the page's TrimBox, else its CropBox,
 * else its MediaBox, each clipped to the MediaBox; /MediaBox, /CropBox and /Rotate inherited from the /Pages
 * nodes above the leaf (and /Resources, for pdf-page-fonts.ts) as PDF 32000-1 §7.7.3.4 says (TrimBox and UserUnit are the leaf's own); a missing or invalid
 * MediaBox is US Letter and a /Rotate that is no multiple of 90 is none, as PDF.js reads them. The size is the one
 * the page shows after its rotation (90 and 270 swap width and height), in points (× UserUnit).
 * The pages are summed up as `PdfFacts`: each distinct size (to 0.01 pt) with its runs of pages, and the rotated
 * runs; bounded by the walk's own limits on pages.
 * @see PDF 32000-1:2008 §14.11.2 Page Boundaries
 */
import type { PageRange, PdfFacts } from '@bindery/contracts/store/preflight';
import { isArray, type PdfDict, type PdfObject } from './pdf-syntax.js';

/** What a /Pages node passes down to its kids. */
export interface InheritedPageAttributes {
  readonly mediaBox?: PdfObject;
  readonly cropBox?: PdfObject;
  readonly rotate?: PdfObject;
  readonly resources?: PdfObject;
}

type Resolve = (obj: PdfObject | undefined) => PdfObject | undefined;
type Rect = readonly [number, number, number, number];

/** PDF.js's default when a page has no valid MediaBox. */
const LETTER: Rect = [0, 0, 612, 792];

/** The attributes a node passes on: its own where it has them, else those it inherited. */
export function inherit(node: PdfDict, from: InheritedPageAttributes): InheritedPageAttributes {
  return {
    mediaBox: node.get('MediaBox') ?? from.mediaBox,
    cropBox: node.get('CropBox') ?? from.cropBox,
    rotate: node.get('Rotate') ?? from.rotate,
    resources: node.get('Resources') ?? from.resources,
  };
}

function rect(obj: PdfObject | undefined, resolve: Resolve): Rect | null {
  const arr = resolve(obj);
  if (!isArray(arr) || arr.length !== 4) return null;
  const n = arr.map((v) => resolve(v));
  if (!n.every((v): v is number => typeof v === 'number' && Number.isFinite(v))) return null;
  const [x1, y1, x2, y2] = n as [number, number, number, number];
  const r: Rect = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}

function intersect(a: Rect, b: Rect): Rect | null {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}

export interface PageBox {
  /** As shown, after the rotation, in points. */
  readonly widthPt: number;
  readonly heightPt: number;
  /** 0, 90, 180 or 270. */
  readonly rotate: number;
  /** The trim as a rectangle of default user space (before /Rotate and /UserUnit): where text is measured from. */
  readonly trimRect: readonly [number, number, number, number];
  /** /UserUnit: points per user space unit. */
  readonly unit: number;
}

/** A leaf page's trim size and rotation. */
export function pageBox(leaf: PdfDict, inherited: InheritedPageAttributes, resolve: Resolve): PageBox {
  const own = inherit(leaf, inherited);
  const media = rect(own.mediaBox, resolve) ?? LETTER;
  const crop = intersect(rect(own.cropBox, resolve) ?? media, media) ?? media;
  const trimBox = rect(leaf.get('TrimBox'), resolve);
  const trim = (trimBox && intersect(trimBox, media)) ?? crop;
  const rotateValue = resolve(own.rotate);
  const rotate =
    typeof rotateValue === 'number' && Number.isInteger(rotateValue) && rotateValue % 90 === 0
      ? ((rotateValue % 360) + 360) % 360
      : 0;
  const unitValue = resolve(leaf.get('UserUnit'));
  const unit = typeof unitValue === 'number' && unitValue > 0 && Number.isFinite(unitValue) ? unitValue : 1;
  const w = (trim[2] - trim[0]) * unit;
  const h = (trim[3] - trim[1]) * unit;
  const swap = rotate === 90 || rotate === 270;
  return { widthPt: swap ? h : w, heightPt: swap ? w : h, rotate, trimRect: trim, unit };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function addPage(ranges: PageRange[], page: number): void {
  const last = ranges.at(-1);
  if (last && last[1] === page - 1) last[1] = page;
  else ranges.push([page, page]);
}

/** Collects the pages in order (page 1 first) into the file's facts. */
export class PageFactsCollector {
  private page = 0;
  private readonly sizes = new Map<string, { width_pt: number; height_pt: number; pages: PageRange[] }>();
  private readonly rotated = new Map<number, PageRange[]>();

  add(box: PageBox): void {
    this.page += 1;
    const width = round2(box.widthPt);
    const height = round2(box.heightPt);
    const key = `${width}x${height}`;
    let size = this.sizes.get(key);
    if (!size) {
      size = { width_pt: width, height_pt: height, pages: [] };
      this.sizes.set(key, size);
    }
    addPage(size.pages, this.page);
    if (box.rotate !== 0) {
      let runs = this.rotated.get(box.rotate);
      if (!runs) {
        runs = [];
        this.rotated.set(box.rotate, runs);
      }
      addPage(runs, this.page);
    }
  }

  facts(): PdfFacts {
    return {
      page_sizes: [...this.sizes.values()],
      rotated: [...this.rotated.entries()]
        .sort(([a], [b]) => a - b)
        .map(([degrees, pages]) => ({ degrees: degrees as 90 | 180 | 270, pages })),
    };
  }
}

import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { sha256 } from '../lib/canonical.js';

export const CHART_URI_PREFIX = 'football://charts/';

/** The resource URI of a kept chart. */
export function chartUri(id: string): string {
  return `${CHART_URI_PREFIX}${id}.png`;
}

interface Kept {
  owner: string;
  svg: string;
  /** Owner and SVG: the same chart drawn again for the same caller keeps its link. */
  content: string;
  png?: Buffer;
  rendering?: Promise<Buffer>;
  bytes: number;
}

/**
 * The charts answers link to, kept in this process for their caller only, within a byte budget (the SVG,
 * and the PNG once a read has rendered it); past it the least recently made or read go first, never the
 * newest. An id is 128 random bits, and a read by another caller finds nothing, as a read of an id
 * never made. The PNG is rendered at its first read, not when the answer is sent: most links are
 * never read.
 */
export class ChartStore {
  private readonly kept: LRUCache<string, Kept>;
  private readonly byContent = new Map<string, string>();

  constructor(
    readonly maxBytes: number,
    private readonly render: (svg: string) => Promise<Buffer>,
  ) {
    this.kept = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      // A chart over the whole budget counts as the whole budget: kept alone while it is the newest.
      sizeCalculation: (chart) => Math.max(1, Math.min(chart.bytes, maxBytes)),
      dispose: (chart, id, reason) => {
        if (reason !== 'set' && this.byContent.get(chart.content) === id)
          this.byContent.delete(chart.content);
      },
    });
  }

  /** Keeps a chart for `owner`; returns its id (the one it already had when kept already). */
  put(owner: string, svg: string): string {
    const content = sha256(`${owner}\n${svg}`);
    const known = this.byContent.get(content);
    if (known !== undefined && this.kept.get(known)) return known;
    const id = randomBytes(16).toString('hex');
    this.kept.set(id, { owner, svg, content, bytes: Buffer.byteLength(svg) });
    this.byContent.set(content, id);
    return id;
  }

  /** The chart's PNG, rendered at the first read; undefined when unknown, dropped, or another's. */
  async png(owner: string, id: string): Promise<Buffer | undefined> {
    const chart = this.kept.get(id);
    if (!chart || chart.owner !== owner) return undefined;
    if (chart.png) return chart.png;
    chart.rendering ??= this.render(chart.svg).finally(() => {
      chart.rendering = undefined;
    });
    const png = await chart.rendering;
    // Kept anew with its PNG: lru-cache measures an entry when it is set.
    if (this.kept.peek(id) === chart) this.kept.set(id, { ...chart, png, bytes: chart.bytes + png.length });
    return png;
  }

  get size(): number {
    return this.kept.size;
  }
}

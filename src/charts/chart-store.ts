import { randomBytes } from 'node:crypto';
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
  private readonly kept = new Map<string, Kept>();
  private readonly byContent = new Map<string, string>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly render: (svg: string) => Promise<Buffer>,
  ) {}

  /** Keeps a chart for `owner`; returns its id (the one it already had when kept already). */
  put(owner: string, svg: string): string {
    const content = sha256(`${owner}\n${svg}`);
    const known = this.byContent.get(content);
    if (known !== undefined && this.touch(known)) return known;
    const id = randomBytes(16).toString('hex');
    const bytes = Buffer.byteLength(svg);
    this.kept.set(id, { owner, svg, content, bytes });
    this.byContent.set(content, id);
    this.bytes += bytes;
    this.evict();
    return id;
  }

  /** The chart's PNG, rendered at the first read; undefined when unknown, dropped, or another's. */
  async png(owner: string, id: string): Promise<Buffer | undefined> {
    const chart = this.kept.get(id);
    if (!chart || chart.owner !== owner) return undefined;
    this.touch(id);
    if (chart.png) return chart.png;
    chart.rendering ??= this.render(chart.svg).finally(() => {
      chart.rendering = undefined;
    });
    const png = await chart.rendering;
    if (!chart.png && this.kept.get(id) === chart) {
      chart.png = png;
      chart.bytes += png.length;
      this.bytes += png.length;
      this.evict();
    }
    return png;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Moves a kept chart to the newest end; false when it is gone. */
  private touch(id: string): boolean {
    const chart = this.kept.get(id);
    if (!chart) return false;
    this.kept.delete(id);
    this.kept.set(id, chart);
    return true;
  }

  private evict(): void {
    for (const [id, chart] of this.kept) {
      if (this.bytes <= this.maxBytes || this.kept.size <= 1) return;
      this.kept.delete(id);
      this.byContent.delete(chart.content);
      this.bytes -= chart.bytes;
    }
  }
}

import { INK, MUTED } from './palette.js';
import type { ChartFrame } from './spec.js';

export const WIDTH = 800;
export const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rounds coordinates so the SVG stays short. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

type Attrs = Record<string, string | number | undefined>;

function attributes(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'number' ? n(v) : String(v))}"`)
    .join('');
}

export function el(name: string, attrs: Attrs, children = ''): string {
  return children === ''
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${children}</${name}>`;
}

export function text(x: number, y: number, content: string, attrs: Attrs = {}): string {
  return el('text', { x, y, fill: INK, 'font-size': 13, ...attrs }, escapeXml(content));
}

/** A data mark: `data-tip` feeds the app's hover box, `<title>` the browser's own tooltip. */
export function mark(name: string, attrs: Attrs, tip: string): string {
  return el(name, { ...attrs, class: 'mark', 'data-tip': tip }, `<title>${escapeXml(tip)}</title>`);
}

/** The whole document: white background, title and subtitle on top, `body` below. */
export function document(frame: ChartFrame, height: number, body: string, kind: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ` +
    `font-family="${FONT}" data-chart="${kind}" role="img" aria-label="${escapeXml(frame.title)}">` +
    el('rect', { x: 0, y: 0, width: WIDTH, height, fill: '#ffffff' }) +
    text(24, 34, frame.title, { 'font-size': 20, 'font-weight': 'bold', class: 'chart-title' }) +
    text(24, 56, frame.subtitle, { fill: MUTED, class: 'chart-subtitle' }) +
    body +
    '</svg>'
  );
}

/** Approximate advance of a character in em for the sans-serif faces the charts use. */
function charEm(c: string): number {
  if (/[ .,:;'!|ilj()[\]]/.test(c)) return 0.3;
  if (/[mwMW@]/.test(c)) return 0.85;
  if (/[A-Z0-9]/.test(c)) return 0.66;
  return 0.55;
}

export function textWidth(content: string, fontSize: number): number {
  let em = 0;
  for (const c of content) em += charEm(c);
  return em * fontSize;
}

/**
 * `label` shortened with an ellipsis to fit `maxWidth` pixels: the part in parentheses (a club)
 * first, then the whole. The full label stays in the tooltip.
 */
export function fitText(label: string, maxWidth: number, fontSize: number): string {
  if (textWidth(label, fontSize) <= maxWidth) return label;
  const paren = /^(.*) \((.*)\)$/.exec(label);
  if (paren) {
    const [, head = '', inner = ''] = paren;
    for (let n = inner.length - 1; n >= 3; n--) {
      const candidate = `${head} (${inner.slice(0, n).trimEnd()}…)`;
      if (textWidth(candidate, fontSize) <= maxWidth) return candidate;
    }
  }
  const chars = [...label];
  for (let n = chars.length - 1; n > 1; n--) {
    const candidate = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (textWidth(candidate, fontSize) <= maxWidth) return candidate;
  }
  return '…';
}

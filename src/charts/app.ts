// The MCP App (ext-apps): one self-contained HTML page that draws the chart a tool result carries
// in its _meta, with a hover box for the values. No network: the ext-apps client is inlined.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHART_APP_URI = 'ui://football-scout/chart.html';
/** The MIME type ext-apps hosts look for (RESOURCE_MIME_TYPE of @modelcontextprotocol/ext-apps). */
export const CHART_APP_MIME = 'text/html;profile=mcp-app';
/** Where a tool result carries its chart for the app: `{ svg }`. Hosts do not show _meta to the model. */
export const CHART_META_KEY = 'football-scout-mcp/chart';

let cached: string | undefined;

/** The ext-apps browser bundle as a classic script that sets `globalThis.McpApps`. */
function appClientScript(): string {
  const file = createRequire(import.meta.url).resolve('@modelcontextprotocol/ext-apps/app-with-deps');
  const bundle = readFileSync(file, 'utf8');
  const tail = /export\s*\{([^}]*)\};?\s*$/.exec(bundle);
  if (!tail) throw new Error('unexpected @modelcontextprotocol/ext-apps bundle: no export list');
  const names = (tail[1] ?? '')
    .split(',')
    .map((pair) => pair.trim().split(/\s+as\s+/))
    .map(([local, exported]) => `${JSON.stringify(exported ?? local)}:${local}`);
  return `(()=>{${bundle.slice(0, tail.index)};globalThis.McpApps={${names.join(',')}};})();`;
}

const PAGE_SCRIPT = `
const root = document.getElementById('chart');
const tip = document.getElementById('tip');
function show(result) {
  const chart = result && result._meta && result._meta[${JSON.stringify(CHART_META_KEY)}];
  root.innerHTML = chart && chart.svg ? chart.svg : '<p>This answer has no chart.</p>';
  const svg = root.querySelector('svg');
  if (svg) { svg.removeAttribute('width'); svg.removeAttribute('height'); }
}
root.addEventListener('mouseover', (event) => {
  const mark = event.target.closest && event.target.closest('.mark');
  if (!mark) { tip.hidden = true; return; }
  tip.textContent = mark.getAttribute('data-tip');
  tip.hidden = false;
});
root.addEventListener('mousemove', (event) => {
  tip.style.left = event.clientX + 12 + 'px';
  tip.style.top = event.clientY + 12 + 'px';
});
root.addEventListener('mouseleave', () => { tip.hidden = true; });
const app = new McpApps.App({ name: 'football-scout-chart', version: '1.0.0' });
app.ontoolresult = show;
app.connect().catch((error) => { root.textContent = 'Could not reach the host: ' + error.message; });
`;

export function chartAppHtml(): string {
  cached ??= [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Football Scout chart</title><style>',
    'body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#222}',
    '#chart svg{width:100%;height:auto;max-width:800px;display:block}',
    '#chart .mark{cursor:pointer}#chart .mark:hover{stroke:#000;stroke-width:2}',
    '#tip{position:fixed;pointer-events:none;background:#222;color:#fff;padding:4px 8px;border-radius:4px;font-size:13px}',
    '</style></head><body><div id="chart"><p>Waiting for the tool result…</p></div><div id="tip" hidden></div>',
    `<script>${appClientScript().replace(/<\/script/gi, '<\\/script')}</script>`,
    `<script>${PAGE_SCRIPT}</script></body></html>`,
  ].join('');
  return cached;
}

import type { Quota } from '../api/quota.js';

type Labels = Record<string, string>;

/** Counters and gauges of one process, rendered in the Prometheus text format on /metrics. */
export class Metrics {
  private readonly toolCalls = new Map<string, number>();
  private readonly upstream = new Map<string, number>();
  private cacheHits = 0;
  private cacheMisses = 0;
  private readonly quota = new Map<string, Quota>();

  toolCall(tool: string, outcome: 'ok' | 'error'): void {
    bump(this.toolCalls, JSON.stringify({ tool, outcome }));
  }

  upstreamRequest(status: number | string): void {
    bump(this.upstream, JSON.stringify({ status: String(status) }));
  }

  quotaSeen(tag: string, quota: Quota): void {
    this.quota.set(tag, quota);
  }

  /** One lookup of the response cache: answered from it, or not (ResponseCache's onLookup). */
  cacheLookup(hit: boolean): void {
    if (hit) this.cacheHits += 1;
    else this.cacheMisses += 1;
  }

  render(extra: { sessions?: number; probation?: number } = {}): string {
    const lookups = this.cacheHits + this.cacheMisses;
    const quotaRows = [...this.quota.entries()];
    const lines = [
      ...family('football_scout_tool_calls_total', 'counter', 'MCP tool calls by tool and outcome.', [
        ...rows(this.toolCalls),
      ]),
      ...family(
        'football_scout_upstream_requests_total',
        'counter',
        'Upstream HTTP attempts by status (or network, timeout, aborted).',
        [...rows(this.upstream)],
      ),
      ...family('football_scout_cache_lookups_total', 'counter', 'Response cache reads by result.', [
        [{ result: 'hit' }, this.cacheHits],
        [{ result: 'miss' }, this.cacheMisses],
      ]),
      ...family('football_scout_cache_hit_ratio', 'gauge', 'Cache hits over cache reads since start.', [
        [{}, lookups === 0 ? 0 : this.cacheHits / lookups],
      ]),
      ...family(
        'football_scout_quota_remaining',
        'gauge',
        'Daily quota remaining as last reported upstream, per key hash (never the key); absent when unlimited.',
        quotaRows.filter(([, q]) => q.remaining !== null).map(([key, q]) => [{ key }, q.remaining ?? 0]),
      ),
      ...family(
        'football_scout_quota_limit',
        'gauge',
        'Daily quota limit as last reported upstream, per key hash; absent when unlimited.',
        quotaRows.filter(([, q]) => q.limit !== null).map(([key, q]) => [{ key }, q.limit ?? 0]),
      ),
      ...(extra.sessions === undefined
        ? []
        : family('football_scout_sessions_open', 'gauge', 'Open MCP sessions (stateful mode).', [
            [{}, extra.sessions],
          ])),
      ...(extra.probation === undefined
        ? []
        : family(
            'football_scout_sessions_probation',
            'gauge',
            'Open MCP sessions on probation: of caller keys the Football API has not accepted yet.',
            [[{}, extra.probation]],
          )),
    ];
    return `${lines.join('\n')}\n`;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function rows(map: Map<string, number>): [Labels, number][] {
  return [...map.entries()].map(([key, value]) => [JSON.parse(key) as Labels, value]);
}

function family(
  name: string,
  type: 'counter' | 'gauge',
  help: string,
  samples: [Labels, number][],
): string[] {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map(([l, v]) => `${name}${labels(l)} ${v}`),
  ];
}

function labels(values: Labels): string {
  const parts = Object.entries(values).map(
    ([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

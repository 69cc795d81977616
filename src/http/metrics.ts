import { LRUCache } from 'lru-cache';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { UpstreamEvent } from '../api/client.js';
import type { Quota } from '../api/quota.js';
import { atMost } from '../lib/bounded-map.js';

/**
 * Bounds of the upstream latency histogram, seconds: from a nearby answer (25 ms) past the default attempt
 * timeout (10 s, --timeout-ms) to 30 s; attempts under a longer timeout land in +Inf.
 */
export const UPSTREAM_SECONDS_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What became of one upstream attempt: its status class, or how it failed without one. */
export function upstreamOutcome(status: UpstreamEvent['status']): string {
  return typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
}

/**
 * Counters, gauges and the upstream latency histogram of one process, shown on /metrics. Each instance
 * has its own prom-client Registry (never the global one): several servers in one process keep apart.
 */
export class Metrics {
  readonly registry = new Registry();
  private cacheHits = 0;
  private cacheMisses = 0;
  /** The last quota per key hash, for as many keys as the process remembers (`--max-known-keys`). */
  private readonly quota: LRUCache<string, Quota>;
  private readonly toolCalls = new Counter({
    name: 'football_scout_tool_calls_total',
    help: 'MCP tool calls by tool and outcome.',
    labelNames: ['tool', 'outcome'],
    registers: [this.registry],
  });
  private readonly upstreamAttempts = new Counter({
    name: 'football_scout_upstream_requests_total',
    help: 'Upstream HTTP attempts by status (or network, timeout, aborted).',
    labelNames: ['status'],
    registers: [this.registry],
  });
  private readonly upstreamSeconds = new Histogram({
    name: 'football_scout_upstream_request_duration_seconds',
    help: 'Upstream HTTP attempts, from the request to the whole body read, by route and outcome (2xx, 4xx, 5xx, network, timeout, aborted); each retry is one attempt.',
    labelNames: ['route', 'outcome'],
    buckets: UPSTREAM_SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly replays = new Counter({
    name: 'football_scout_answers_replayed_total',
    help: 'Tool answers given again without a run (kept for repeated calls while nothing they rest on changed), by tool; the cache reads each stands for count as hits.',
    labelNames: ['tool'],
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'football_scout_cache_lookups_total',
    help: 'Response cache reads by result.',
    labelNames: ['result'],
    registers: [this.registry],
  });

  constructor(maxKnownKeys = 10_000) {
    this.quota = new LRUCache<string, Quota>(atMost(maxKnownKeys));
    // Both results are shown from the start, at 0, as a dashboard's ratio needs.
    this.cacheLookups.inc({ result: 'hit' }, 0);
    this.cacheLookups.inc({ result: 'miss' }, 0);
    const ratio = () => {
      const lookups = this.cacheHits + this.cacheMisses;
      return lookups === 0 ? 0 : this.cacheHits / lookups;
    };
    new Gauge({
      name: 'football_scout_cache_hit_ratio',
      help: 'Cache hits over cache reads since start.',
      registers: [this.registry],
      collect() {
        this.set(ratio());
      },
    });
    this.quotaGauge(
      'football_scout_quota_remaining',
      'Daily quota remaining as last reported upstream, per key hash (never the key); absent when unlimited.',
      (q) => q.remaining,
    );
    this.quotaGauge(
      'football_scout_quota_limit',
      'Daily quota limit as last reported upstream, per key hash; absent when unlimited.',
      (q) => q.limit,
    );
  }

  toolCall(tool: string, outcome: 'ok' | 'error'): void {
    this.toolCalls.inc({ tool, outcome });
  }

  /** One upstream attempt, as the client reports it (ApiClient's onUpstream). */
  upstreamRequest(event: Pick<UpstreamEvent, 'route' | 'status' | 'ms'>): void {
    this.upstreamAttempts.inc({ status: String(event.status) });
    this.upstreamSeconds.observe(
      { route: event.route, outcome: upstreamOutcome(event.status) },
      event.ms / 1000,
    );
  }

  quotaSeen(tag: string, quota: Quota): void {
    this.quota.set(tag, quota);
  }

  /** One tool answer given again without its run (ApiClient's onReplay). */
  answerReplayed(tool: string): void {
    this.replays.inc({ tool });
  }

  /** One lookup of the response cache: answered from it, or not (ResponseCache's onLookup). */
  cacheLookup(hit: boolean): void {
    if (hit) {
      this.cacheHits += 1;
      this.cacheLookups.inc({ result: 'hit' });
    } else {
      this.cacheMisses += 1;
      this.cacheLookups.inc({ result: 'miss' });
    }
  }

  /** Shows the open sessions (stateful mode only: without sessions the gauges are left out). */
  watchSessions(count: () => { open: number; probation: number }): void {
    new Gauge({
      name: 'football_scout_sessions_open',
      help: 'Open MCP sessions (stateful mode).',
      registers: [this.registry],
      collect() {
        this.set(count().open);
      },
    });
    new Gauge({
      name: 'football_scout_sessions_probation',
      help: 'Open MCP sessions on probation: of caller keys the Football API has not accepted yet.',
      registers: [this.registry],
      collect() {
        this.set(count().probation);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every metric of this instance. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  private quotaGauge(name: string, help: string, pick: (q: Quota) => number | null): void {
    const quota = this.quota;
    new Gauge({
      name,
      help,
      labelNames: ['key'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [key, q] of quota.entries()) {
          const value = pick(q);
          if (value !== null) this.set({ key }, value);
        }
      },
    });
  }
}

// Named numbers of a player's sections in their place: a statistic the glossary (or, when it cannot say, the
// scout's statistic words) knows is a statistic, under its key; any other number the API sent among or
// beside the statistics (appearances and starts under made-up names beside a renamed map, a made-up name
// in the strengths) is shown under the API's name with its value and named in a note, never as a statistic,
// never dropped silently. Each case draws, from the run's seed (printed), where the statistics map is (under
// its name, under a made-up one, or the record flat), which fields sit beside it and under which names,
// whether the statistics are named by key or by label ("Goals (per 90)"), how the glossary reads (whole,
// its names or units unread, not at all) and the strengths' names.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../src/facts/role-catalog.js';
import { createLogger } from '../../src/log.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { untabulate } from '../../src/mcp/tabular.js';
import getPlayer from '../../tools/get-player.js';
import { textOf } from '../support/mcp.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, KEY, mockUpstream, type Upstream } from './helpers.js';

const STATISTICS: Readonly<Record<string, { name: string; unit: string }>> = {
  goals: { name: 'Goals', unit: 'per 90' },
  xg: { name: 'Expected goals', unit: 'per 90' },
  key_passes: { name: 'Key passes', unit: 'per 90' },
  tackles: { name: 'Tackles won', unit: 'per 90' },
  pass_completion_pct: { name: 'Pass completion', unit: '%' },
  progressive_carries: { name: 'Progressive carries', unit: 'per 90' },
};
const SYLLABLES = ['na', 've', 'sis', 'vu', 'pon', 'gei', 'dei', 'res', 'zou', 'kor', 'tam', 'bi'];
const CASES = FULL_RUN ? 200 : 30;

type MapAt = 'statistics' | 'made-up' | 'flat';
type GlossaryRead = 'whole' | 'names unread' | 'units unread' | 'unread';

interface Drawn {
  mapAt: MapAt;
  glossary: GlossaryRead;
  /** The statistics map's names: the glossary's keys, or its labels. */
  byLabel: boolean;
  statistics: Record<string, number>;
  /** Numbers beside the map: the field's meaning (appearances, starts, other) and the name sent. */
  beside: { meaning: string; name: string; value: number }[];
  strengths: { statistic: string; value: number; percentile: number }[];
  /** The strengths' names that are no statistic of the glossary's. */
  madeUpStrengths: string[];
}

function draw(seed: string): Drawn {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const used = new Set<string>();
  const word = (): string => {
    const made = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
    if (used.has(made)) return word();
    used.add(made);
    return made;
  };
  const keys = Object.keys(STATISTICS).filter(() => random() < 0.7);
  const statistics = Object.fromEntries(keys.map((k) => [k, Math.round(random() * 500) / 100]));
  const beside: Drawn['beside'] = [];
  for (const meaning of ['appearances', 'starts', 'other']) {
    if (random() < 0.25) continue;
    // appearances under its own name is a field the reader knows; starts and the rest it does not.
    const name = meaning === 'other' || random() < 0.6 ? word() : meaning;
    beside.push({ meaning, name, value: 1 + Math.floor(random() * 30) });
  }
  const madeUpStrengths = random() < 0.5 ? [word()] : [];
  const strengths = [...keys.slice(0, 2), ...madeUpStrengths].map((statistic) => ({
    statistic,
    value: Math.round(random() * 500) / 100,
    percentile: Math.floor(random() * 100),
  }));
  const mapAt = pick(['statistics', 'made-up', 'flat'] as const);
  return {
    mapAt,
    glossary: pick(['whole', 'names unread', 'units unread', 'unread'] as const),
    // Labels only inside a map: a flat record's names are the row's own fields.
    byLabel: mapAt !== 'flat' && random() < 0.4,
    statistics,
    beside,
    strengths,
    madeUpStrengths,
  };
}

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

function answerWith(path: string, data: unknown, status = 200) {
  upstream.pool
    .intercept({ path: (p) => p.split('?')[0] === path, method: 'GET' })
    .reply(status, JSON.stringify(data), { headers: JSON_HEADERS })
    .persist();
}

/** A statistic's name in the API's map: its key, or its glossary label ("Goals (per 90)"). */
function written(drawn: Drawn, key: string): string {
  const words = STATISTICS[key];
  return drawn.byLabel && words ? `${words.name} (${words.unit})` : key;
}

function serve(drawn: Drawn) {
  answerWith('/v1/players/p0', {
    data: { player_id: 'p0', service_id: 'ds_aaaaaaaaaaaaaaaa', name: 'Player 0', club: 'Club 0', age: 24 },
  });
  const beside = Object.fromEntries(drawn.beside.map((b) => [b.name, b.value]));
  const statistics = Object.fromEntries(
    Object.entries(drawn.statistics).map(([key, value]) => [written(drawn, key), value]),
  );
  const head = { player_id: 'p0', service_id: 'ds_aaaaaaaaaaaaaaaa', minutes: 1200, per: '90 minutes' };
  const record =
    drawn.mapAt === 'flat'
      ? { ...head, ...beside, ...statistics }
      : {
          ...head,
          ...beside,
          [drawn.mapAt === 'statistics' ? 'statistics' : 'tuvaleik']: statistics,
        };
  answerWith('/v1/players/p0/statistics', { data: record });
  answerWith('/v1/players/p0/strengths', {
    data: { strengths: drawn.strengths, weaknesses: [] },
  });
  const entries = Object.entries(STATISTICS).map(([key, { name, unit }]) =>
    drawn.glossary === 'names unread'
      ? { key, kind: 'statistic', bezeichnung: name, unit }
      : drawn.glossary === 'units unread'
        ? { key, kind: 'statistic', name, einheit: unit }
        : { key, kind: 'statistic', name, unit },
  );
  if (drawn.glossary === 'unread') answerWith('/v1/glossary', { error: 'down' }, 500);
  else answerWith('/v1/glossary', { data: entries });
}

function context(): ToolContext {
  return {
    api: clientFor(upstream, { retries: 0 }),
    roles: undefined as unknown as RoleCatalog,
    logger: createLogger('silent', [KEY]),
    signal: new AbortController().signal,
    progress: () => undefined,
  };
}

describe('named numbers of a player in their place', () => {
  it.each(Array.from({ length: CASES }, (_, i) => i))('case %i', async (i) => {
    const seed = `${SAMPLE_SEED}:statistic-placement:${i}`;
    const drawn = draw(seed);
    serve(drawn);
    const result: CallToolResult = await getPlayer.handle(
      { player_id: 'p0', sections: ['statistics', 'strengths'] },
      context(),
    );
    const text = textOf(result);
    const what = `seed ${seed}: ${JSON.stringify(drawn)}\n${text}`;
    expect(result.isError, what).toBeFalsy();
    // biome-ignore lint/suspicious/noExplicitAny: tests read structured content loosely
    const body = untabulate(result.structuredContent) as any;
    const statistics = body.data.statistics as {
      values: Record<string, number | null>;
      unplaced?: Record<string, number | null>;
    };
    const notes: string[] = body.notes ?? [];
    const noted = (name: string) => notes.some((n) => n.includes(`"${name}"`) && /could not place/.test(n));
    // Every statistic under its key with its value, or, a label the glossary did not tie, under the label
    // with the note saying so: never apart.
    const labelsKept = notes.some((n) => /label the glossary did not tie to a key/.test(n));
    for (const [key, value] of Object.entries(drawn.statistics)) {
      const name = written(drawn, key);
      const shown = statistics.values[key] ?? (labelsKept ? statistics.values[name] : undefined);
      expect(shown, `${key}: ${what}`).toBe(value);
      expect(statistics.unplaced?.[name], `${name}: ${what}`).toBeUndefined();
    }
    // The line of statistics under the heading; with none, that line is the one of the numbers not placed.
    const statisticsLine = text
      .split('\n')
      .find((line, n, lines) => lines[n - 1]?.startsWith('### Statistics') && !line.startsWith('Not placed'));
    for (const b of drawn.beside) {
      // Never a statistic, in either form.
      expect(Object.keys(statistics.values), `${b.name}: ${what}`).not.toContain(b.name);
      expect(statisticsLine ?? '', `${b.name}: ${what}`).not.toMatch(new RegExp(`\\b${b.name}\\b`));
      const placed = statistics.unplaced?.[b.name];
      if (placed !== undefined) {
        expect(placed, `${b.name}: ${what}`).toBe(b.value);
        expect(noted(b.name), `${b.name} not named in a note: ${what}`).toBe(true);
        expect(text, what).toMatch(new RegExp(`under the API's names: .*\\b${b.name} ${b.value}\\b`));
      }
      // Read flat (no map under a name read), the record's own numbers are shown apart: never dropped unsaid.
      // appearances under its own name is read as such (the plain answer shows it nowhere).
      if (drawn.mapAt !== 'statistics' && b.name !== 'appearances')
        expect(placed, `${b.name} dropped: ${what}`).toBe(b.value);
    }
    // A strength under a name no statistic of the glossary's: kept under the API's name, and said so.
    const listed = (body.data.strengths.strengths as { statistic: string | null }[]).map((s) => s.statistic);
    for (const name of drawn.madeUpStrengths) {
      expect(listed, what).toContain(name);
      expect(noted(name), `${name} not named in a note: ${what}`).toBe(true);
    }
    for (const key of drawn.strengths.map((s) => s.statistic))
      if (!drawn.madeUpStrengths.includes(key)) expect(noted(key), `${key}: ${what}`).toBe(false);
  });
});

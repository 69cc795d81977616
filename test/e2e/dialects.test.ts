// Every tool, end to end through the SDK client, on every sandbox dialect (other faithful readings
// of the spec: French field names, nested objects, numeric ids, minimal rows, bare records, a capped
// limit, scores on a 0–1 scale, names spelt with ø, ß, æ…, camelCase names, resource objects): no error,
// no row left out, no column left blank beside fields nothing read, and the values the standard answer
// shows are shown again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/lib/fold.js';
import { SANDBOX_DIALECTS } from '../../src/sandbox/dialects/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import {
  call,
  closeSandboxSession,
  openSandboxSession,
  type SandboxSession,
  sandboxClient,
  structured,
  textOf,
  useSandboxSession,
} from '../support/mcp.js';
import { sample } from '../support/sample.js';
import { type Ids, idsOf, PLANS } from '../support/tool-plans.js';

/** Fields whose values every dialect but `minimal` keeps; `minimal` keeps what the spec requires. */
const COMPARED = [
  'name',
  'club',
  'league',
  'season',
  'score',
  'rank',
  'age',
  'minutes',
  'value_eur',
  'similarity',
];
const RANKING_ENTRY = ['rank', 'name', 'club', 'age', 'score'];
const IDENTITY = ['player_id', 'service_id'];
const minimalFields = (tool: string) => (tool.startsWith('rank_') ? RANKING_ENTRY : IDENTITY);

/** The scores `unit-scale` gives / 100 (on 0–1); a statistic ranking's score is a value. */
const UNIT_SCALED = new Set(['score', 'performance_index', 'projected_score', 'current_score', 'delta']);
/** Scores on 0–1 shown in tables (similarity is on 0–1 on the standard too): each shown as given. */
const ON_UNIT = new Set(['score', 'projected_score', 'current_score', 'delta', 'similarity']);
const unitScaled = (dialect: string, tool: string) =>
  dialect === 'unit-scale' && tool !== 'rank_players_by_statistic' ? UNIT_SCALED : new Set<string>();

interface Reading {
  /** Fields given / 100: shown here × 100, to compare with the standard's. */
  scaled?: ReadonlySet<string>;
  /** Names compared folded (the `unicode` dialect spells them with ø, ß, æ…). */
  folded?: boolean;
}

/** "field=value" for each compared field anywhere in `data` (numbers to 2 decimals). */
function values(
  data: unknown,
  fields: readonly string[],
  reading: Reading = {},
  out: string[] = [],
): string[] {
  if (Array.isArray(data)) for (const item of data) values(item, fields, reading, out);
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (fields.includes(key) && typeof value === 'number') {
        const shown = reading.scaled?.has(key) ? value * 100 : value;
        out.push(`${key}=${shown.toFixed(2)}`);
      } else if (fields.includes(key) && typeof value === 'string') {
        out.push(`${key}=${reading.folded && key === 'name' ? fold(value) : value}`);
      } else values(value, fields, reading, out);
    }
  }
  return out;
}

/** Every number of `fields` anywhere in `data`. */
function numbersOf(data: unknown, fields: ReadonlySet<string>, out: number[] = []): number[] {
  if (Array.isArray(data)) for (const item of data) numbersOf(item, fields, out);
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (fields.has(key) && typeof value === 'number') out.push(value);
      else numbersOf(value, fields, out);
    }
  }
  return out;
}

/** Tools whose text shows every score of their data in a table. */
const SCORES_IN_TEXT = new Set(['rank_players_by_role', 'fit_score', 'get_player', 'scouting_report']);

let standard: SandboxSession;
let standardIds: Ids;
const expected = new Map<string, ReturnType<typeof structured>>();

beforeAll(async () => {
  standard = await openSandboxSession();
  standardIds = await idsOf(standard.client);
  for (const [tool, args] of PLANS)
    expected.set(tool, structured(await call(standard.client, tool, args(standardIds))));
}, 60_000);

afterAll(async () => {
  await closeSandboxSession(standard);
});

// Every dialect through every plan is long: `npm test` takes a sample of the dialects drawn from the run's
// seed (printed), `npm run test:full` takes them all.
const DIALECTS = sample(
  'dialects through every tool',
  SANDBOX_DIALECTS.filter((d) => d !== 'standard'),
  5,
);

describe.each(DIALECTS)('the %s dialect', (dialect) => {
  let session: SandboxSession;
  let ids: Ids;

  beforeAll(async () => {
    session = await openSandboxSession({ dialect });
    const own = await idsOf(session.client);
    ids = { ...own, name: standardIds.name, club: own.club ?? standardIds.club };
  }, 60_000);

  afterAll(async () => {
    await closeSandboxSession(session);
  });

  it.each(PLANS)('%s answers, and shows the values of the standard answer', async (tool, args) => {
    const result = await call(session.client, tool, args(ids));
    expect(result.isError, textOf(result)).toBeFalsy();
    const got = structured(result);
    const want = expected.get(tool);
    expect(JSON.stringify(got.notes ?? [])).not.toMatch(
      /left out|could not be read|unavailable|seems to name/,
    );
    // `minimal` drops fields the spec does not require and keeps others nothing reads (a key_prefix):
    // by the rule, a field lacking beside fields unread is unread, and named.
    if (dialect !== 'minimal') expect(JSON.stringify(got.notes ?? [])).not.toMatch(/Could not read/);
    expect(got.failed_sections, JSON.stringify(got.failed_sections)).toBeUndefined();
    expect(textOf(result)).not.toMatch(/unreadable/);
    expect(got.quota.reset).toBe(want.quota.reset);
    if (tool === 'quota_status' || tool === 'my_account') return;
    const fields = dialect === 'minimal' ? minimalFields(tool) : COMPARED;
    const folded = dialect === 'unicode';
    const shown = new Set(values(got.data, fields, { scaled: unitScaled(dialect, tool), folded }));
    const missing = values(want.data, fields, { folded }).filter((v) => !shown.has(v));
    expect(missing, `${tool} on ${dialect}`).toEqual([]);
    const text = textOf(result);
    for (const name of values(want.data, ['name'])
      .slice(0, 5)
      .map((v) => v.slice(5))) {
      if (dialect !== 'minimal' || tool.startsWith('rank_'))
        if (folded) expect(fold(text)).toContain(fold(name));
        else expect(text).toContain(name);
    }
    // A 0–1 score is shown as given (3 decimals at most here): different scores never print alike.
    if (dialect === 'unit-scale' && SCORES_IN_TEXT.has(tool)) {
      const scores = numbersOf(got.data, ON_UNIT);
      expect(scores.length, tool).toBeGreaterThan(0);
      for (const score of scores)
        expect(text, `${tool}: ${score}`).toMatch(
          new RegExp(`(^|[^\\d.])${String(score).replace('.', '\\.')}([^\\d]|$)`),
        );
    }
  });

  it.runIf(dialect === 'throttled' || dialect === 'gateway')(
    "met the wire's own habits on the way (a throttle's 429s, a gateway's 502s), and read through them",
    () => {
      const statuses = session.sandbox.requests().map((r) => r.status);
      expect(statuses).toContain(dialect === 'throttled' ? 429 : 502);
    },
  );

  it.runIf(['slashed', 'maintenance', 'linked', 'offset'].includes(dialect))(
    "met the deployment's HTTP habits (redirects, a maintenance 503, header or offset paging), and read through them",
    () => {
      const requests = session.sandbox.requests();
      if (dialect === 'slashed') {
        expect(requests.map((r) => r.status)).toContain(307);
        // The slash form is learned: most requests go straight there.
        const redirected = requests.filter((r) => r.status === 307).length;
        expect(redirected).toBeLessThan(requests.length / 2);
      }
      if (dialect === 'maintenance') expect(requests.map((r) => r.status)).toContain(503);
      if (dialect === 'linked') expect(requests.some((r) => /[?&]page=\d/.test(r.path))).toBe(true);
      if (dialect === 'offset') expect(requests.some((r) => /[?&]offset=\d/.test(r.path))).toBe(true);
    },
  );
});

describe('the unicode dialect: names spelt at home are found by their plain spelling', () => {
  const session = useSandboxSession({ dialect: 'unicode' });

  /** How a reader without the letters types the name: "Martin Ødegård" → "Martin Odegard". */
  const PLAIN: Record<string, string> = {
    ø: 'o',
    Ø: 'O',
    ß: 'ss',
    æ: 'ae',
    œ: 'oe',
    þ: 'th',
    Þ: 'Th',
    ł: 'l',
    Ł: 'L',
    đ: 'd',
    ı: 'i',
  };
  const plain = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[øØßæœþÞłŁđı]/g, (c) => PLAIN[c] ?? c);

  it('resolve_players and search_players take "Odegard" for "Ødegård"', async () => {
    const ranked = structured(
      await call(session.client, 'rank_players_by_role', {
        role: 'ailier_provocateur',
        league: 'Ligue 1',
        limit: 30,
      }),
    ).data as { name: string; club: string; service_id: string | null }[];
    const spelt = ranked.filter((e) => e.service_id && /[øßæœþłđı]/i.test(e.name));
    expect(spelt.length, 'players spelt with ø, ß, æ, œ, þ, ł, đ, ı').toBeGreaterThan(0);
    for (const player of spelt.slice(0, 3)) {
      const asked = plain(player.name);
      expect(asked).not.toBe(player.name);
      const resolved = await call(session.client, 'resolve_players', {
        players: [{ name: asked, club: player.club }],
      });
      expect(resolved.isError, textOf(resolved)).toBeFalsy();
      expect(structured(resolved).data, asked).toMatchObject([
        { status: 'resolved', service_id: player.service_id },
      ]);
      const found = structured(
        await call(session.client, 'search_players', { query: asked, league: 'Ligue 1' }),
      );
      expect(
        found.data.map((p: { service_id: string }) => p.service_id),
        asked,
      ).toContain(player.service_id);
    }
  });
});

describe('the paged dialect (25-row pages, a silent clamp of limit, cursor and next link)', () => {
  const session = useSandboxSession({ dialect: 'paged' });

  it('list_leagues reads every page: all the leagues, and says how many pages it read', async () => {
    const all = structured(await call(standard.client, 'list_leagues', { limit: 200 }));
    const result = await call(session.client, 'list_leagues', { limit: 200 });
    const got = structured(result);
    expect(got.data.length).toBe(all.data.length);
    expect(got.data.length).toBeGreaterThan(100);
    expect(got.total).toBe(all.data.length);
    expect(textOf(result)).toContain(
      `${all.data.length} leagues (of ${all.data.length} this key can access)`,
    );
    expect(JSON.stringify(got.notes)).toMatch(/pages read/);
  });

  it('a ranking longer than one page is read over as many pages as the limit needs', async () => {
    const args = { role: 'faux_9', league: 'Ligue 1', limit: 60 };
    const want = structured(await call(standard.client, 'rank_players_by_role', args));
    const before = session.sandbox.requestCount();
    const got = structured(await call(session.client, 'rank_players_by_role', args));
    expect(got.data.map((e: { name: string }) => e.name)).toEqual(
      want.data.map((e: { name: string }) => e.name),
    );
    // Three pages of 25 for 60 rows (the role check may add its enums request once).
    expect(session.sandbox.requestCount() - before).toBeLessThanOrEqual(4);
    expect(got.has_more).toBe(true);
  });

  it('with a small max-pages budget, list_leagues says how many it read and that more exist', async () => {
    const sandbox = await startSandbox({ dialect: 'paged', port: 0 });
    const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, { config: { maxPages: 2 } });
    try {
      const result = await call(client, 'list_leagues', { limit: 200 });
      const got = structured(result);
      expect(got.data).toHaveLength(50);
      expect(got.total).toBeNull();
      expect(got.has_more).toBe(true);
      expect(sandbox.requestCount()).toBe(2);
      const text = textOf(result);
      expect(text).toContain('50 leagues shown (50 read); more may exist');
      expect(text).toMatch(
        /2 pages read, the most one list read follows \(the max-pages setting\) \(50 rows read; more exist\)/,
      );
      expect(text).not.toMatch(/of 50/);
    } finally {
      await close();
      await sandbox.close();
    }
  });

  it.each(['linked', 'offset'] as const)(
    'on %s paging (a total in a header or a wrapper), a list cut by the budget is never called whole',
    async (dialect) => {
      const sandbox = await startSandbox({ dialect, port: 0 });
      const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, {
        config: { maxPages: 2 },
      });
      try {
        const result = await call(client, 'list_leagues', { limit: 200 });
        const got = structured(result);
        expect(got.data).toHaveLength(40);
        expect(got.total).toBeNull();
        expect(got.has_more).toBe(true);
        const text = textOf(result);
        expect(text).not.toMatch(/this key can access/);
        // The API's own total is named beside what was read.
        expect(text).toMatch(/\(40 of \d{3} rows read\)/);
      } finally {
        await close();
        await sandbox.close();
      }
    },
  );
});

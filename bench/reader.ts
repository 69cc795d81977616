// 8. The tolerant reader alone: a 100-row ranking page read (folded names, resource objects, the
// coverage the completeness guard uses), warm, with no network or MCP around it. Target ≤ 0.5 ms for
// the page as the sandbox sends it; the camelCase and resource-object pages for information.
// Alone: `npx tsx bench/reader.ts`.
import { pathToFileURL } from 'node:url';
import { aliasSet } from '../src/api/reader/aliases.js';
import { readAnswer } from '../src/api/reader/index.js';
import { learnedTable } from '../src/api/reader/learning.js';
import { RankingsResponse, ScoutingResponse } from '../src/api/schemas.js';
import { NamesLearned } from '../src/facts/names-learned.js';
import { type Row, row } from './report.js';
import { median } from './stats.js';

const TARGET_MS = 0.5;
const ROWS = 100;

function standardRow(i: number) {
  return {
    rank: i + 1,
    name: `Player ${i}`,
    club: `Club ${i % 20}`,
    age: 18 + (i % 17),
    score: 90 - i * 0.3,
    player_id: `p20q0${i.toString(36).padStart(6, '0')}`,
    service_id: `ds_${i.toString(36).padStart(16, '0')}`,
    league: 'Ligue 1',
    season: '26-27',
    minutes: 400 + i * 7,
    position: 'forward',
    competition: 'league',
    team_id: `t0q0${(i % 20).toString(36).padStart(4, '0')}`,
    nationality: 'France',
    role: 'faux_9',
  };
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const PAGES: Record<string, () => unknown> = {
  standard: () => ({ data: Array.from({ length: ROWS }, (_, i) => standardRow(i)), meta: { eligible: 306 } }),
  camelCase: () => ({
    data: Array.from({ length: ROWS }, (_, i) =>
      Object.fromEntries(Object.entries(standardRow(i)).map(([k, v]) => [camel(k), v])),
    ),
  }),
  resource: () => {
    const rows = Array.from({ length: ROWS }, (_, i) => standardRow(i));
    return {
      data: rows.map(({ player_id, service_id, name, age, ...rest }, i) => ({
        type: 'ranking-entry',
        id: `re_${i}`,
        attributes: rest,
        relationships: { player: { data: { type: 'player', id: player_id } } },
      })),
      included: rows.map(({ player_id, service_id, name, age }) => ({
        type: 'player',
        id: player_id,
        attributes: { service_id, name, age },
      })),
    };
  },
};

/** Median ms of one page read, each read on a fresh parse of the page's JSON (as a miss would). */
function measure(page: () => unknown, runs = 400): number {
  const json = JSON.stringify(page());
  const times: number[] = [];
  for (let i = 0; i < runs + 100; i++) {
    const raw = JSON.parse(json);
    const t0 = performance.now();
    readAnswer(RankingsResponse, raw, 'GET /v1/rankings');
    if (i >= 100) times.push(performance.now() - t0);
  }
  return median(times);
}

/** Idle time before each read of `measureAfterIdle`: the far rows' upstream latency (benchmark 1). */
const IDLE_MS = 30;

/**
 * Median ms of the page's JSON.parse and of its reading, each after the process slept IDLE_MS (as a miss
 * 30 ms away finds it), warmed first: what the idle wait alone does to the same work, nothing else running.
 */
async function measureAfterIdle(page: () => unknown, runs = 150): Promise<{ parse: number; read: number }> {
  const json = JSON.stringify(page());
  for (let i = 0; i < 300; i++) readAnswer(RankingsResponse, JSON.parse(json), 'GET /v1/rankings');
  const parse: number[] = [];
  const read: number[] = [];
  for (let i = 0; i < runs; i++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const t0 = performance.now();
    const raw = JSON.parse(json);
    const t1 = performance.now();
    readAnswer(RankingsResponse, raw, 'GET /v1/rankings');
    read.push(performance.now() - t1);
    parse.push(t1 - t0);
  }
  return { parse: median(parse), read: median(read) };
}

/**
 * Median ms of a page read with learning on, as the client does it (src/api/client.ts): the reading,
 * then the learner shown the answer (facts of a ranking taken, empty fields looked for), and a second
 * reading with the names it learned when it learned some.
 */
function measureLearning(route: string, page: () => unknown, runs = 400): number {
  const learner = new NamesLearned();
  const ranking = JSON.parse(JSON.stringify(PAGES.standard?.()));
  learner.learn('rankings', ranking, readAnswer(RankingsResponse, ranking, 'r').value, {
    aliases: [],
    unreadable: {},
    dropped: [],
    missing: [],
  });
  const schema = route === 'rankings' ? RankingsResponse : ScoutingResponse;
  const json = JSON.stringify(page());
  const times: number[] = [];
  // The client keeps its alias set and rebuilds it only when a name was learned.
  let aliases = aliasSet(learnedTable(learner.learned));
  for (let i = 0; i < runs + 100; i++) {
    const raw = JSON.parse(json);
    const t0 = performance.now();
    const first = readAnswer(schema, raw, 'GET /v1/test', aliases);
    if (learner.learn(route, raw, first.value, first.report).length > 0) {
      aliases = aliasSet(learnedTable(learner.learned));
      readAnswer(schema, raw, 'GET /v1/test', aliases);
    }
    if (i >= 100) times.push(performance.now() - t0);
  }
  return median(times);
}

/** The ranking's players as a scouting page whose club and age come under names no alias knows. */
const renamedPage = () => ({
  data: Array.from({ length: ROWS }, (_, i) => {
    const { club, age, ...rest } = standardRow(i);
    return { ...rest, zzKlubb: club, qxYears: age };
  }),
});

export async function benchReader(): Promise<Row[]> {
  const learning = measureLearning('rankings', PAGES.standard as () => unknown);
  const learned = measureLearning('scouting', renamedPage);
  const rows = [
    row(
      '8 reader',
      `reading a ${ROWS}-row ranking page with learning on (facts taken), warm`,
      `${learning.toFixed(3)} ms`,
      `≤ ${TARGET_MS} ms`,
      learning <= TARGET_MS,
    ),
    row(
      '8 reader',
      `reading a ${ROWS}-row page whose club and age are learned from values, warm`,
      `${learned.toFixed(3)} ms`,
      '—',
    ),
  ];
  const readers = readerRows();
  const warm = measure(PAGES.standard as () => unknown);
  const warmParse = measureParse(PAGES.standard as () => unknown);
  const idle = await measureAfterIdle(PAGES.standard as () => unknown);
  const idleRow = row(
    '8 reader',
    `the same page after ${IDLE_MS} ms asleep (as a miss ${IDLE_MS} ms away finds the process): its reading, its JSON.parse`,
    `${idle.read.toFixed(3)} ms (${(idle.read / warm).toFixed(1)} × warm), ${idle.parse.toFixed(3)} ms (${(idle.parse / warmParse).toFixed(1)} × warm)`,
    '—',
  );
  return [...rows, ...readers, idleRow];
}

/** Median ms of the page's JSON.parse, warm. */
function measureParse(page: () => unknown, runs = 400): number {
  const json = JSON.stringify(page());
  const times: number[] = [];
  for (let i = 0; i < runs + 100; i++) {
    const t0 = performance.now();
    JSON.parse(json);
    if (i >= 100) times.push(performance.now() - t0);
  }
  return median(times);
}

function readerRows(): Row[] {
  return Object.entries(PAGES).map(([name, page]) => {
    const ms = measure(page);
    return name === 'standard'
      ? row(
          '8 reader',
          `reading a ${ROWS}-row ranking page (as the sandbox sends it), warm`,
          `${ms.toFixed(3)} ms`,
          `≤ ${TARGET_MS} ms`,
          ms <= TARGET_MS,
        )
      : row(
          '8 reader',
          `reading a ${ROWS}-row ranking page, ${name} dialect, warm`,
          `${ms.toFixed(3)} ms`,
          '—',
        );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchReader())
    console.log(`${r.measure}: ${r.figure} (target ${r.target}) ${r.verdict}`);
}

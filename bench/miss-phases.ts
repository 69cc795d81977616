// Where a miss's time goes inside each server: ours and the SDK floor, each with the marks of
// miss-phases-preload.mjs, asked the same new questions one after the other. End-to-end rows say how much
// ours adds; this row says in which phase: before the upstream request (the SDK's dispatch, arguments,
// cache lookup), the upstream request itself, or from the end of its body to the answer's write (reading,
// checks, text). Run on a pair of servers of its own: the preload's marks must not touch the timed rows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectClient } from './direct.js';
import { args, MISS_WARMUP, rankingPaths } from './overhead.js';
import { connectSdkFloor, connectStdio, freshCacheHome, type Upstream } from './processes.js';
import { type Row, row } from './report.js';
import { median, ms } from './stats.js';

const PRELOAD = new URL('./miss-phases-preload.mjs', import.meta.url).pathname;

interface Marks {
  arrived: number;
  requested: number;
  headers?: number;
  body?: number;
  answered: number;
  turned?: number;
}

interface Phases {
  before: number;
  upstream: number;
  after: number;
  following: number;
}

/** Medians of each phase over the calls marked, the warm-up left out. */
function phasesOf(marks: readonly Marks[], warm: number): Phases {
  const measured = marks.slice(warm);
  const of = (f: (m: Marks) => number) => median(measured.map(f));
  return {
    before: of((m) => m.requested - m.arrived),
    upstream: of((m) => (m.body ?? m.answered) - m.requested),
    after: of((m) => m.answered - (m.body ?? m.answered)),
    following: of((m) => (m.turned ?? m.answered) - m.answered),
  };
}

/** `where` names the upstream in the row ('' on loopback). */
export async function missPhases(
  upstream: Pick<Upstream, 'url' | 'key'>,
  count: number,
  where = '',
): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-phases-'));
  const files = { ours: join(dir, 'ours.json'), floor: join(dir, 'floor.json') };
  const direct = new DirectClient(upstream.url, upstream.key, 1);
  try {
    const ours = await connectStdio(upstream, { ...freshCacheHome(), BENCH_PHASES_FILE: files.ours }, [
      PRELOAD,
    ]);
    const floor = await connectSdkFloor(upstream, { BENCH_PHASES_FILE: files.floor }, [PRELOAD]);
    const viaOurs = rankingPaths(ours.client, direct).viaMcp;
    const viaFloor = rankingPaths(floor.client, direct).viaMcp;
    for (let i = 0; i < count + MISS_WARMUP; i++) {
      // The warm-up's questions first, as the timed rows ask them; then the measured ones, alternating which goes first.
      const a = args(i < MISS_WARMUP ? count + i : i - MISS_WARMUP);
      if (i % 2) await viaFloor(a);
      await viaOurs(a);
      if (!(i % 2)) await viaFloor(a);
    }
    await ours.client.close();
    await floor.client.close();
    const read = (file: string) => phasesOf(JSON.parse(readFileSync(file, 'utf8')) as Marks[], MISS_WARMUP);
    return phasesRow(read(files.ours), read(files.floor), `${where}medians of ${count}`);
  } finally {
    await direct.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function phasesRow(ours: Phases, floor: Phases, what: string): Row {
  const pair = (o: number, f: number) => `ours ${ms(o)} / floor ${ms(f)}`;
  const added = ours.before - floor.before + (ours.after - floor.after);
  return row(
    '1 overhead',
    `where a miss's time goes inside each server (marks in the process; ${what}, on servers of their own)`,
    [
      `arrival to the upstream request ${pair(ours.before, floor.before)}`,
      `the upstream request to its body's end ${pair(ours.upstream, floor.upstream)}`,
      `the body's end to the answer's write ${pair(ours.after, floor.after)}`,
      `ours adds ${ms(added)} of its own work before the answer`,
      `after the write, before the next turn of the event loop ${pair(ours.following, floor.following)}`,
    ].join('; '),
    '—',
  );
}

// Test support: the generated-styles harness. For a style spec (src/sandbox/styles/), a sandbox in that
// style (same world, same week as the plain one), a client on it, every tool's typical call, and the
// findings of comparing each answer with the plain sandbox's (facts.ts).
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import { respellNames } from '../../src/sandbox/dialects/unicode.js';
import { styleOf } from '../../src/sandbox/styles/index.js';
import { breaches, compareFacts, type Finding, notesOf, playerIdsOf, type SurelyRead } from './facts.js';
import {
  call,
  closeSandboxSession,
  openSandboxSession,
  type SandboxSession,
  structured,
  textOf,
} from './mcp.js';
import { saidFindings } from './said-words.js';
import { FULL_RUN } from './sample.js';
import { idsAsPlain, idsAsStyled, textIdsAsPlain } from './styled-ids.js';
import { plainSpeltAll, sameSpelt } from './styled-names.js';
import { completenessFindings, placeholderFindings, proseFindings } from './text-facts.js';
import { callName, HARNESS_CALLS, type Ids, idsOf, type Plan } from './tool-plans.js';
import { isUnranked, unrankedFindings } from './unranked.js';

/**
 * What the readers cannot do yet, in one place (each piece named in src/sandbox/styles/registry.ts, with
 * what it breaks today); the run prints both lists. Empty them as the readers learn.
 *
 * KNOWN_UNREAD: on a style with one of these pieces, a blank without a note naming it is allowed, and so
 * is an error; a different fact, an extra row, a number left as text or a placeholder the note names never is.
 */
export const KNOWN_UNREAD: Readonly<Record<string, string>> = {};

/**
 * MUST_READ: values a piece writes in a form the readers read. On a style with the piece, a blank where
 * the plain answer has such a value is a breach even when a note names it, unless a piece hides the
 * field's name from every reader (`rename`'s made-up words, `group`'s word flattened into it by `underscored`).
 */
const MUST_READ: Readonly<Record<string, (f: Finding) => boolean>> = {
  dates: (f) => typeof f.plain === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f.plain),
  amounts: (f) => typeof f.plain === 'number' && /_eur$/.test(f.path),
};

/**
 * Pieces that may write a MUST_READ value as a text no reader may decide ("24,213 M€", "24.213"): 24 213 or
 * 24.213 millions, unread by rule.
 */
const AS_TEXT = ['display', 'strings'];

/**
 * An amount beyond any reader: its scale written as a field of the row under a made-up name (`rename`),
 * and the amount itself as a text ("220.695", `strings` or `display`), which by rule is 220 695 euros when
 * no scale is said. Its value's findings are not the readers' to fix; everything else still is.
 */
function undecidableAmount(description: string, pieces: readonly string[]): (f: Finding) => boolean {
  const unknowable =
    /as made-up words/.test(description) &&
    /amounts: amounts in euros written as (fields of their own|one currency and unit)/.test(description) &&
    pieces.some((p) => AS_TEXT.includes(p));
  return (f) => unknowable && /_eur$/.test(f.path);
}

function unreadThatMustBeRead(pieces: readonly string[], findings: readonly Finding[]): Finding[] {
  // A field moved under a word no reader knows, then flattened with `_` (`profile_birth_date`), has lost
  // its name as surely: it is named unread, as a made-up word's.
  if (pieces.includes('rename') || (pieces.includes('group') && pieces.includes('underscored'))) return [];
  const asText = pieces.some((p) => AS_TEXT.includes(p));
  const musts = pieces.flatMap((piece) => (piece === 'amounts' && asText ? [] : (MUST_READ[piece] ?? [])));
  return findings.filter((f) => f.kind === 'blank' && f.noted && musts.some((must) => must(f)));
}

/**
 * SAMPLE_LEAVES_OUT: pieces that make some tool show a different fact today. `npm test` and `npm run
 * test:full` draw their styles without them (`s7:-reorder,…`), so both stay a gate; a replay, or
 * FOOTBALL_TEST_STYLE_ALL=1, takes them, and fails until the readers are fixed.
 */
export const SAMPLE_LEAVES_OUT: Readonly<Record<string, string>> = {};

/** Pieces that make the client wait on the clock: a burst limit's or a maintenance window's Retry-After. */
const WAITING_PIECES = ['throttle', 'maintenance'];

/**
 * `spec` without the pieces that make the client wait on the clock, in `npm test`: for a case about what
 * an answer shows, not about waiting (waits are the reliability tests' and the throttled dialect's, and
 * cost seconds each). Every other piece draws as before (each from its own stream). A spec naming its
 * pieces keeps them, and `npm run test:full` keeps every piece.
 */
export function withoutWaits(spec: string): string {
  if (FULL_RUN || spec.includes(':')) return spec;
  return `${spec}:${WAITING_PIECES.map((p) => `-${p}`).join(',')}`;
}

export interface ToolOutcome {
  tool: string;
  /** The call's name: the tool, and its variant for a branch beyond its typical call (tool-plans.ts). */
  call: string;
  /** The styled answer's error text, when it failed where the plain one answered. */
  error?: string;
  findings: Finding[];
  /** The findings that break the property on this style. */
  breaches: Finding[];
  /** The styled answer's structured content, when it answered. */
  styled?: unknown;
}

export interface StyleRun {
  spec: string;
  description: string;
  pieces: readonly string[];
  outcomes: ToolOutcome[];
}

/** A plain answer of each call, by call name: what every styled run is compared with. */
export type PlainAnswers = ReadonlyMap<string, CallToolResult>;

/** What every style of a test file is compared with: the plain sandbox's answers, its ids and its world. */
export interface PlainRun {
  answers: PlainAnswers;
  ids: Ids;
  world: PlainWorld;
}

/**
 * Opens the plain sandbox once for the file (beforeAll), makes `calls` on it (every harness call unless
 * told), closes it after. Every style of the file is run on the same calls.
 */
export function usePlainRun(calls: readonly Plan[] = HARNESS_CALLS): () => PlainRun {
  let session: SandboxSession | undefined;
  let run: PlainRun | undefined;
  beforeAll(async () => {
    session = await openSandboxSession();
    const ids = await idsOf(session.client);
    const answers = await answersOf(session.client, ids, calls);
    run = { answers, ids, world: { url: session.sandbox.url, key: session.sandbox.demoKey } };
  }, 90_000);
  afterAll(async () => {
    if (session) await closeSandboxSession(session);
  });
  return () => {
    if (!run) throw new Error('the plain answers are made in beforeAll');
    return run;
  };
}

/** `calls` on `client`, in order (the watchlist is made before it is reported on). */
export async function answersOf(
  client: Client,
  ids: Ids,
  calls: readonly Plan[],
): Promise<Map<string, CallToolResult>> {
  const out = new Map<string, CallToolResult>();
  for (const plan of calls) out.set(callName(plan), await call(client, plan[0], plan[1](ids)));
  return out;
}

/** Runs every tool on a sandbox in the style `spec` and compares each answer with the plain one. */
/** The plain sandbox, asked for a player_id's service_id where a styled answer shows only the former. */
export interface PlainWorld {
  readonly url: string;
  readonly key: string;
}

/** What the plain world answered for each player_id asked: its service_id, or null (none, or no such row). */
const personsAsked = new WeakMap<PlainWorld, Map<string, string | null>>();

async function personsOf(world: PlainWorld, playerIds: Iterable<string>): Promise<Map<string, string>> {
  let asked = personsAsked.get(world);
  if (!asked) {
    asked = new Map();
    personsAsked.set(world, asked);
  }
  const out = new Map<string, string>();
  for (const id of playerIds) {
    if (!asked.has(id)) {
      const res = await fetch(`${world.url}/v1/players/${encodeURIComponent(id)}`, {
        headers: { 'X-API-Key': world.key },
      });
      const body = (await res.json()) as { data?: { service_id?: unknown } };
      asked.set(id, res.ok && typeof body.data?.service_id === 'string' ? body.data.service_id : null);
    }
    const person = asked.get(id);
    if (typeof person === 'string') out.set(id, person);
  }
  return out;
}

/**
 * Tools that read one whole list the styles serve in the plain list's order (no piece reorders it): the
 * route, and the field that ties the tool's row to the API's row.
 */
const READ_IN_ORDER: Readonly<Record<string, { path: string; field: string }>> = {
  get_glossary: { path: '/v1/glossary', field: 'key' },
  list_leagues: { path: '/v1/leagues', field: 'name' },
};

/**
 * The plain rows a styled read of `tool` surely took from the API: the list's first rows, as many as
 * the notes say were read ("40 rows read", "10 of 60 rows read"); none where that cannot be told.
 */
async function surelyReadBy(world: PlainWorld, tool: string, notes: readonly string[]): Promise<SurelyRead> {
  const list = READ_IN_ORDER[tool];
  const counts = notes.flatMap((n) =>
    [...n.matchAll(/(\d+) (?:of \d+ )?rows read/g)].map((m) => Number(m[1])),
  );
  if (!list || counts.length === 0) return () => false;
  const res = await fetch(`${world.url}${list.path}`, { headers: { 'X-API-Key': world.key } });
  const body = (await res.json()) as { data?: Record<string, unknown>[] };
  const read = new Set((body.data ?? []).slice(0, Math.min(...counts)).map((row) => row[list.field]));
  return (row) => read.has(row[list.field]);
}

export async function runStyle(
  spec: string,
  plain: PlainAnswers,
  ids: Ids,
  world: PlainWorld,
  {
    strict = false,
    calls: made = HARNESS_CALLS,
    checked,
  }: {
    strict?: boolean;
    calls?: readonly Plan[];
    /** The calls whose answers are compared (every call made when not given); the others are only made. */
    checked?: ReadonlySet<string>;
  } = {},
): Promise<StyleRun> {
  const style = styleOf(spec);
  // Strict: what the readers do today, KNOWN_UNREAD aside (the survey).
  const known = !strict && style.pieces.some((p) => Object.hasOwn(KNOWN_UNREAD, p));
  // The calls the plain run made, in the same order.
  const calls = made.filter((plan) => plain.has(callName(plan)));
  const respelt = style.pieces.includes('accents');
  const session = await openSandboxSession({ style: spec });
  try {
    // Ids as the style writes them, as an agent takes them from its answers (styled-ids.ts).
    const answers = await answersOf(session.client, idsAsStyled(spec, ids), calls);
    const outcomes: ToolOutcome[] = [];
    for (const plan of calls) {
      const [tool] = plan;
      const name = callName(plan);
      if (checked && !checked.has(name)) continue;
      const want = plain.get(name) as CallToolResult;
      const got = answers.get(name) as CallToolResult;
      if (want.isError) throw new Error(`${name} failed on the plain sandbox: ${textOf(want)}`);
      if (got.isError) {
        const error = textOf(got).slice(0, 300);
        const finding: Finding = { kind: 'error', path: tool, plain: 'an answer', styled: error };
        outcomes.push({ tool, call: name, error, findings: [finding], breaches: known ? [] : [finding] });
        continue;
      }
      // Names respelt by the style (styled-names.ts): a player's name beside his id is wanted as the API
      // spelt it (the plain answer respelt the sandbox's way), so a name stripped of its letters is a
      // finding; the texts, where names stand in prose and cells, are compared spelt plainly.
      const spelt = respelt ? plainSpeltAll : <T>(value: T) => value;
      const styled = idsAsPlain(structured(got)) as ReturnType<typeof structured>;
      const text = spelt(textIdsAsPlain(textOf(got), structured(got)));
      const wanted = (respelt ? respellNames(structured(want)) : structured(want)) as ReturnType<
        typeof structured
      >;
      const wantedText = spelt(textOf(want));
      const persons = await personsOf(world, playerIdsOf(styled));
      const notes = notesOf(styled);
      // A shortlist over several leagues not ranked across them (scores unread): each league's own facts.
      const findings = isUnranked(tool, styled, notes)
        ? await unrankedFindings(world, plan[1](ids), styled, text, notes, (id) => persons.get(id))
        : [
            ...compareFacts(
              tool,
              wanted,
              styled,
              notes,
              (id) => persons.get(id),
              await surelyReadBy(world, tool, notes),
            ),
            ...placeholderFindings(tool, wantedText, text, notes),
            ...proseFindings(tool, wantedText, text),
          ];
      findings.push(...completenessFindings(tool, styled, text));
      if (style.pieces.includes('says')) findings.push(...saidFindings(tool, text));
      // Facts taken from the plain world itself (a shortlist not ranked across leagues) keep its spelling.
      if (respelt) findings.splice(0, findings.length, ...findings.filter((f) => !sameSpelt(f)));
      outcomes.push({
        tool,
        call: name,
        findings,
        breaches: [
          ...breaches(findings, () => known),
          ...unreadThatMustBeRead(style.pieces, findings),
        ].filter((f) => !undecidableAmount(style.description, style.pieces)(f)),
        styled,
      });
    }
    return { spec, description: style.description, pieces: style.pieces, outcomes };
  } finally {
    await closeSandboxSession(session);
  }
}

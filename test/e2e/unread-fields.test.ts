// Absent is not unread, through the tools: an API that names fields the spec does not fix in German
// (`verein`, `liga`, `trainer`, `tarif`, `staerken`…) and writes one value no reader can read. Every
// answer shows the value of the standard answer or names the field in its one note; none shows an
// unread field as "?", "(null)", "none stand out" or "not given".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import {
  type ClientOnDeps,
  call,
  closeSandboxSession,
  openSandboxSession,
  type SandboxSession,
  sandboxClient,
  structured,
  textOf,
} from '../support/mcp.js';

/** Names the spec does not fix, in German; ranking entries (whose names the spec fixes) keep theirs. */
const GERMAN: Readonly<Record<string, string>> = {
  club: 'verein',
  team: 'mannschaft',
  league: 'liga',
  country: 'land',
  coach: 'trainer',
  nationality: 'staatsangehoerigkeit',
  formation: 'grundordnung',
  plan: 'tarif',
  expires_at: 'gueltig_bis',
  strengths: 'staerken',
  weaknesses: 'schwaechen',
};
/** A value no reader can read: a player's age in words. */
const AGE_IN_WORDS = 'einundzwanzig';

function german(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => german(v));
  if (typeof value !== 'object' || value === null) return key === 'age' ? AGE_IN_WORDS : value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [GERMAN[k] ?? k, k === 'query' ? v : german(v, k)]),
  );
}

/** A proxy in front of the sandbox that answers in German, every route but the rankings. */
async function germanProxy(upstream: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'accept-encoding'].includes(k)),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const text = await answer.text();
    const json = (answer.headers.get('content-type') ?? '').includes('json') && answer.ok;
    const body =
      json && !req.url?.startsWith('/v1/rankings') ? JSON.stringify(german(JSON.parse(text))) : text;
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
    });
    res.writeHead(answer.status, out).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

type Plan = [
  tool: string,
  args: (ids: { team: string; coach: string; player: string }) => Record<string, unknown>,
];
const PLANS: Plan[] = [
  ['get_team', (ids) => ({ team_id: ids.team })],
  ['get_coach', (ids) => ({ coach_id: ids.coach })],
  ['search_teams', () => ({ league: 'Ligue 1', limit: 5 })],
  ['search_coaches', () => ({ league: 'Ligue 1', limit: 5 })],
  ['my_account', () => ({})],
  ['get_player', (ids) => ({ player_id: ids.player, sections: ['strengths'] })],
];

/** Every text value under a renamed field anywhere in `data`. */
function renamedValues(data: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(data)) for (const item of data) renamedValues(item, out);
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      if (key in GERMAN && typeof value === 'string') out.push([key, value]);
      else renamedValues(value, out);
    }
  return out;
}

const PLACEHOLDERS = [/(^|[\s(,;])\?(?=[\s),;]|$)/m, /\(null\)/, /none stand out/, /not given/];

let sandbox: RunningSandbox;
let proxy: Server;
let plain: SandboxSession;
let germanClient: ClientOnDeps;
let ids: { team: string; coach: string; player: string };

beforeAll(async () => {
  plain = await openSandboxSession();
  sandbox = await startSandbox({ port: 0 });
  proxy = await germanProxy(sandbox.url);
  const { port } = proxy.address() as AddressInfo;
  germanClient = await sandboxClient(`http://127.0.0.1:${port}`, sandbox.demoKey);
  const team = structured(await call(plain.client, 'search_teams', { league: 'Ligue 1', limit: 1 })).data[0];
  const coach = structured(await call(plain.client, 'search_coaches', { league: 'Ligue 1', limit: 1 }))
    .data[0];
  const ranked = structured(
    await call(plain.client, 'rank_players_by_role', {
      role: 'ailier_provocateur',
      league: 'Ligue 1',
      limit: 1,
    }),
  ).data[0];
  ids = { team: team.team_id, coach: coach.coach_id, player: ranked.player_id ?? ranked.service_id };
}, 60_000);

afterAll(async () => {
  await germanClient?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await sandbox?.close();
  await closeSandboxSession(plain);
});

describe('fields the API names otherwise, and a value no reader can read', () => {
  it.each(PLANS)('%s shows each value or names its field in one note; no placeholder', async (tool, args) => {
    const want = structured(await call(plain.client, tool, args(ids)));
    const result = await call(germanClient.client, tool, args(ids));
    expect(result.isError, textOf(result)).toBeFalsy();
    const text = textOf(result);
    const notes: string[] = structured(result).notes ?? [];
    const unread = notes.filter((n) => n.startsWith('Could not read'));
    expect(unread.length, notes.join('\n')).toBeLessThanOrEqual(1);
    const note = unread[0] ?? '';
    expect(note.length).toBeLessThanOrEqual(300);
    const body = text.split('\nNote: ')[0] ?? text;
    for (const placeholder of PLACEHOLDERS) expect(body, tool).not.toMatch(placeholder);
    for (const [field, value] of renamedValues(want.data)) {
      if (body.includes(value)) continue;
      expect(note, `${tool}: ${field} "${value}" neither shown nor named`).toContain(`"${field}"`);
    }
    if (tool === 'get_player') {
      expect(body).not.toContain(AGE_IN_WORDS);
      expect(note).toContain('"age"');
      // Read under its German name (the reader knows `staerken`), or named and null in the structured
      // form too: never an empty list that would say the API listed none.
      const section = structured(result).data.strengths;
      if (/"strengths"/.test(note)) expect(section?.strengths).toBeNull();
      else expect(section?.strengths).toEqual(want.data.strengths?.strengths);
    }
  });
});

// The built server through two agent frameworks' MCP clients, the Vercel AI SDK and LangChain, over
// stdio and Streamable HTTP against its embedded sandbox: the tools as each framework converts them,
// and what reaches the model when a tool is called through the framework's own tool objects: no image
// bytes in text, a ranking small enough to read, null read as absent, errors in plain words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullInputSchema } from '../../src/mcp/compact-schema.js';
import { TOOLS } from '../../tools/index.js';
import {
  BASE64_RUN,
  type Framework,
  type FrameworkSession,
  type ModelSees,
  openFramework,
  type ServerAt,
  type Transport,
} from '../support/frameworks.js';
import { spawnHttpServer, stop } from '../support/mcp.js';
import { testServerEnv } from '../support/server-env.js';
import { countTokens } from '../support/tokens.js';
import { argumentSamples, type Schema } from '../support/tool-arguments.js';

/** The target for a 20-row ranking as the model reads it (benchmark 10 of docs/performance.md). */
const RANKING_BUDGET = 1000;

const FRAMEWORKS: Framework[] = ['ai-sdk', 'langchain'];
const TRANSPORTS: Transport[] = ['stdio', 'http'];

let cacheHome: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(() => {
  // The stdio server's file store writes under the cache directory: a fresh one, removed afterwards.
  cacheHome = mkdtempSync(join(tmpdir(), 'fsm-frameworks-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(cacheHome, { recursive: true, force: true });
});

async function serverOver(transport: Transport): Promise<ServerAt> {
  if (transport === 'stdio') {
    const env = testServerEnv({ XDG_CACHE_HOME: cacheHome, FOOTBALL_MCP_LOG_LEVEL: 'warn' });
    return { transport, args: ['--sandbox'], env };
  }
  const { url, child } = await spawnHttpServer(['--sandbox'], { XDG_CACHE_HOME: cacheHome });
  cleanups.push(() => stop(child));
  return { transport, url };
}

function log(label: string, figures: string): void {
  process.stderr.write(`frameworks: ${label}: ${figures}\n`);
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  const sessions = new Map<Framework, FrameworkSession>();

  beforeAll(async () => {
    const server = await serverOver(transport);
    for (const framework of FRAMEWORKS) {
      const session = await openFramework(framework, server);
      cleanups.push(() => session.close());
      sessions.set(framework, session);
    }
  });

  const through = (framework: Framework): FrameworkSession => {
    const session = sessions.get(framework);
    if (!session) throw new Error(`${framework} did not connect`);
    return session;
  };

  describe.each(FRAMEWORKS)('through %s', (framework) => {
    it('lists every tool with its description and an object schema naming its arguments', () => {
      const tools = through(framework).tools() as Record<
        string,
        { description: string; schema: { type?: string; properties?: Record<string, unknown> } }
      >;
      expect(Object.keys(tools)).toEqual(
        expect.arrayContaining(['rank_players_by_role', 'compare_players', 'get_player', 'list_roles']),
      );
      for (const [name, tool] of Object.entries(tools)) {
        expect(tool.schema.type, name).toBe('object');
        expect(tool.description.length, name).toBeGreaterThan(20);
      }
      expect(Object.keys(tools.rank_players_by_role?.schema.properties ?? {})).toEqual(
        expect.arrayContaining(['role', 'league', 'limit']),
      );
    });

    it(`a 20-row ranking reaches the model whole, its text under ${RANKING_BUDGET} tokens`, async () => {
      const seen = await through(framework).callAsModel('rank_players_by_role', {
        role: 'poacher',
        limit: 20,
      });
      const sent = countTokens(seen.text);
      const { text, structured } = SENDS[framework](seen);
      log(
        `${framework} over ${transport}`,
        `20-row ranking: sent ${sent} tokens (text ${countTokens(text)}, structured ${structured ? countTokens(structured) : 0})`,
      );
      expect(rowsIn(text)).toBe(20);
      expect(countTokens(text)).toBeLessThanOrEqual(RANKING_BUDGET);
      // Both hand the model the text blocks alone: LangChain's adapter adds the structured content only
      // to an answer of exactly one text block, and the footer is a block of its own.
      expect(structured).toBeUndefined();
      expect(seen.text).toMatch(/quota: /);
      expect(sent).toBeLessThanOrEqual(RANKING_BUDGET);
    });

    it('no image bytes reach the model, as a part or inside a text', async () => {
      const ranked = await through(framework).callAsModel('rank_players_by_role', {
        role: 'poacher',
        limit: 5,
      });
      const ids = [...new Set(ranked.text.match(/ds_[A-Za-z0-9]+/g) ?? [])].slice(0, 2);
      expect(ids).toHaveLength(2);
      // A comparison is the answer that carries a chart by default.
      const compared = await through(framework).callAsModel('compare_players', { player_ids: ids });
      for (const seen of [ranked, compared]) {
        expect(BASE64_RUN.test(seen.text), 'a base64 run in the text').toBe(false);
        const images = seen.parts.filter((p) => p.kind === 'image').length;
        expect(images, 'image parts handed to the model').toBe(0);
      }
    });

    it('reads null as absent for the optional arguments of every tool', async () => {
      // Real ids for the arguments that name players, found through the framework itself.
      const ranked = await through(framework).callAsModel('rank_players_by_role', { role: 'poacher' });
      const ids = [...new Set(ranked.text.match(/ds_[A-Za-z0-9]{16}/g) ?? [])];
      expect(ids.length).toBeGreaterThanOrEqual(2);
      const { withEveryOptionalNull } = argumentSamples({
        player_id: ids[0],
        player_ids: ids.slice(0, 2),
        players: [{ player_id: ids[0] }],
      });
      for (const tool of TOOLS) {
        const args = withEveryOptionalNull(fullInputSchema(z.object(tool.inputShape)) as Schema);
        const seen = await through(framework).callAsModel(tool.name, args);
        // Neither the framework's own check of the listed schema nor the server's refused a null.
        expect(seen.text, tool.name).not.toMatch(/did not match expected schema|Invalid argument/);
      }
      const limited = await through(framework).callAsModel('rank_players_by_role', {
        role: 'poacher',
        limit: 5,
        league: null,
        season: null,
      });
      expect(rowsIn(SENDS[framework](limited).text), limited.text).toBe(5);
    });

    it('an error reaches the model in plain words that say what to do', async () => {
      const unknownPlayer = await through(framework).callAsModel('get_player', { player_id: 'nope' });
      expect(unknownPlayer.text).toMatch(/no player with that id/i);
      expect(unknownPlayer.text).toContain('resolve_players');
      const unknownRole = await through(framework).callAsModel('rank_players_by_role', {
        role: 'goalhanger',
      });
      expect(unknownRole.text).toContain('list_roles');
      for (const seen of [unknownPlayer, unknownRole]) expect(seen.text).not.toMatch(/\bat .+:\d+:\d+\)/);
    });

    // A model sends only the arguments the framework's schema shows it: the cache's age limit must be one.
    it('shows max_cache_age_s on every tool that reads the API', () => {
      const tools = through(framework).tools() as Record<string, { schema: { properties?: object } }>;
      const without = Object.entries(tools)
        .filter(
          ([name, tool]) => name !== 'quota_status' && !('max_cache_age_s' in (tool.schema.properties ?? {})),
        )
        .map(([name]) => name);
      expect(without).toEqual([]);
    });

    it('max_cache_age_s reaches the server: 0 asks the API where the same call is answered from the cache', async () => {
      const args = { query: 'pass', limit: 3 };
      await through(framework).callAsModel('get_glossary', args);
      const cached = await through(framework).callAsModel('get_glossary', args);
      expect(cached.text).toMatch(/— from the cache \(fetched /);
      const anew = await through(framework).callAsModel('get_glossary', { ...args, max_cache_age_s: 0 });
      expect(anew.text).toMatch(/— fresh answer\b/);
      expect(anew.text).not.toMatch(/— from the cache/);
    });

    // The listed schema gives bounds in words only: a framework that checks arguments against it
    // (LangChain) would otherwise refuse in words naming neither the argument nor what it accepts.
    it('an argument out of bounds is refused in plain words naming it', async () => {
      const seen = await through(framework).callAsModel('rank_players_by_role', {
        role: 'poacher',
        limit: 500,
      });
      expect(seen.text).toMatch(/limit must be a whole number from 1 to 100/);
    });
  });
});

/** Rows of the markdown table the ranking answers with. */
function rowsIn(text: string): number {
  return text.split('\n').filter((line) => /^\| \d+ \|/.test(line)).length;
}

/**
 * What each framework's message to the model is made of: the tool's text, and the structured content
 * when the framework sends it too (LangChain serialises one text block with it as a JSON string).
 */
const SENDS: Record<Framework, (seen: ModelSees) => { text: string; structured?: string }> = {
  'ai-sdk': (seen) => ({ text: seen.text }),
  langchain: (seen) => {
    const sent = parseObject(seen.text);
    if (typeof sent?.text !== 'string') return { text: seen.text };
    const structured =
      sent.structuredContent === undefined ? undefined : JSON.stringify(sent.structuredContent);
    return { text: sent.text, ...(structured === undefined ? {} : { structured }) };
  },
};

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// A list whose later page cannot be read, through a real tool and the resources: the sandbox pages its
// lists (the `paged` dialect, 25 rows a page) behind a proxy that fails one later page. The answer keeps
// the rows of the pages read, says more exist, and names the page that failed and why; it never calls the
// cut list complete, nor a row it did not read absent.

import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_PAGE } from '../../src/sandbox/dialects/paged.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { call, depsFor, inMemoryClient, structured, textOf } from '../support/mcp.js';
import { type Rule, startProxy } from '../support/proxy.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dialect: 'paged' });
});
afterAll(async () => {
  await sandbox.close();
});

/** The row offset a paged request asks from (the sandbox's cursor is base64url of `o:<offset>`). */
function offsetOf(path: string): number {
  const cursor = new URL(path, 'http://x').searchParams.get('cursor');
  if (cursor === null) return 0;
  return Number(/^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString())?.[1] ?? -1);
}

/** rank_players_by_role (limit 100: four pages) with the ranking's third page answered by `failure`. */
async function rankWithThirdPage(failure: Rule) {
  const proxy = await startProxy(sandbox.url, (path) =>
    path.split('?')[0] === '/v1/rankings' && offsetOf(path) === 2 * PER_PAGE ? failure : 'pass',
  );
  const deps = depsFor(proxy.url, sandbox.demoKey, { retries: 0 });
  const client = await inMemoryClient(deps);
  try {
    return await call(client, 'rank_players_by_role', { role: 'poacher', limit: 100 });
  } finally {
    await client.close();
    await deps.api.close();
    await proxy.close();
  }
}

describe('a ranking whose third page cannot be read', () => {
  it('a 503: the rows of pages 1-2, more exist, and the page and why said in notes and text', async () => {
    const result = await rankWithThirdPage({ status: 503 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = structured(result);
    expect(body.data).toHaveLength(2 * PER_PAGE);
    expect(body.has_more).toBe(true);
    const note = `Page 3 of the list could not be read (the API answered 503): the list shows the ${2 * PER_PAGE} rows of pages 1-2; more exist.`;
    expect(body.notes).toContain(note);
    expect(textOf(result)).toContain(note);
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`\\b${2 * PER_PAGE} of ${2 * PER_PAGE}\\b`));
  });

  it('a 401: the rows read, and a note that the key stopped working', async () => {
    const result = await rankWithThirdPage({ status: 401 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = structured(result);
    expect(body.data).toHaveLength(2 * PER_PAGE);
    expect(body.has_more).toBe(true);
    expect(body.notes.join(' ')).toMatch(
      /Page 3 of the list could not be read \(the API refused the key \(401\) after accepting it for the pages before: the key may have expired or been revoked\)/,
    );
  });
});

describe('the leagues resources when the second page of leagues cannot be read', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the resource's JSON body
  const jsonOf = (result: ReadResourceResult): any => {
    const [content] = result.contents;
    return JSON.parse(content && 'text' in content ? content.text : '');
  };

  it('football://leagues says it is not complete and why; a league past page 1 is not called inaccessible', async () => {
    // A league the sandbox lists on its third page: readable, but past the page that fails.
    const third = Buffer.from(`o:${2 * PER_PAGE}`).toString('base64url');
    const later = (await (
      await fetch(`${sandbox.url}/v1/leagues?cursor=${third}`, { headers: { 'X-API-Key': sandbox.demoKey } })
    ).json()) as { data: { name: string }[] };
    const name = later.data[0]?.name as string;
    expect(name).toBeTruthy();

    const proxy = await startProxy(sandbox.url, (path) =>
      path.split('?')[0] === '/v1/leagues' && offsetOf(path) === PER_PAGE ? { status: 503 } : 'pass',
    );
    const deps = depsFor(proxy.url, sandbox.demoKey, { retries: 0 });
    const client = await inMemoryClient(deps);
    try {
      const all = jsonOf(await client.readResource({ uri: 'football://leagues' }));
      expect(all.data).toHaveLength(PER_PAGE);
      expect(all.complete).toBe(false);
      expect(all.notes).toEqual([
        `Page 2 of the list could not be read (the API answered 503): the list shows the ${PER_PAGE} rows of page 1; more exist.`,
      ]);
      const error = await client.readResource({ uri: `football://leagues/${encodeURIComponent(name)}` }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String(error)).toMatch(/may be among those not read \(Page 2 of the list could not be read/);
      expect(String(error)).not.toMatch(/is not a league this key can access/);
    } finally {
      await client.close();
      await deps.api.close();
      await proxy.close();
    }
  });
});

describe('scout_players over two leagues when one league’s second page cannot be read', () => {
  it('keeps both leagues’ rows read, and the note names the league and the page', async () => {
    const second = Buffer.from(`o:${PER_PAGE}`).toString('base64url');
    const proxy = await startProxy(sandbox.url, (path, body) => {
      if (path.split('?')[0] !== '/v1/scouting') return 'pass';
      const asked = JSON.parse(body || '{}') as { league?: string; cursor?: string };
      return asked.league === 'Ligue 1' && asked.cursor === second ? { status: 504 } : 'pass';
    });
    const deps = depsFor(proxy.url, sandbox.demoKey, { retries: 0 });
    const client = await inMemoryClient(deps);
    try {
      const result = await call(client, 'scout_players', {
        roles: ['renard_des_surfaces', 'attaquant_pivot'],
        leagues: ['Ligue 1', 'Eredivisie'],
        limit: 100,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      const body = structured(result);
      expect(body.has_more).toBe(true);
      const leagues = new Set(body.data.map((p: { league: string }) => p.league));
      expect(leagues).toEqual(new Set(['Ligue 1', 'Eredivisie']));
      const note = `Ligue 1: Page 2 of the list could not be read (the gateway in front of the API answered 504): the list shows the ${PER_PAGE} rows of page 1; more exist.`;
      expect(body.notes).toContain(note);
      expect(textOf(result)).toContain(note);
    } finally {
      await client.close();
      await deps.api.close();
      await proxy.close();
    }
  });
});

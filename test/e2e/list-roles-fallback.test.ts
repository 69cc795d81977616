// list_roles when GET /v1/enums cannot be used: the spec's 31 keys, said aloud (text, notes,
// live_enums, enums_problem), keeping the renamed keys the API did give; and a key the API renamed
// shown under its new name. The sandbox behind a proxy that changes only the enums answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { callOk, depsFor, inMemoryClient } from '../support/mcp.js';
import { type Rule, startProxy } from '../support/proxy.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

/** list_roles through a proxy whose enums answer is `enums`. */
async function listRoles(enums: Rule) {
  const proxy = await startProxy(sandbox.url, (path) =>
    path.split('?')[0] === '/v1/enums' ? enums : 'pass',
  );
  const deps = depsFor(proxy.url, sandbox.demoKey, { retries: 0 });
  const client = await inMemoryClient(deps);
  try {
    return await callOk(client, 'list_roles');
  } finally {
    await client.close();
    await deps.api.close();
    await proxy.close();
  }
}

describe('list_roles without a readable GET /v1/enums', () => {
  it('enums failing: the 31 keys of the spec, and it says so and why', async () => {
    const { body, text } = await listRoles({ status: 503 });
    expect(body.data.map((r: { key: string }) => r.key).sort()).toEqual([...ROLE_KEYS].sort());
    expect(body.live_enums).toBe(false);
    expect(body.enums_problem).toBe('GET /v1/enums failed: the API is unavailable (503)');
    expect(body.notes.join(' ')).toContain("the 31 role keys of the spec, not the API's own list");
    expect(text).toContain('Note: GET /v1/enums failed: the API is unavailable (503)');
  });

  it('enums with no list of roles but a map of renamed keys: the spec keys, the renamed keys kept', async () => {
    const { body, text } = await listRoles({
      status: 200,
      body: JSON.stringify({
        data: { renamed: { gardien_moderne: 'gardien_libero', faux_9: 'neuf_et_demi' } },
      }),
    });
    expect(body.live_enums).toBe(false);
    expect(body.enums_problem).toContain('without a list of roles we could read (only 2 renamed keys, kept)');
    const byKey = new Map(body.data.map((r: { key: string }) => [r.key, r]));
    expect(byKey.size).toBe(31);
    expect(byKey.get('gardien_moderne')).toMatchObject({ deprecated_keys: ['gardien_libero'] });
    expect(byKey.get('faux_9')).toMatchObject({ deprecated_keys: ['neuf_et_demi'] });
    expect(text).toContain('gardien_moderne (sweeper keeper; was gardien_libero)');
    expect(text).toContain('Note: GET /v1/enums answered without a list of roles');
  });

  it('a key of the spec the API renamed: shown under its new key, with its English name', async () => {
    const { body } = await listRoles({
      status: 200,
      body: JSON.stringify({
        roles: ROLE_KEYS.map((key) =>
          key === 'mezzala' ? { key: 'interieur_offensif', deprecated_key: 'mezzala' } : { key },
        ),
      }),
    });
    expect(body.live_enums).toBe(true);
    expect(body.enums_problem).toBeNull();
    expect(body.notes).toBeUndefined();
    expect(body.data).toHaveLength(31);
    const renamed = body.data.find((r: { key: string }) => r.key === 'interieur_offensif');
    expect(renamed).toMatchObject({ family: 'central_midfielder', deprecated_keys: ['mezzala'] });
    expect(renamed.label).toBe('mezzala');
  });
});

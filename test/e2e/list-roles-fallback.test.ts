// list_roles when GET /v1/enums cannot be used: the spec's 31 keys, said aloud (text, notes,
// enums_problem), keeping the renamed keys the API did give; and a key the API renamed
// shown under its new name. The sandbox behind a proxy that changes only the enums answer.
import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { callOk, sandboxClient, useSandbox } from '../support/mcp.js';
import { type Rule, startProxy } from '../support/proxy.js';

const sandbox = useSandbox();

/** The roles of list_roles' answer: key → [family, English name]. */
type Named = string | { name: string; was: string[] };

function roleMap(data: Record<string, Record<string, Named>>): Map<string, [string, Named]> {
  return new Map(
    Object.entries(data).flatMap(([family, roles]) =>
      Object.entries(roles).map(([key, name]) => [key, [family, name]] as [string, [string, Named]]),
    ),
  );
}

/** list_roles through a proxy whose enums answer is `enums`. */
async function listRoles(enums: Rule) {
  const proxy = await startProxy(sandbox.url, (path) =>
    path.split('?')[0] === '/v1/enums' ? enums : 'pass',
  );
  const { client, close } = await sandboxClient(proxy.url, sandbox.demoKey, { config: { retries: 0 } });
  try {
    return await callOk(client, 'list_roles');
  } finally {
    await close();
    await proxy.close();
  }
}

describe('list_roles without a readable GET /v1/enums', () => {
  it('enums failing: the 31 keys of the spec, and it says so and why', async () => {
    const { body, text } = await listRoles({ status: 503 });
    expect([...roleMap(body.data).keys()].sort()).toEqual([...ROLE_KEYS].sort());
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
    expect(body.enums_problem).toContain('without a list of roles we could read (only 2 renamed keys, kept)');
    const byKey = roleMap(body.data);
    expect(byKey.size).toBe(31);
    // The former keys are a field of their own, not packed into the name.
    expect(byKey.get('gardien_moderne')).toEqual([
      'goalkeeper',
      { name: 'sweeper keeper', was: ['gardien_libero'] },
    ]);
    expect(byKey.get('faux_9')).toEqual(['forward', { name: 'false nine', was: ['neuf_et_demi'] }]);
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
    expect(body.enums_problem).toBeUndefined();
    expect(body.notes).toBeUndefined();
    const byKey = roleMap(body.data);
    expect(byKey.size).toBe(31);
    expect(byKey.get('interieur_offensif')).toEqual([
      'central_midfielder',
      { name: 'mezzala', was: ['mezzala'] },
    ]);
  });
});

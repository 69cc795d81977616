// The sandbox's generated styles: the same spec gives the same style and the same bytes; a spec takes
// only the pieces it names, or all but those it leaves out; and no piece touches what the spec fixes
// (a ranking entry's rank, name, club, age and score, the ids, `data`), whatever names it draws.
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { parseStyleSpec, styleOf } from '../../src/sandbox/styles/index.js';

const RANKING = '/v1/rankings?role=faux_9&league=Ligue%201&limit=5';

async function ranking(style: string) {
  const sandbox = await startSandbox({ port: 0, style });
  try {
    const res = await fetch(sandbox.url + RANKING, { headers: { 'X-API-Key': sandbox.demoKey } });
    return { status: res.status, text: await res.text(), style: sandbox.style };
  } finally {
    await sandbox.close();
  }
}

describe('generated styles', () => {
  it('the same spec gives the same style, described in one line, and the same answer', async () => {
    const [a, b] = [
      await ranking('s5:rename,casing,group,display'),
      await ranking('s5:rename,casing,group,display'),
    ];
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    expect(a.style).toBe(b.style);
    expect(a.style).toMatch(
      /^style s5:rename,casing,group,display: display: .*; group: .*; rename: .*; casing: /,
    );
    expect(a.style).not.toContain('\n');
  });

  it('takes exactly the pieces named, or any but those left out, and refuses a piece it does not know', async () => {
    expect(styleOf('s1:paging').pieces).toEqual(['paging']);
    for (let i = 0; i < 30; i++) expect(styleOf(`s${i}:-rename,-paging`).pieces).not.toContain('rename');
    for (let i = 0; i < 30; i++) expect(styleOf(`s${i}`).pieces.length).toBeGreaterThan(0);
    expect(() => parseStyleSpec('s1:renames')).toThrow(
      /unknown style piece "renames"; one of ids, accents, reorder, /,
    );
    await expect(startSandbox({ style: 's1', dialect: 'french' })).rejects.toThrow(/not both/);
  });

  it('keeps every field the spec fixes in ranking entries, whatever names and forms it draws', async () => {
    for (let i = 0; i < 12; i++) {
      const spec = `f${i}:rename,casing,group,objects,labels`;
      const { status, text } = await ranking(spec);
      expect(status, spec).toBe(200);
      const body = JSON.parse(text);
      expect(Array.isArray(body.data), spec).toBe(true);
      for (const entry of body.data)
        for (const field of ['rank', 'name', 'club', 'age', 'score', 'player_id', 'service_id'])
          expect(Object.keys(entry), `${spec}: ${field}`).toContain(field);
    }
  });

  it('writes resource objects before renaming: a row keeps its own id (a team_id), never a made-up one', async () => {
    for (let i = 0; i < 6; i++) {
      const spec = `r${i}:resource,rename,casing`;
      const sandbox = await startSandbox({ port: 0, style: spec });
      try {
        const res = await fetch(`${sandbox.url}/v1/teams?league=Ligue%201&limit=3`, {
          headers: { 'X-API-Key': sandbox.demoKey },
        });
        const text = await res.text();
        expect(text, spec).toMatch(/"t0[0-9a-z]+"/);
        expect(text, spec).not.toMatch(/"team_\d+"/);
      } finally {
        await sandbox.close();
      }
    }
  });
});

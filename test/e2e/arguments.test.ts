// Every tool's arguments, through a real SDK client against the sandbox: null is read as absent for
// every optional argument (hosts like the OpenAI Agents SDK send null for each one the model leaves
// out), a number or a flag written as text is read as one, a whole number where text is taken as its
// digits, and a refused argument is explained in plain words: its name, what it accepts, an example.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullInputSchema } from '../../src/mcp/compact-schema.js';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { TOOLS } from '../../tools/index.js';
import { call, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { argumentSamples, type Schema } from '../support/tool-arguments.js';

/** What the validator of old let through to the model: zod's and the SDK's own words. */
const VALIDATOR_WORDS =
  /Invalid input|Invalid option|Too big|Too small|expected (string|number|int|boolean|array)/;

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });
/** Real ids of the sandbox, for the required arguments that name a player, team or coach. */
const known: Record<string, unknown> = {};
const { baseArgs, nullCases, sample } = argumentSamples(known);

beforeAll(async () => {
  const ranked = structured(
    await call(session.client, 'rank_players_by_role', { role: 'poacher', limit: 20 }),
  );
  const ids = (ranked.data as { service_id: string | null }[]).flatMap((r) =>
    r.service_id ? [r.service_id] : [],
  );
  const teams = structured(await call(session.client, 'search_teams', { query: 'FC' })).data as {
    team_id: string;
  }[];
  const coaches = structured(await call(session.client, 'search_coaches', {})).data as { coach_id: string }[];
  Object.assign(known, {
    player_id: ids[0],
    player_ids: ids.slice(0, 2),
    players: [{ player_id: ids[0] }],
    team_id: teams[0]?.team_id,
    coach_id: coaches[0]?.coach_id,
  });
}, 60_000);

const schemas = TOOLS.map(
  (tool) => [tool.name, fullInputSchema(z.object(tool.inputShape)) as Schema] as const,
);

describe.each(schemas)('%s', (name, schema) => {
  it('reads null as absent for every optional argument', async () => {
    for (const [argument, withNull, without] of nullCases(schema)) {
      const absent = await call(session.client, name, without);
      const result = await call(session.client, name, withNull);
      const text = textOf(result);
      expect(text, `${argument}: null`).not.toMatch(/Invalid argument|expected .* received null/);
      // Null changes nothing: the call fares as the one without the argument.
      expect(Boolean(result.isError), `${argument}: null → ${text}`).toBe(Boolean(absent.isError));
    }
  });

  it('reads a number, a flag or a list written as text as that value, and one value as a list of one', async () => {
    const base = baseArgs(schema);
    for (const [argument, property] of Object.entries(schema.properties ?? {})) {
      const types = [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat();
      if (types.includes('string')) continue;
      const list = types.includes('array') ? (sample(argument, property) as unknown[]) : undefined;
      const value = list ?? (types.includes('boolean') ? true : (property.maximum ?? property.minimum ?? 1));
      const one = list?.length === 1 ? [list[0]] : [];
      // One object of a list of objects may come as its JSON text too.
      const oneAsText = one.filter((item) => typeof item === 'object').map((item) => JSON.stringify(item));
      const forms: unknown[] = list ? [JSON.stringify(list), ...one, ...oneAsText] : [` ${String(value)}`];
      const typed = await call(session.client, name, { ...base, [argument]: value });
      for (const form of forms) {
        const written = await call(session.client, name, { ...base, [argument]: form });
        const label = `${name}.${argument} = ${JSON.stringify(form)}: ${textOf(written)}`;
        expect(textOf(written), label).not.toMatch(/Invalid argument/);
        // A watchlist's calls change what the next one finds (a list deleted is not there to delete again).
        if (name !== 'update_watchlist') expect(Boolean(written.isError), label).toBe(Boolean(typed.isError));
      }
    }
  });

  it('reads a whole number where only text is taken as its digits, and refuses one it cannot read exactly', async () => {
    const base = baseArgs(schema);
    const textArguments = Object.entries(schema.properties ?? {}).flatMap(([argument, property]) => {
      if (property.type === 'string') return [[argument, argument] as const];
      // A list of texts (ids) and the text fields of a list of objects take numbers the same way.
      if (property.type === 'array' && property.items?.type === 'string')
        return [[argument, `${argument}[]`] as const];
      return [];
    });
    for (const [argument, shape] of textArguments) {
      const put = (v: unknown) => ({ ...base, [argument]: shape.endsWith('[]') ? [v] : v });
      const asText = await call(session.client, name, put('1572131785'));
      const asNumber = await call(session.client, name, put(1_572_131_785));
      const label = `${name}.${shape} = 1572131785: ${textOf(asNumber)}`;
      expect(Boolean(asNumber.isError), label).toBe(Boolean(asText.isError));
      expect(textOf(asNumber).includes('Invalid argument'), label).toBe(
        textOf(asText).includes('Invalid argument'),
      );
      const inexact = await call(session.client, name, put(2 ** 53 + 2));
      expect(inexact.isError, `${name}.${shape} = 2^53+2`).toBe(true);
      expect(textOf(inexact)).toContain('send it in quotes');
    }
  });

  it('refuses a wrong type, a number out of range or a value off the list in plain words, with an example', async () => {
    const base = baseArgs(schema);
    for (const [argument, property] of Object.entries(schema.properties ?? {})) {
      // One value where a list is taken is a list of one: a list of texts' wrong type is an object (a
      // list of objects takes one as its one item).
      const ofObjects = property.type === 'array' && property.items?.type === 'object';
      const wrongType =
        property.type === 'string'
          ? true
          : property.type === 'array'
            ? { not: 'a list' }
            : 'not-a-valid-value';
      const cases: [unknown, string[]][] = ofObjects ? [] : [[wrongType, []]];
      if (property.minimum !== undefined) cases.push([property.minimum - 1, [String(property.minimum)]]);
      if (property.maximum !== undefined) cases.push([property.maximum + 1, [String(property.maximum)]]);
      if (property.enum) cases.push(['not-on-the-list', property.enum.map((v) => JSON.stringify(v))]);
      for (const [value, mustName] of cases) {
        const result = await call(session.client, name, { ...base, [argument]: value });
        const text = textOf(result);
        const label = `${name}.${argument} = ${JSON.stringify(value)}: ${text}`;
        expect(result.isError, label).toBe(true);
        expect(text, label).not.toMatch(VALIDATOR_WORDS);
        expect(text, label).toContain(`${argument} must be`);
        expect(text, label).toContain(
          `got ${typeof value === 'object' && value !== null ? 'an object' : JSON.stringify(value)}`,
        );
        for (const word of mustName) expect(text, label).toContain(word);
        // An example, or, for an id whose form the spec does not give (teams, coaches), what it is.
        const described = `(${property.description?.replace(/\.$/, '')})`;
        if (!/e\.g\. \S/.test(text)) expect(text, label).toContain(described);
      }
    }
  });
});

it('a missing required argument is named as required, with what it accepts', async () => {
  const text = textOf(await call(session.client, 'rank_players_by_role', { limit: 5 }));
  expect(text).toContain('role is required');
  expect(text).toContain('e.g. "poacher"');
  expect(text).not.toMatch(VALIDATOR_WORDS);
});

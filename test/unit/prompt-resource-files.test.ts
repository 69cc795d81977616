// Prompts and resources live as tools do: one kebab-case file each beside their registry, one name each.
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROMPTS } from '../../src/mcp/prompts/index.js';
import { RESOURCES } from '../../src/mcp/resources/index.js';

const fileOf = (name: string) => `${name.replace(/_/g, '-')}.ts`;

it.each([
  ['prompts', PROMPTS.map((p) => p.name)],
  ['resources', RESOURCES.map((r) => r.name)],
])('each of the %s has its own file and its own name', (folder, names) => {
  const files = readdirSync(new URL(`../../src/mcp/${folder}/`, import.meta.url));
  expect(names.filter((name) => !files.includes(fileOf(name)))).toEqual([]);
  expect(new Set(names).size).toBe(names.length);
});

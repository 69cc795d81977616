import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nameKey, ROLE_LABELS, roleByName, roleNames, roleWithLabel } from '../../src/domain/role-labels.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { completeRole, completeRoleKey, completeSeason } from '../../src/mcp/completions.js';

describe('the English role table', () => {
  it('covers exactly the 31 keys, each with a label, a one-line description and aliases', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLE_KEYS].sort());
    for (const key of ROLE_KEYS) {
      const { label, description, aliases } = ROLE_LABELS[key];
      expect(label).toMatch(/^[a-z0-9 -]+$/);
      expect(description).toMatch(/^[A-Z].{10,90}\.$/);
      expect(description).not.toContain('\n');
      expect(aliases.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every name (key, label, alias) to one role only, and no alias twice', () => {
    const owner = new Map<string, string>();
    for (const key of ROLE_KEYS) {
      const { label, aliases } = ROLE_LABELS[key];
      const own = [label, ...aliases].map(nameKey);
      expect(new Set(own).size).toBe(own.length);
      for (const name of roleNames(key)) {
        const previous = owner.get(nameKey(name));
        if (previous !== undefined && previous !== key) expect(`${name}: ${previous} and ${key}`).toBe('');
        owner.set(nameKey(name), key);
      }
    }
  });

  it('resolves every name of every role back to its key', () => {
    for (const key of ROLE_KEYS) for (const name of roleNames(key)) expect(roleByName(name)).toBe(key);
  });

  it('reads the names a scout writes, whatever the case, accents, hyphens and spelling', () => {
    expect(roleByName('Ball-playing centre-back')).toBe('defenseur_relanceur');
    expect(roleByName('ball playing center back')).toBe('defenseur_relanceur');
    expect(roleByName('Box-to-Box')).toBe('milieu_box_to_box');
    expect(roleByName('POACHER')).toBe('renard_des_surfaces');
    expect(roleByName('sweeper keeper')).toBe('gardien_moderne');
    expect(roleByName('inverted fullback')).toBe('lateral_passeur');
    expect(roleByName('target man')).toBe('attaquant_pivot');
    expect(roleByName('False Nine')).toBe('faux_9');
    expect(roleByName('no. 10')).toBe('meneur_de_jeu');
    expect(roleByName('deep-lying playmaker')).toBe('meneur_de_jeu_en_retrait');
    expect(roleByName('Défenseur relanceur')).toBe('defenseur_relanceur');
    expect(roleByName('centre-back')).toBeUndefined();
    expect(roleByName('regista')).toBeUndefined();
  });

  it('writes a key with its English label, and leaves unknown keys alone', () => {
    expect(roleWithLabel('renard_des_surfaces')).toBe('renard_des_surfaces (poacher)');
    expect(roleWithLabel('pivot_defensif')).toBe('pivot_defensif');
  });
});

describe('completions without upstream', () => {
  it('complete a role from a key prefix or an English name', () => {
    expect(completeRole('')).toHaveLength(61);
    expect(completeRole('')).toContain('poacher');
    expect(completeRole('poach')).toEqual(['poacher', 'goal poacher']);
    expect(completeRole('defenseur_r')).toEqual(['defenseur_relanceur']);
    expect(completeRoleKey('box-to')).toEqual(['milieu_box_to_box', 'lateral_athletique']);
    expect(completeRoleKey('poacher')).toEqual(['renard_des_surfaces']);
  });

  it('complete a season from its short or long form, newest first', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    // Without an API to ask, the calendar's seasons.
    expect(await completeSeason(undefined, '', now)).toEqual(['26-27', '25-26', '24-25', '23-24']);
    expect(await completeSeason(undefined, '25', now)).toEqual(['25-26']);
    expect(await completeSeason(undefined, '2024', now)).toEqual(['24-25']);
    expect(await completeSeason(undefined, '2025/26', now)).toEqual(['25-26']);
    expect(await completeSeason(undefined, '2026-2027', now)).toEqual(['26-27']);
  });
});

describe('docs/assistant.md', () => {
  const readme = readFileSync(new URL('../../docs/assistant.md', import.meta.url), 'utf8');

  it('lists every role key with its English label', () => {
    for (const key of ROLE_KEYS) {
      expect(readme).toMatch(new RegExp(`\\| \`${key}\` \\| ${ROLE_LABELS[key].label} \\|`));
    }
  });

  it.each(['player_report', 'role_shortlist', 'compare_shortlist', 'find_replacement'])(
    'documents the prompt %s',
    (name) => {
      expect(readme).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
    },
  );
});

// One name folding for every room: search, resolve, suggestions, completions, role and statistic
// names, watchlist entries and the sandbox all compare names in the form src/lib/fold.ts gives.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearest } from '../../src/domain/nearest.js';
import { roleByName } from '../../src/domain/role-labels.js';
import { sameWords } from '../../src/facts/resolve-match.js';
import { fold, foldedWords, sameFolded } from '../../src/lib/fold.js';
import { completeRole } from '../../src/mcp/completions.js';

describe('fold', () => {
  it.each([
    ['Martin Ødegård', 'martin_odegard'],
    ['Ødegaard', 'odegaard'],
    ['Mario Götze', 'mario_gotze'],
    ['Weißenberger', 'weissenberger'],
    ['WEISSENBERGER', 'weissenberger'],
    ['Æsir Ærøskøbing', 'aesir_aeroskobing'],
    ['Cœur', 'coeur'],
    ['Łukasz Łęczna', 'lukasz_leczna'],
    ['Đorđe Petrović', 'dorde_petrovic'],
    ['Yıldırım', 'yildirim'],
    ['İlkay', 'ilkay'],
    ['Þórður Guðjónsson', 'thordur_gudjonsson'],
    ['N’Golo Kanté', 'ngolo_kante'],
    ["N'Golo Kante", 'ngolo_kante'],
    ['Jean-Philippe  Mateta', 'jean_philippe_mateta'],
    ['Jean Philippe Mateta', 'jean_philippe_mateta'],
    ['St. Pauli', 'st_pauli'],
    [' Défenseur-Relanceur ', 'defenseur_relanceur'],
    ['defenseur_relanceur', 'defenseur_relanceur'],
    ['ﬁnal', 'final'],
    ['Владимир', 'владимир'],
    ['—', ''],
  ])('%s → %s', (text, folded) => {
    expect(fold(text)).toBe(folded);
  });

  it('is idempotent', () => {
    for (const text of ['Martin Ødegård', 'Þórður', "N'Golo", 'Ligue 1', 'xG/90']) {
      expect(fold(fold(text))).toBe(fold(text));
    }
  });

  it('words and sameness', () => {
    expect(foldedWords('Martin  Ødegård')).toEqual(['martin', 'odegard']);
    expect(foldedWords(' - ')).toEqual([]);
    expect(sameFolded('Ødegård', 'odegard')).toBe(true);
    expect(sameFolded('Ødegård', 'odegaard')).toBe(false);
  });
});

describe('every room folds the same way', () => {
  it('resolve matching takes the plain spelling of ø, ß, æ, œ, ł, đ, ı, þ', () => {
    expect(sameWords('Martin Ødegård', 'martin odegard')).toBe(true);
    expect(sameWords('Jörg Weiß', 'Jorg Weiss')).toBe(true);
    expect(sameWords('Łukasz Piszczek', 'Lukasz Piszczek')).toBe(true);
    expect(sameWords('Hakan Çalhanoğlu', 'hakan calhanoglu')).toBe(true);
    expect(sameWords("N'Golo Kanté", 'Ngolo Kante')).toBe(true);
  });

  it('nearest-name suggestions, role names and completions', () => {
    expect(nearest('Odegard', ['Martin Ødegård', 'Mario Götze', 'Bruno Baker'], 1)).toEqual([
      'Martin Ødegård',
    ]);
    expect(roleByName('Défenseur-Relanceur')).toBe('defenseur_relanceur');
    expect(roleByName('DEFENSEUR RELANCEUR')).toBe('defenseur_relanceur');
    expect(completeRole('défenseur_rel')).toContain('defenseur_relanceur');
  });

  it('no other copy of the folding is left in the code', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
      );
    // Removing combining marks is folding: it belongs to src/lib/fold.ts alone.
    const marks = /\\p\{M\}|\\u0300-\\u036f|normalize\(\s*'NF[K]?D'/;
    const copies = [...files('src'), ...files('tools')].filter(
      (file) => file !== 'src/lib/fold.ts' && marks.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});

// Test support: how an API may spell a field name. Each casing folds to the same name; `unknown` is a
// name no alias knows (the reader cannot take it, so an answer must say so).
export const CASINGS = ['snake', 'camel', 'pascal', 'kebab', 'upper', 'spaced'] as const;
export type Casing = (typeof CASINGS)[number];
export const STYLES = [...CASINGS, 'unknown'] as const;
export type Style = (typeof STYLES)[number];

export function spell(field: string, style: Style): string {
  const words = field.split('_');
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'snake':
      return field;
    case 'camel':
      return words[0] + words.slice(1).map(cap).join('');
    case 'pascal':
      return words.map(cap).join('');
    case 'kebab':
      return words.join('-');
    case 'upper':
      return field.toUpperCase();
    case 'spaced':
      return words.map(cap).join(' ');
    case 'unknown':
      return `Upstream${words.map(cap).join('')}Label`;
  }
}

// Name matching is case- and accent-insensitive everywhere (leagues, clubs, players, coaches).

const EXTRA: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const PLAIN = /^[ -~]*$/;

export function fold(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase().replace(/\s+/g, ' ').trim();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => EXTRA[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

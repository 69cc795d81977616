// Okabe–Ito: eight colours told apart by the common forms of colour blindness.
export const OKABE_ITO = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#D55E00', // vermillion
  '#F0E442', // yellow
  '#000000', // black
] as const;

export const INK = '#222222';
export const MUTED = '#767676';
export const GRID = '#d0d0d0';

export function seriesColour(index: number): string {
  return OKABE_ITO[index % OKABE_ITO.length] ?? INK;
}

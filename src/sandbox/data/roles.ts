// Role indices: how each of the 31 roles weighs the statistics, and the six keys renamed on
// 2026-09-18. The rename lives here only: clients learn it from GET /v1/enums.
import { isRoleKey, ROLE_KEYS, type RoleKey, roleFamily } from '../../domain/roles.js';
import { FAMILIES, statIndex } from './stats.js';

export const RENAMED: Readonly<Partial<Record<RoleKey, string>>> = {
  gardien_moderne: 'gardien_libero',
  defenseur_mobile: 'defenseur_couvreur',
  lateral_athletique: 'lateral_endurant',
  meneur_de_jeu_en_retrait: 'regista',
  meneur_percuteur: 'meneur_dribbleur',
  attaquant_de_pressing: 'attaquant_presseur',
};
export const RENAMED_ON = '2026-09-18';

const CURRENT_OF = new Map<string, RoleKey>(
  (Object.entries(RENAMED) as [RoleKey, string][]).map(([current, old]) => [old, current]),
);

/** Current key for a current or deprecated key; undefined when unknown. */
export function resolveRole(key: string): RoleKey | undefined {
  if (isRoleKey(key)) return key;
  return CURRENT_OF.get(key);
}

interface RoleDef {
  readonly label: string;
  readonly definition: string;
  readonly weights: Readonly<Record<string, number>>;
}

export const ROLE_DEFS: Readonly<Record<RoleKey, RoleDef>> = {
  gardien_stoppeur: {
    label: 'Shot-stopping goalkeeper',
    definition: 'Keeps shots out: save rate, goals prevented, command of the air.',
    weights: { saves_pct: 3, goals_prevented: 3, aerial_duels_won_pct: 1, clearances: 0.5 },
  },
  gardien_moderne: {
    label: 'Sweeper goalkeeper',
    definition: 'Defends the space behind a high line and takes part in the build-up.',
    weights: {
      sweeper_actions: 3,
      pass_completion_pct: 1.5,
      long_pass_completion_pct: 1,
      goals_prevented: 1.5,
      progressive_passes: 1,
    },
  },
  gardien_relanceur: {
    label: 'Ball-playing goalkeeper',
    definition: 'Starts attacks with accurate short and long distribution.',
    weights: {
      pass_completion_pct: 2.5,
      long_pass_completion_pct: 2.5,
      progressive_passes: 2,
      goals_prevented: 1,
    },
  },
  defenseur_stoppeur: {
    label: 'Stopper centre-back',
    definition: 'Wins the ball in direct duels: tackles, blocks, clearances.',
    weights: { tackles: 2.5, blocks: 2, clearances: 2, aerial_duels_won_pct: 1, interceptions: 1 },
  },
  defenseur_relanceur: {
    label: 'Ball-playing centre-back',
    definition: 'Breaks lines with progressive and long passing from the back.',
    weights: { progressive_passes: 3, pass_completion_pct: 2, long_pass_completion_pct: 2, interceptions: 1 },
  },
  defenseur_mobile: {
    label: 'Mobile centre-back',
    definition: 'Covers space, reads play and carries the ball out of defence.',
    weights: { interceptions: 2.5, ball_recoveries: 2, progressive_carries: 1.5, tackles: 1, pressures: 1 },
  },
  defenseur_aerien: {
    label: 'Aerial centre-back',
    definition: 'Dominates in the air in both boxes.',
    weights: { aerial_duels_won_pct: 3.5, clearances: 2.5, goals: 0.5, blocks: 1 },
  },
  lateral_defensif: {
    label: 'Defensive full-back',
    definition: 'Full-back who defends first: tackles, interceptions, blocks.',
    weights: { tackles: 2.5, interceptions: 2, blocks: 1, aerial_duels_won_pct: 1, clearances: 1 },
  },
  lateral_offensif: {
    label: 'Attacking full-back',
    definition: 'Full-back who supplies the box: crosses, expected assists, key passes.',
    weights: { crosses: 2.5, xa: 2, key_passes: 1.5, touches_in_box: 1, assists: 1 },
  },
  lateral_athletique: {
    label: 'Athletic full-back',
    definition: 'Covers the whole flank: pressing, carries, recoveries.',
    weights: { pressures: 2.5, progressive_carries: 2, ball_recoveries: 1.5, tackles: 1 },
  },
  lateral_passeur: {
    label: 'Playmaking full-back',
    definition: 'Full-back who builds play with progressive and accurate passing.',
    weights: { progressive_passes: 2.5, pass_completion_pct: 2, key_passes: 1.5, xa: 1 },
  },
  milieu_progressif: {
    label: 'Progressive holding midfielder',
    definition: 'Moves the ball forward from deep by pass and carry.',
    weights: { progressive_passes: 3, progressive_carries: 2, key_passes: 1, pass_completion_pct: 1 },
  },
  milieu_recuperateur: {
    label: 'Ball-winning holding midfielder',
    definition: 'Screens the defence and wins the ball back.',
    weights: { tackles: 2.5, interceptions: 2.5, ball_recoveries: 2, pressures: 1 },
  },
  meneur_de_jeu_en_retrait: {
    label: 'Deep-lying playmaker',
    definition: 'Dictates tempo from deep with secure and long passing.',
    weights: {
      pass_completion_pct: 2.5,
      long_pass_completion_pct: 2,
      progressive_passes: 2.5,
      key_passes: 1,
    },
  },
  milieu_box_to_box: {
    label: 'Box-to-box midfielder',
    definition: 'Contributes in both boxes: pressing, recoveries, carries and goals.',
    weights: {
      pressures: 1.5,
      ball_recoveries: 1.5,
      touches_in_box: 1.5,
      goals: 1,
      progressive_carries: 1.5,
      tackles: 1,
    },
  },
  mezzala: {
    label: 'Mezzala',
    definition: 'Central midfielder who attacks the half-spaces and the box.',
    weights: { key_passes: 1.5, touches_in_box: 1.5, successful_dribbles: 1.5, xa: 1.5, xg: 1 },
  },
  milieu_relayeur: {
    label: 'Linking midfielder',
    definition: 'Keeps the ball moving between the lines with secure progressive passing.',
    weights: { pass_completion_pct: 2, progressive_passes: 2, ball_recoveries: 1, key_passes: 1 },
  },
  milieu_ratisseur: {
    label: 'Ball-winning midfielder',
    definition: 'Central midfielder devoted to winning the ball.',
    weights: { tackles: 3, interceptions: 2, ball_recoveries: 2, pressures: 1.5 },
  },
  meneur_de_jeu: {
    label: 'Playmaker',
    definition: 'Creates chances: key passes, expected assists, assists.',
    weights: { key_passes: 3, xa: 2.5, assists: 1.5, progressive_passes: 1 },
  },
  meneur_percuteur: {
    label: 'Dribbling playmaker',
    definition: 'Creates by beating opponents and carrying the ball.',
    weights: { successful_dribbles: 3, progressive_carries: 2.5, touches_in_box: 1, key_passes: 1 },
  },
  meneur_travailleur: {
    label: 'Hard-working playmaker',
    definition: 'Attacking midfielder who leads the press.',
    weights: { pressures: 2.5, ball_recoveries: 2, tackles: 1, key_passes: 1 },
  },
  meneur_de_jeu_excentre: {
    label: 'Wide playmaker',
    definition: 'Creates from wide areas with crosses and key passes.',
    weights: { key_passes: 2, crosses: 2, xa: 2, successful_dribbles: 1 },
  },
  ailier_travailleur: {
    label: 'Hard-working winger',
    definition: 'Winger who presses and helps defend the flank.',
    weights: { pressures: 2.5, ball_recoveries: 1.5, tackles: 1.5, xa: 1 },
  },
  ailier_de_profondeur: {
    label: 'Runner in behind (winger)',
    definition: 'Winger who attacks the space behind the defence.',
    weights: { progressive_carries: 2, touches_in_box: 1.5, xg: 1.5, shots: 1, successful_dribbles: 1 },
  },
  ailier_provocateur: {
    label: 'Dribbling winger',
    definition: 'Winger who takes on and beats opponents.',
    weights: { successful_dribbles: 3, progressive_carries: 2, key_passes: 1 },
  },
  ailier_buteur: {
    label: 'Goalscoring winger',
    definition: 'Winger who cuts in to shoot and score.',
    weights: { goals: 2.5, xg: 2.5, shots: 1.5, touches_in_box: 1 },
  },
  faux_9: {
    label: 'False nine',
    definition: 'Forward who drops deep to create.',
    weights: { key_passes: 2, xa: 2, progressive_passes: 1.5, successful_dribbles: 1, goals: 1 },
  },
  attaquant_pivot: {
    label: 'Target forward',
    definition: 'Forward who holds the ball up and wins aerial duels.',
    weights: { aerial_duels_won_pct: 3, touches_in_box: 1.5, assists: 1, xa: 1, goals: 1 },
  },
  attaquant_de_pressing: {
    label: 'Pressing forward',
    definition: 'Forward who leads the press from the front.',
    weights: { pressures: 3, ball_recoveries: 2, tackles: 1, goals: 1 },
  },
  attaquant_de_profondeur: {
    label: 'Runner in behind (forward)',
    definition: 'Forward who runs in behind and carries the ball forward.',
    weights: { progressive_carries: 2, xg: 2, shots: 1.5, successful_dribbles: 1 },
  },
  renard_des_surfaces: {
    label: 'Poacher',
    definition: 'Finisher who lives in the penalty area.',
    weights: { goals: 3, xg: 2.5, touches_in_box: 2, shots: 1 },
  },
};

export const ROLE_COUNT = ROLE_KEYS.length;
export const ROLE_INDEX = new Map<string, number>(ROLE_KEYS.map((k, i) => [k, i]));

/** Family index of each role, in ROLE_KEYS order. */
export const ROLE_FAMILY_INDEX = Int32Array.from(ROLE_KEYS, (k) => FAMILIES.indexOf(roleFamily(k)));

/** Weights of each role as [statIndex, weight] pairs, in ROLE_KEYS order. */
export const ROLE_WEIGHTS: readonly (readonly [number, number][])[] = ROLE_KEYS.map((k) =>
  Object.entries(ROLE_DEFS[k].weights).map(([stat, w]) => [statIndex(stat), w] as [number, number]),
);

// Penalty for scoring a player in another family's roles: lighter for neighbouring positions.
const ADJACENT = [
  [1, 2],
  [1, 3],
  [2, 3],
  [2, 6],
  [3, 4],
  [4, 5],
  [5, 6],
  [5, 7],
  [6, 7],
];
export const FAMILY_PENALTY = new Float64Array(FAMILIES.length * FAMILIES.length).fill(26);
for (let f = 0; f < FAMILIES.length; f++) FAMILY_PENALTY[f * FAMILIES.length + f] = 0;
for (const [a, b] of ADJACENT) {
  FAMILY_PENALTY[(a ?? 0) * FAMILIES.length + (b ?? 0)] = 12;
  FAMILY_PENALTY[(b ?? 0) * FAMILIES.length + (a ?? 0)] = 12;
}

/** Flat role weights: the weights of role k are at [ROLE_W_START[k], ROLE_W_START[k + 1]). */
export const ROLE_W_START = new Int32Array(ROLE_COUNT + 1);
const flat = ROLE_WEIGHTS.flat();
export const ROLE_W_STAT = Int32Array.from(flat, ([i]) => i);
export const ROLE_W_VALUE = Float64Array.from(flat, ([, w]) => w);
export const ROLE_W_TOTAL = Float64Array.from(ROLE_WEIGHTS, (ws) => ws.reduce((acc, [, w]) => acc + w, 0));
ROLE_WEIGHTS.forEach((ws, k) => {
  ROLE_W_START[k + 1] = (ROLE_W_START[k] ?? 0) + ws.length;
});

// The 31 role keys in plain English: a label, a one-line description and the names a scout may use
// for each, so "ball-playing centre-back" or "poacher" reach the right key. Grouped like the spec.
import { fold } from '../lib/fold.js';
import { ROLE_FAMILIES, ROLE_KEYS, type RoleFamily, type RoleKey } from './roles.js';

export interface RoleLabel {
  /** Short English name, lower case: what text output shows beside the key. */
  readonly label: string;
  readonly description: string;
  /** Other English names for the role; each names one role only. */
  readonly aliases: readonly string[];
}

export const FAMILY_LABELS: Readonly<Record<RoleFamily, string>> = {
  goalkeeper: 'Goalkeepers',
  centre_back: 'Centre-backs',
  full_back: 'Full-backs',
  defensive_midfielder: 'Defensive midfielders',
  central_midfielder: 'Central midfielders',
  attacking_midfielder: 'Attacking midfielders',
  winger: 'Wingers',
  forward: 'Forwards',
};

export const ROLE_LABELS: Readonly<Record<RoleKey, RoleLabel>> = {
  // Goalkeepers
  gardien_stoppeur: {
    label: 'shot-stopping goalkeeper',
    description: 'Keeps shots out: saves, goals prevented, command of the box.',
    aliases: ['shot-stopper', 'shot-stopping keeper', 'line keeper'],
  },
  gardien_moderne: {
    label: 'sweeper keeper',
    description: 'Defends the space behind a high line and joins the build-up.',
    aliases: ['sweeper goalkeeper', 'modern goalkeeper', 'modern keeper', 'libero goalkeeper'],
  },
  gardien_relanceur: {
    label: 'ball-playing goalkeeper',
    description: 'Starts attacks with accurate short and long distribution.',
    aliases: ['ball-playing keeper', 'distributing goalkeeper', 'passing goalkeeper'],
  },
  // Centre-backs
  defenseur_stoppeur: {
    label: 'stopper centre-back',
    description: 'Steps out to win direct duels: tackles, blocks, clearances.',
    aliases: ['stopper', 'no-nonsense centre-back', 'defensive centre-back'],
  },
  defenseur_relanceur: {
    label: 'ball-playing centre-back',
    description: 'Breaks lines with progressive and long passes from the back.',
    aliases: ['ball-playing defender', 'ball-playing cb', 'playmaking centre-back'],
  },
  defenseur_mobile: {
    label: 'covering centre-back',
    description: 'Covers space, reads play and carries the ball out of defence.',
    aliases: ['mobile centre-back', 'mobile defender', 'sweeper', 'libero'],
  },
  defenseur_aerien: {
    label: 'aerial centre-back',
    description: 'Dominates in the air in both boxes.',
    aliases: ['aerial defender', 'aerially dominant centre-back', 'towering centre-back'],
  },
  // Full-backs
  lateral_defensif: {
    label: 'defensive full-back',
    description: 'Full-back who defends first: tackles, interceptions, blocks.',
    aliases: ['stay-at-home full-back', 'defensive right-back', 'defensive left-back'],
  },
  lateral_offensif: {
    label: 'attacking full-back',
    description: 'Overlaps and supplies the box: crosses, expected assists, key passes.',
    aliases: ['wing-back', 'attacking wing-back', 'overlapping full-back'],
  },
  lateral_athletique: {
    label: 'athletic full-back',
    description: 'Covers the whole flank: pressing, carries, recoveries.',
    aliases: ['box-to-box full-back', 'high-energy full-back', 'endurance full-back'],
  },
  lateral_passeur: {
    label: 'playmaking full-back',
    description: 'Builds play with progressive, accurate passing, often from inside.',
    aliases: ['inverted full-back', 'passing full-back', 'ball-playing full-back'],
  },
  // Defensive midfielders
  milieu_progressif: {
    label: 'progressive holding midfielder',
    description: 'Moves the ball forward from deep by pass and carry.',
    aliases: ['progressive defensive midfielder', 'progressive pivot', 'deep progressor'],
  },
  milieu_recuperateur: {
    label: 'ball-winning holding midfielder',
    description: 'Screens the defence and wins the ball back.',
    aliases: ['anchor', 'holding midfielder', 'defensive midfielder', 'screening midfielder'],
  },
  meneur_de_jeu_en_retrait: {
    label: 'deep-lying playmaker',
    description: 'Dictates tempo from deep with secure and long passing.',
    aliases: ['deep playmaker', 'deep-lying midfielder'],
  },
  // Central midfielders
  milieu_box_to_box: {
    label: 'box-to-box midfielder',
    description: 'Contributes in both boxes: pressing, recoveries, carries and goals.',
    aliases: ['box-to-box', 'b2b', 'all-action midfielder'],
  },
  mezzala: {
    label: 'mezzala',
    description: 'Central midfielder who attacks the half-spaces and the box.',
    aliases: ['half-space midfielder', 'attacking eight', 'advanced eight'],
  },
  milieu_relayeur: {
    label: 'linking midfielder',
    description: 'Keeps the ball moving between the lines with secure progressive passing.',
    aliases: ['link midfielder', 'relay midfielder', 'connector'],
  },
  milieu_ratisseur: {
    label: 'ball-winning midfielder',
    description: 'Central midfielder devoted to winning the ball back.',
    aliases: ['ball winner', 'destroyer', 'midfield enforcer', 'tackling midfielder'],
  },
  // Attacking midfielders
  meneur_de_jeu: {
    label: 'playmaker',
    description: 'Creates chances: key passes, expected assists, assists.',
    aliases: ['attacking playmaker', 'advanced playmaker', 'number 10', 'trequartista'],
  },
  meneur_percuteur: {
    label: 'dribbling playmaker',
    description: 'Creates by beating opponents and carrying the ball.',
    aliases: ['dribbling attacking midfielder', 'ball-carrying playmaker'],
  },
  meneur_travailleur: {
    label: 'hard-working playmaker',
    description: 'Attacking midfielder who leads the press.',
    aliases: ['hard-working attacking midfielder', 'pressing attacking midfielder', 'pressing number 10'],
  },
  meneur_de_jeu_excentre: {
    label: 'wide playmaker',
    description: 'Creates from wide areas with crosses and key passes.',
    aliases: ['wide creator', 'wide attacking midfielder'],
  },
  // Wingers
  ailier_travailleur: {
    label: 'hard-working winger',
    description: 'Winger who presses and helps defend the flank.',
    aliases: ['defensive winger', 'two-way winger', 'pressing winger', 'wide midfielder'],
  },
  ailier_de_profondeur: {
    label: 'direct winger',
    description: 'Winger who attacks the space behind the defence.',
    aliases: ['in-behind winger', 'pace winger', 'wide runner'],
  },
  ailier_provocateur: {
    label: 'dribbling winger',
    description: 'Winger who takes on and beats opponents.',
    aliases: ['tricky winger', 'take-on winger', '1v1 winger'],
  },
  ailier_buteur: {
    label: 'goalscoring winger',
    description: 'Winger who cuts in to shoot and score.',
    aliases: ['inside forward', 'inverted winger', 'wide forward'],
  },
  // Forwards
  faux_9: {
    label: 'false nine',
    description: 'Centre-forward who drops deep to link play and create.',
    aliases: ['false 9', 'false number 9', 'dropping forward'],
  },
  attaquant_pivot: {
    label: 'target man',
    description: 'Forward who holds the ball up and wins aerial duels.',
    aliases: ['target forward', 'target striker', 'hold-up striker', 'focal point'],
  },
  attaquant_de_pressing: {
    label: 'pressing forward',
    description: 'Forward who leads the press from the front.',
    aliases: ['pressing striker', 'high-pressing forward', 'defensive forward'],
  },
  attaquant_de_profondeur: {
    label: 'advanced forward',
    description: 'Forward who runs in behind and carries the ball forward.',
    aliases: ['runner in behind', 'in-behind striker', 'channel runner', 'pace striker'],
  },
  renard_des_surfaces: {
    label: 'poacher',
    description: 'Finisher who lives in the penalty area.',
    aliases: ['fox in the box', 'box striker', 'penalty-box striker', 'goal poacher'],
  },
};

/**
 * The form names are compared in: folded (case, accents, spaces, hyphens), punctuation dropped,
 * a few spellings unified ("center", "fullback", "no. 10").
 */
export function nameKey(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9_]/g, '')
    .replace(/center/g, 'centre')
    .replace(/(full|wing|centre)back/g, '$1_back')
    .replace(/(^|_)no_?(\d)/g, '$1number_$2')
    .replace(/number(\d)/g, 'number_$1')
    .replace(/_+/g, '_');
}

/** Every name of every role (key, label, aliases) in its compared form → the role key. */
const BY_NAME: ReadonlyMap<string, RoleKey> = new Map(
  ROLE_KEYS.flatMap((key) =>
    [key, ROLE_LABELS[key].label, ...ROLE_LABELS[key].aliases].map((name) => [nameKey(name), key] as const),
  ),
);

/** The role key a key, label or alias names; undefined for anything else. */
export function roleByName(text: string): RoleKey | undefined {
  return BY_NAME.get(nameKey(text));
}

/** Every name a role goes by, key first: the candidates of suggestions and completions. */
export function roleNames(key: RoleKey): string[] {
  return [key, ROLE_LABELS[key].label, ...ROLE_LABELS[key].aliases];
}

/** `renard_des_surfaces (poacher)`: the key with its English label, for text output. */
export function roleWithLabel(key: string): string {
  const known = (ROLE_LABELS as Readonly<Record<string, RoleLabel>>)[key];
  return known ? `${key} (${known.label})` : key;
}

/** Families in spec order, each with its keys: for tables and resources. */
export function familiesInOrder(): { family: RoleFamily; title: string; keys: readonly RoleKey[] }[] {
  return (Object.entries(ROLE_FAMILIES) as [RoleFamily, readonly RoleKey[]][]).map(([family, keys]) => ({
    family,
    title: FAMILY_LABELS[family],
    keys,
  }));
}

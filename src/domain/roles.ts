// The 31 positional roles of the Football Data API v1, grouped as the spec lists them.
// Renamed keys are not listed here on purpose: the API reports them live in GET /v1/enums
// (`deprecated_key`), and clients must learn them from there.

export const ROLE_FAMILIES = {
  goalkeeper: ['gardien_stoppeur', 'gardien_moderne', 'gardien_relanceur'],
  centre_back: ['defenseur_stoppeur', 'defenseur_relanceur', 'defenseur_mobile', 'defenseur_aerien'],
  full_back: ['lateral_defensif', 'lateral_offensif', 'lateral_athletique', 'lateral_passeur'],
  defensive_midfielder: ['milieu_progressif', 'milieu_recuperateur', 'meneur_de_jeu_en_retrait'],
  central_midfielder: ['milieu_box_to_box', 'mezzala', 'milieu_relayeur', 'milieu_ratisseur'],
  attacking_midfielder: ['meneur_de_jeu', 'meneur_percuteur', 'meneur_travailleur', 'meneur_de_jeu_excentre'],
  winger: ['ailier_travailleur', 'ailier_de_profondeur', 'ailier_provocateur', 'ailier_buteur'],
  forward: [
    'faux_9',
    'attaquant_pivot',
    'attaquant_de_pressing',
    'attaquant_de_profondeur',
    'renard_des_surfaces',
  ],
} as const;

export type RoleFamily = keyof typeof ROLE_FAMILIES;
export type RoleKey = (typeof ROLE_FAMILIES)[RoleFamily][number];

export const ROLE_KEYS: readonly RoleKey[] = Object.values(ROLE_FAMILIES).flat();

const FAMILY_OF = new Map<string, RoleFamily>(
  (Object.entries(ROLE_FAMILIES) as [RoleFamily, readonly RoleKey[]][]).flatMap(([family, keys]) =>
    keys.map((key) => [key, family] as const),
  ),
);

export function isRoleKey(value: string): value is RoleKey {
  return FAMILY_OF.has(value);
}

export function roleFamily(key: RoleKey): RoleFamily {
  const family = FAMILY_OF.get(key);
  if (!family) throw new Error(`not a role key: ${key}`);
  return family;
}

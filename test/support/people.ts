// Players of the default sandbox world (seed and week 0) the watchlist tests follow. Kouyandé's row is
// not linked to a person in week 0 and is linked in week 1 (see the sandbox README, "Weeks").
export const MBENRA = 'ds_00q06dH2pfh3pmxb';
export const GARMONT = 'ds_00q05coAoFrpY63h';
export const VERAC = 'ds_00q0a0Li1pHEa8GI';
export const KOUYANDE = 'ds_00q03cafxQiFb3Hh';
export const KOUYANDE_ROW = 'p20q03clovz';

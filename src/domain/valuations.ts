// What a valuation in euros can be (a player's market value, its range, a squad's value): a positive
// amount under a thousand euros is no valuation but one whose scale went unsaid (57.35 for €57.35m, its
// "M" under a name nothing reads). The readers leave such an amount unread, never shown as euros.
export const VALUATION_FLOOR_EUR = 1000;

export const isImplausibleValuation = (n: number) => n > 0 && n < VALUATION_FLOOR_EUR;

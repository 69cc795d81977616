/** A start-up problem the user can fix; printed as its message alone, without a stack. */
export class StartError extends Error {}

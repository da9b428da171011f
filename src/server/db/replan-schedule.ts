/** Plans are rebuilt after this many executions of a statement, then after twice as many again, and so on. */
const FIRST_REPLAN = 64;

/**
 * Whether a statement's plan is rebuilt at this execution (its 64th, 128th, 256th…): a plan chosen while the tables
 * were small does not stay, the cost of a replan stays a vanishing share, and no plan is older than half its
 * statement's executions.
 */
export const replanDue = (executions: number): boolean => executions >= FIRST_REPLAN && (executions & (executions - 1)) === 0;

import { useState } from 'react';
import type { ClaimPurpose, RetirementClaim } from '@/shared/retirement-claim';

export interface ClaimState {
  purpose: ClaimPurpose;
  periodStart: string;
  periodEnd: string;
  /** ISO 3166-1 alpha-2; empty while none is chosen. */
  country: string;
  /** ISO 3166-2; empty for a country-wide claim. */
  subdivision: string;
}

/** The current calendar year, the period most retirements are reported for. */
export function defaultClaimState(today = new Date()): ClaimState {
  const year = today.getUTCFullYear();
  return { purpose: 'voluntary', periodStart: `${year}-01-01`, periodEnd: `${year}-12-31`, country: '', subdivision: '' };
}

/** Why the claim cannot be sent as it stands, or null; the server checks the same and more (codes, real dates). */
export function claimProblem(state: ClaimState): string | null {
  if (!state.country) return null;
  if (!state.periodStart || !state.periodEnd) return 'Enter the first and last day of the reporting period';
  if (state.periodEnd < state.periodStart) return 'The reporting period must end on or after its start';
  return null;
}

/** The claim to send: none until a country is chosen (the certificate then states no claim). */
export function claimToSend(state: ClaimState): RetirementClaim | undefined {
  if (!state.country) return undefined;
  const { purpose, periodStart, periodEnd, country, subdivision } = state;
  return { purpose, periodStart, periodEnd, country, subdivision: subdivision || null };
}

/** The claim fields of the retire and buy-and-retire dialogs. */
export function useClaimState() {
  const [state, setState] = useState<ClaimState>(() => defaultClaimState());
  const update = (changes: Partial<ClaimState>) => setState((current) => ({
    ...current,
    ...changes,
    // A subdivision belongs to one country: choosing another country clears it.
    ...(changes.country !== undefined && changes.country !== current.country ? { subdivision: '' } : {}),
  }));
  return { state, update, reset: () => setState(defaultClaimState()), problem: claimProblem(state), claim: claimToSend(state) };
}

export type ClaimFieldsState = ReturnType<typeof useClaimState>;

import type { Address, ReadContractReturnType } from 'viem';
import type { carbonCreditAbi } from './carbon-credit-abi';

/** The contract's getCreditDetails view (SPEC.md section 3) with dates as Date and amounts as numbers. */
export interface OnChainCredit {
  projectName: string;
  projectId: string;
  verificationBody: string;
  vintageYear: number;
  mrvDataUrl: string;
  gpsLocation: string;
  quantityTonnes: number;
  isRetired: boolean;
  originalIssuer: Address;
  issuanceDate: Date;
  retirementReason: string;
  retiredAt: Date | null;
  /** The token first minted with this provenance; equal to the token id unless it came from a split. */
  rootTokenId: number;
}

type CreditDetailsView = ReadContractReturnType<typeof carbonCreditAbi, 'getCreditDetails'>;

/** Converts the contract's getCreditDetails result; tonnes, years and token ids are far below 2^53, so exact. */
export function toOnChainCredit(details: CreditDetailsView): OnChainCredit {
  return {
    projectName: details.projectName,
    projectId: details.projectId,
    verificationBody: details.verificationBody,
    vintageYear: Number(details.vintageYear),
    mrvDataUrl: details.mrvDataUrl,
    gpsLocation: details.gpsLocation,
    quantityTonnes: Number(details.quantity),
    isRetired: details.isRetired,
    originalIssuer: details.originalIssuer,
    issuanceDate: new Date(Number(details.issuanceDate) * 1000),
    retirementReason: details.retirementReason,
    retiredAt: details.isRetired ? new Date(Number(details.retiredAt) * 1000) : null,
    rootTokenId: Number(details.rootTokenId),
  };
}

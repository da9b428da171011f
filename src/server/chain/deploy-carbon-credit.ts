import { encodeDeployData, type Address, type Hex } from 'viem';
import { carbonCreditAbi } from './carbon-credit-abi';
import type { ContractArtifact } from './contract-artifact';
import type { TransactionSender } from './transaction-sender';

/** Deploys CarbonCredit with `admin` as admin and minter; returns its address and the deployment hash. */
export async function deployCarbonCredit(
  sender: TransactionSender,
  artifact: ContractArtifact,
  admin: Address,
): Promise<{ contractAddress: Address; txHash: Hex }> {
  const data = encodeDeployData({ abi: carbonCreditAbi, bytecode: artifact.bytecode, args: [admin] });
  const { txHash, receipt } = await sender.send('deploy', { data });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`CarbonCredit deployment ${txHash} failed`);
  return { contractAddress: receipt.contractAddress, txHash };
}

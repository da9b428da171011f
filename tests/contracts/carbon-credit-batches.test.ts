import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogs, type Hex } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { CHAIN_ERROR_MESSAGES } from '@/server/chain/chain-call-error';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import { expectChainError, publicClientOf, randomAccount, revertOf, sampleCredit } from './chain-test-kit';

let chain: CarbonCreditChain;

beforeAll(async () => {
  chain = await startEmbeddedChain();
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

async function eventsOf(txHash: Hex) {
  const receipt = await publicClientOf(chain).getTransactionReceipt({ hash: txHash });
  return parseEventLogs({ abi: carbonCreditAbi, logs: receipt.logs });
}

describe('mintCarbonCreditBatch', () => {
  it('issues one lot per request in one transaction, with a CreditMinted event each', async () => {
    const { tokenIds, txHash } = await chain.mintBatch([sampleCredit, { ...sampleCredit, quantityTonnes: 7, projectName: 'Kenya Cookstoves' }]);
    const minted = (await eventsOf(txHash)).filter((event) => event.eventName === 'CreditMinted');
    expect(minted.map((event) => event.args)).toEqual([
      { tokenId: BigInt(tokenIds[0]), to: chain.custodyAddress, projectName: sampleCredit.projectName, quantity: 100n },
      { tokenId: BigInt(tokenIds[1]), to: chain.custodyAddress, projectName: 'Kenya Cookstoves', quantity: 7n },
    ]);
    const second = await chain.getCreditDetails(tokenIds[1]);
    expect(second).toMatchObject({ projectName: 'Kenya Cookstoves', quantityTonnes: 7, rootTokenId: tokenIds[1], originalIssuer: chain.custodyAddress });
  });

  it('stores each project once and each lot in one slot: a record lot costs under 70,000 gas, URI and provenance intact', async () => {
    const kenya = { ...sampleCredit, projectName: 'Kenya Cookstoves', projectId: 'proj-kenya-002', vintageYear: 2023 };
    const inputs = Array.from({ length: 40 }, (_, i) => ({ ...(i % 2 ? kenya : sampleCredit), quantityTonnes: i + 1, tokenUri: `urn:carbonledger:holding:${1000 + i}` }));
    const { tokenIds, txHash } = await chain.mintBatch(inputs);
    const receipt = await publicClientOf(chain).getTransactionReceipt({ hash: txHash });
    expect(receipt.gasUsed / BigInt(inputs.length)).toBeLessThan(70_000n);
    const client = publicClientOf(chain);
    for (const i of [0, 1, 39]) {
      const details = await chain.getCreditDetails(tokenIds[i]);
      const project = i % 2 ? kenya : sampleCredit;
      expect(details).toMatchObject({ projectName: project.projectName, projectId: project.projectId, vintageYear: project.vintageYear, mrvDataUrl: project.mrvDataUrl, gpsLocation: project.gpsLocation, quantityTonnes: i + 1, rootTokenId: tokenIds[i], originalIssuer: chain.custodyAddress, isRetired: false });
      const uri = await client.readContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName: 'tokenURI', args: [BigInt(tokenIds[i])] });
      expect(uri).toBe(`urn:carbonledger:holding:${1000 + i}`);
    }
    // A lot split off a record lot without a URI of its own keeps the parent's record, as a URI string would.
    const { newTokenId } = await chain.split(tokenIds[39], 5);
    expect(await client.readContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName: 'tokenURI', args: [BigInt(newTokenId)] })).toBe('urn:carbonledger:holding:1039');
    expect(await chain.getCreditDetails(newTokenId)).toMatchObject({ projectName: 'Kenya Cookstoves', quantityTonnes: 5, rootTokenId: tokenIds[39] });
  });

  it('lets a lot held by its issuer (no owner slot stored) read, count and move like any token', async () => {
    const client = publicClientOf(chain);
    const balanceOf = (owner: Hex) => client.readContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName: 'balanceOf', args: [owner] });
    const custodyBefore = await balanceOf(chain.custodyAddress);
    const { tokenIds, txHash } = await chain.mintBatch([sampleCredit, sampleCredit]);
    expect(await balanceOf(chain.custodyAddress)).toBe(custodyBefore + 2n);
    expect(await chain.ownerOf(tokenIds[0])).toBe(chain.custodyAddress);
    const transfers = (await eventsOf(txHash)).filter((event) => event.eventName === 'Transfer');
    expect(transfers.map((event) => event.args)).toEqual(tokenIds.map((tokenId) => ({ from: '0x0000000000000000000000000000000000000000', to: chain.custodyAddress, tokenId: BigInt(tokenId) })));

    const wallet = randomAccount();
    await chain.transfer(tokenIds[0], wallet.address);
    expect(await chain.ownerOf(tokenIds[0])).toBe(wallet.address);
    expect(await chain.ownerOf(tokenIds[1])).toBe(chain.custodyAddress);
    expect(await balanceOf(wallet.address)).toBe(1n);
    expect(await balanceOf(chain.custodyAddress)).toBe(custodyBefore + 1n);
    // The custodian no longer holds it, so it can no longer split or retire it.
    expect(await revertOf(chain, chain.custodyAddress, 'retireCredit', [BigInt(tokenIds[0]), 'not mine'])).toEqual({
      name: 'CarbonCreditNotHolder',
      args: [BigInt(tokenIds[0]), chain.custodyAddress],
    });
  });

  it('refuses a lot that names a provenance the batch does not carry', async () => {
    const request = { provenance: 1n, quantity: 1n, recordId: 0n };
    const provenance = { projectName: 'P', projectId: 'p', verificationBody: 'Verra VCS', vintageYear: 2024n, mrvDataUrl: 'm', gpsLocation: '0,0' };
    expect(await revertOf(chain, chain.custodyAddress, 'mintCarbonCreditBatch', [chain.custodyAddress, [provenance], [request], ['x']])).toEqual({
      name: 'CarbonCreditUnknownProvenance',
      args: [1n, 1n],
    });
  });

  it('mixes lots with a record id and lots with a URI of their own, and refuses a URI list of another length', async () => {
    const { tokenIds } = await chain.mintBatch([{ ...sampleCredit, tokenUri: 'urn:carbonledger:holding:77' }, sampleCredit]);
    const client = publicClientOf(chain);
    const uris = await Promise.all(tokenIds.map((id) => client.readContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName: 'tokenURI', args: [BigInt(id)] })));
    expect(uris).toEqual(['urn:carbonledger:holding:77', sampleCredit.tokenUri]);
    const provenance = { projectName: 'P', projectId: 'p', verificationBody: 'Verra VCS', vintageYear: 2024n, mrvDataUrl: 'm', gpsLocation: '0,0' };
    const request = { provenance: 0n, quantity: 1n, recordId: 0n };
    expect(await revertOf(chain, chain.custodyAddress, 'mintCarbonCreditBatch', [chain.custodyAddress, [provenance], [request, request], ['x']])).toEqual({
      name: 'CarbonCreditBatchMismatch',
      args: [2n, 1n],
    });
  });

  it('reverts the whole batch when one quantity is zero', async () => {
    const before = await chain.totalSupply();
    await expectChainError(chain.mintBatch([sampleCredit, { ...sampleCredit, quantityTonnes: 0 }]), CHAIN_ERROR_MESSAGES.mint, 'CarbonCreditInvalidQuantity', [before + 2n, 0n, 0n]);
    expect(await chain.totalSupply()).toBe(before);
  });
});

describe('splitCreditBatch', () => {
  it('applies splits in order, several off one lot, each new lot with its own URI', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const { newTokenIds, txHash } = await chain.splitBatch([
      { tokenId, quantityTonnes: 30, tokenUri: 'urn:carbonledger:holding:2' },
      { tokenId, quantityTonnes: 50, tokenUri: 'urn:carbonledger:holding:3' },
    ]);
    const splits = (await eventsOf(txHash)).filter((event) => event.eventName === 'CreditSplit');
    expect(splits.map((event) => event.args)).toEqual([
      { tokenId: BigInt(tokenId), newTokenId: BigInt(newTokenIds[0]), quantity: 30n },
      { tokenId: BigInt(tokenId), newTokenId: BigInt(newTokenIds[1]), quantity: 50n },
    ]);
    const quantities = await Promise.all([tokenId, ...newTokenIds].map(async (id) => (await chain.getCreditDetails(id)).quantityTonnes));
    expect(quantities).toEqual([20, 30, 50]);
    const client = publicClientOf(chain);
    const uri = await client.readContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName: 'tokenURI', args: [BigInt(newTokenIds[1])] });
    expect(uri).toBe('urn:carbonledger:holding:3');
  });

  it('reverts when the splits together take the whole lot', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const splits = [{ tokenId, quantityTonnes: 60, tokenUri: 'a' }, { tokenId, quantityTonnes: 40, tokenUri: 'b' }];
    await expectChainError(chain.splitBatch(splits), CHAIN_ERROR_MESSAGES.split, 'CarbonCreditInvalidQuantity', [BigInt(tokenId), 40n, 40n]);
  });
});

describe('a retired lot is a record, not a tradable credit', () => {
  it('can be neither transferred, approved away, split (alone or in a batch) nor retired again', async () => {
    const { tokenIds } = await chain.mintBatch([sampleCredit, sampleCredit]);
    const { txHash } = await chain.retireBatch(tokenIds.map((tokenId) => ({ tokenId, reason: 'Scope 3 offset' })));
    const retired = (await eventsOf(txHash)).filter((event) => event.eventName === 'CreditRetired');
    expect(retired.map((event) => event.args.tokenId)).toEqual(tokenIds.map(BigInt));

    const [tokenId] = tokenIds;
    const wallet = randomAccount();
    await expectChainError(chain.transfer(tokenId, wallet.address), CHAIN_ERROR_MESSAGES.transfer, 'CarbonCreditRetiredTransfer', [BigInt(tokenId)]);
    await expectChainError(chain.split(tokenId, 1), CHAIN_ERROR_MESSAGES.split, 'CarbonCreditAlreadyRetired', [BigInt(tokenId)]);
    await expectChainError(chain.splitBatch([{ tokenId, quantityTonnes: 1, tokenUri: 'x' }]), CHAIN_ERROR_MESSAGES.split, 'CarbonCreditAlreadyRetired', [BigInt(tokenId)]);
    await expectChainError(chain.retireBatch([{ tokenId, reason: 'again' }]), CHAIN_ERROR_MESSAGES.retire, 'CarbonCreditAlreadyRetired', [BigInt(tokenId)]);
    // Even an operator the custodian approved cannot move it.
    const { tokenId: approvedLot } = await chain.mint(sampleCredit);
    await chain.retire(approvedLot, 'done');
    expect(await revertOf(chain, chain.custodyAddress, 'transferFrom', [chain.custodyAddress, wallet.address, BigInt(approvedLot)])).toEqual({
      name: 'CarbonCreditRetiredTransfer',
      args: [BigInt(approvedLot)],
    });
    expect(await chain.ownerOf(tokenId)).toBe(chain.custodyAddress);
    expect((await chain.getCreditDetails(tokenId)).quantityTonnes).toBe(100);
  });

  it('refuses a retirement batch whose arrays differ in length', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    expect(await revertOf(chain, chain.custodyAddress, 'retireCreditBatch', [[BigInt(tokenId)], []])).toEqual({
      name: 'CarbonCreditBatchMismatch',
      args: [1n, 0n],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, parseEventLogs, toBytes, zeroAddress, type Hex } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { CHAIN_ERROR_MESSAGES } from '@/server/chain/chain-call-error';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import { expectChainError, publicClientOf, randomAccount, revertOf, sampleCredit, sendAs } from './chain-test-kit';

let chain: CarbonCreditChain;

beforeAll(async () => {
  chain = await startEmbeddedChain();
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

async function logsOf(txHash: Hex) {
  const receipt = await publicClientOf(chain).getTransactionReceipt({ hash: txHash });
  return parseEventLogs({ abi: carbonCreditAbi, logs: receipt.logs });
}

describe('mintCarbonCredit', () => {
  it('issues a lot to the custody address and emits CreditMinted', async () => {
    const { tokenId, txHash } = await chain.mint(sampleCredit);

    const minted = (await logsOf(txHash)).find((log) => log.eventName === 'CreditMinted');
    expect(minted?.args).toEqual({ tokenId: BigInt(tokenId), to: chain.custodyAddress, projectName: sampleCredit.projectName, quantity: 100n });
    expect(await chain.ownerOf(tokenId)).toBe(chain.custodyAddress);
    const details = await chain.getCreditDetails(tokenId);
    expect(details).toMatchObject({
      projectName: sampleCredit.projectName,
      projectId: sampleCredit.projectId,
      verificationBody: 'Verra VCS',
      vintageYear: 2024,
      mrvDataUrl: sampleCredit.mrvDataUrl,
      gpsLocation: sampleCredit.gpsLocation,
      quantityTonnes: 100,
      isRetired: false,
      originalIssuer: chain.custodyAddress,
      retirementReason: '',
      retiredAt: null,
      rootTokenId: tokenId,
    });
    expect(Math.abs(details.issuanceDate.getTime() - Date.now())).toBeLessThan(120_000);
  });

  it('mints to another address when asked', async () => {
    const holder = randomAccount();
    const { tokenId } = await chain.mint({ ...sampleCredit, to: holder.address });
    expect(await chain.ownerOf(tokenId)).toBe(holder.address);
  });

  it('reverts for an account without MINTER_ROLE', async () => {
    const stranger = randomAccount();
    const args = [stranger.address, 'P', 'p', 'V', 2024n, 'u', 'g', 5n, 't'] as const;
    expect(await revertOf(chain, stranger.address, 'mintCarbonCredit', args)).toEqual({
      name: 'AccessControlUnauthorizedAccount',
      args: [stranger.address, keccak256(toBytes('MINTER_ROLE'))],
    });
  });

  it('reverts a zero quantity with the id it would have used', async () => {
    const next = Number(await chain.totalSupply()) + 1;
    await expectChainError(chain.mint({ ...sampleCredit, quantityTonnes: 0 }), CHAIN_ERROR_MESSAGES.mint, 'CarbonCreditInvalidQuantity', [BigInt(next), 0n, 0n]);
  });
});

describe('retireCredit', () => {
  it('retires the lot and emits CreditRetired with the holder and reason', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const { txHash } = await chain.retire(tokenId, 'Carbon Neutrality Goal');

    const retired = (await logsOf(txHash)).find((log) => log.eventName === 'CreditRetired');
    expect(retired?.args).toEqual({ tokenId: BigInt(tokenId), owner: chain.custodyAddress, reason: 'Carbon Neutrality Goal' });
    const details = await chain.getCreditDetails(tokenId);
    expect(details).toMatchObject({ isRetired: true, retirementReason: 'Carbon Neutrality Goal', quantityTonnes: 100 });
    expect(details.retiredAt).toBeInstanceOf(Date);
  });

  it('reverts a second retirement with CarbonCreditAlreadyRetired(tokenId)', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    await chain.retire(tokenId, 'first');
    await expectChainError(chain.retire(tokenId, 'second'), CHAIN_ERROR_MESSAGES.retire, 'CarbonCreditAlreadyRetired', [BigInt(tokenId)]);
    expect((await chain.getCreditDetails(tokenId)).retirementReason).toBe('first');
  });

  it("reverts a stranger's retirement with CarbonCreditNotHolder(tokenId, caller)", async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const stranger = randomAccount();
    expect(await revertOf(chain, stranger.address, 'retireCredit', [BigInt(tokenId), 'mine now'])).toEqual({
      name: 'CarbonCreditNotHolder',
      args: [BigInt(tokenId), stranger.address],
    });
    const sent = await sendAs(chain, stranger, 'retireCredit', [BigInt(tokenId), 'mine now']);
    expect(sent.status).toBe('reverted');
    expect((await chain.getCreditDetails(tokenId)).isRetired).toBe(false);
  });

  it('lets an approved operator retire on behalf of the holder', async () => {
    const holder = randomAccount();
    const operator = randomAccount();
    const { tokenId } = await chain.mint({ ...sampleCredit, to: holder.address });
    expect((await sendAs(chain, holder, 'approve', [operator.address, BigInt(tokenId)])).status).toBe('success');

    const receipt = await sendAs(chain, operator, 'retireCredit', [BigInt(tokenId), 'ESG report']);
    const retired = parseEventLogs({ abi: carbonCreditAbi, logs: receipt.logs, eventName: 'CreditRetired' });
    expect(retired[0]?.args).toEqual({ tokenId: BigInt(tokenId), owner: holder.address, reason: 'ESG report' });
  });

  it('reports a missing token as a details failure', async () => {
    await expectChainError(chain.getCreditDetails(999_999), CHAIN_ERROR_MESSAGES.details, 'ERC721NonexistentToken', [999_999n]);
  });
});

describe('transfers', () => {
  it('moves an active custody-held lot to a user wallet', async () => {
    const user = randomAccount();
    const { tokenId } = await chain.mint(sampleCredit);
    await chain.transfer(tokenId, user.address);
    expect(await chain.ownerOf(tokenId)).toBe(user.address);
  });

  it('reverts the transfer of a retired lot with CarbonCreditRetiredTransfer(tokenId)', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    await chain.retire(tokenId, 'done');
    await expectChainError(chain.transfer(tokenId, randomAccount().address), CHAIN_ERROR_MESSAGES.transfer, 'CarbonCreditRetiredTransfer', [BigInt(tokenId)]);
    expect(await chain.ownerOf(tokenId)).toBe(chain.custodyAddress);
  });
});

describe('splitCredit', () => {
  it('moves tonnes into a new lot with the same provenance', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const { newTokenId, txHash } = await chain.split(tokenId, 30);

    const split = (await logsOf(txHash)).find((log) => log.eventName === 'CreditSplit');
    expect(split?.args).toEqual({ tokenId: BigInt(tokenId), newTokenId: BigInt(newTokenId), quantity: 30n });
    const [original, part] = await Promise.all([chain.getCreditDetails(tokenId), chain.getCreditDetails(newTokenId)]);
    expect(original.quantityTonnes).toBe(70);
    expect(part).toEqual({ ...original, quantityTonnes: 30 });
    expect(part.rootTokenId).toBe(tokenId);
    expect(await chain.ownerOf(newTokenId)).toBe(chain.custodyAddress);
  });

  it('splits a split lot and keeps the root', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const first = await chain.split(tokenId, 40);
    const second = await chain.split(first.newTokenId, 15);
    const quantities = await Promise.all([tokenId, first.newTokenId, second.newTokenId].map((id) => chain.getCreditDetails(id)));
    expect(quantities.map((credit) => credit.quantityTonnes)).toEqual([60, 25, 15]);
    expect(quantities.map((credit) => credit.rootTokenId)).toEqual([tokenId, tokenId, tokenId]);
  });

  it.each([0, 100, 101])('reverts a split of %i of 100 tonnes with CarbonCreditInvalidQuantity', async (quantityTonnes) => {
    const { tokenId } = await chain.mint(sampleCredit);
    await expectChainError(chain.split(tokenId, quantityTonnes), CHAIN_ERROR_MESSAGES.split, 'CarbonCreditInvalidQuantity', [BigInt(tokenId), BigInt(quantityTonnes), 100n]);
  });

  it('reverts a split of a retired lot and a split by a stranger', async () => {
    const { tokenId } = await chain.mint(sampleCredit);
    const stranger = randomAccount();
    expect(await revertOf(chain, stranger.address, 'splitCredit', [BigInt(tokenId), 1n, stranger.address])).toEqual({
      name: 'CarbonCreditNotHolder',
      args: [BigInt(tokenId), stranger.address],
    });
    await chain.retire(tokenId, 'done');
    await expectChainError(chain.split(tokenId, 10), CHAIN_ERROR_MESSAGES.split, 'CarbonCreditAlreadyRetired', [BigInt(tokenId)]);
  });
});

describe('totalSupply', () => {
  it('counts every mint and split, retired lots included', async () => {
    const before = await chain.totalSupply();
    const { tokenId } = await chain.mint(sampleCredit);
    await chain.split(tokenId, 1);
    await chain.retire(tokenId, 'done');
    expect(await chain.totalSupply()).toBe(before + 2n);
  });
});

describe('public JSON-RPC', () => {
  it('serves chain id 80002 and exposes no node accounts', async () => {
    expect(await chain.request({ method: 'eth_chainId' })).toBe('0x13882');
    expect(await chain.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it.each(['eth_sendTransaction', 'hardhat_setBalance', 'evm_mine', 'eth_sign'])('refuses %s', async (method) => {
    await expect(chain.request({ method, params: [zeroAddress] })).rejects.toMatchObject({ code: -32601 });
  });

  it('knows whether a transaction exists', async () => {
    const { txHash } = await chain.mint(sampleCredit);
    expect(await chain.getTransaction(txHash)).toMatchObject({ found: true, status: 'success' });
    expect(await chain.getTransaction(`0x${'ab'.repeat(32)}`)).toEqual({ found: false, blockNumber: null, status: null });
  });
});

describe('when the chain is closed', () => {
  it('throws Contract not connected and reads a total supply of 0', async () => {
    const closed = await startEmbeddedChain();
    await closed.mint(sampleCredit);
    await closed.close();
    await expect(closed.mint(sampleCredit)).rejects.toThrow(CHAIN_ERROR_MESSAGES.notConnected);
    await expect(closed.retire(1, 'x')).rejects.toThrow(CHAIN_ERROR_MESSAGES.notConnected);
    await expect(closed.getCreditDetails(1)).rejects.toThrow(CHAIN_ERROR_MESSAGES.notConnected);
    expect(await closed.totalSupply()).toBe(0n);
  });
});

import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import jsSha3 from 'js-sha3';
import { CHAIN_ID } from '@/shared/constants';

/** As hardhat.config.cjs sets it for EDR: anchoring batches of a few hundred operations fit one transaction. */
export const BLOCK_GAS_LIMIT = 2_000_000_000n;

/**
 * Keccak-256 for the engine (trie nodes and keys, blooms, the KECCAK256 opcode, transaction and block hashes): js-sha3
 * hashes 2–5× faster than @noble/hashes, the engine's default, which took a fifth of a block's CPU, most of it
 * rehashing trie paths (profiled with node --cpu-prof on batches of 100 mints).
 */
export function keccak256(message: Uint8Array): Uint8Array {
  return new Uint8Array(jsSha3.keccak256.arrayBuffer(message));
}

/**
 * The embedded network's rules, as hardhat.config.cjs gives them to EDR: chain id 80002, every fork up to Cancun
 * from genesis (the compiler's evmVersion) and none after, a base fee starting at zero.
 */
export function embeddedCommon(genesisTimestamp: number): Common {
  const cancun = Mainnet.hardforks.findIndex((fork) => fork.name === 'cancun');
  return createCustomCommon(
    {
      chainId: CHAIN_ID,
      name: 'carbon-embedded',
      hardforks: Mainnet.hardforks
        .slice(0, cancun + 1)
        .filter((fork) => fork.name !== 'mergeNetsplitBlock')
        .map((fork) => (fork.name === 'shanghai' || fork.name === 'cancun' ? { name: fork.name, block: null, timestamp: 0 } : { name: fork.name, block: 0 })),
      genesis: {
        gasLimit: Number(BLOCK_GAS_LIMIT), difficulty: '0x0', nonce: '0x0000000000000000', extraData: '0x',
        timestamp: `0x${genesisTimestamp.toString(16)}`, baseFeePerGas: '0x0', excessBlobGas: '0x0',
      },
    },
    Mainnet,
    { hardfork: Hardfork.Cancun, customCrypto: { keccak256 } },
  );
}

// Hardhat Network settings of the embedded chain. src/server/chain/embedded-chain.ts resolves this file and creates
// a fresh in-process provider from it for every chain it starts. Contracts are compiled by
// scripts/compile-contracts.mjs, so there is no `solidity` section.

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  networks: {
    hardhat: {
      chainId: 80002,
      // Match the compiler's evmVersion; Hardhat 2.28 would otherwise run Osaka.
      hardfork: 'cancun',
      // No unlocked accounts: every transaction is signed by its sender (the adapter signs with the custody key it is
      // given and funds it), so nobody reaching /rpc can send as the node. It also skips mnemonic derivation at start.
      accounts: [],
      // Gas is free on the demo network, so browser wallets with no balance can still send transactions.
      initialBaseFeePerGas: 0,
      // A reverted transaction is still mined and uses its nonce: report it in the receipt like a real node does, so
      // the adapter can journal it and a replay stays nonce-exact.
      throwOnTransactionFailures: false,
      // Several blocks per second would otherwise each add a second, pushing block time far ahead of the wall clock.
      allowBlocksWithSameTimestamp: true,
      loggingEnabled: false,
      // Anchoring sends batches of up to a few hundred operations per transaction; gas is free here, so the block
      // limit only has to fit the largest batch.
      blockGasLimit: 2_000_000_000,
    },
  },
};

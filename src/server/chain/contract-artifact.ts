import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hex } from 'viem';
import { PROJECT_ROOT } from '@/server/project-root';

export { PROJECT_ROOT };

export interface ContractArtifact {
  contractName: string;
  abi: unknown[];
  bytecode: Hex;
}

interface CompileScript {
  compileContracts(options?: { force?: boolean }): Promise<{ compiled: boolean; artifacts: string[] }>;
}

/**
 * Reads build/contracts/CarbonCredit.json, compiling first when a source is newer than the build (the script's own
 * check costs a few file stats, so calling it every start is cheap; a real compile takes a few seconds).
 */
export async function loadCarbonCreditArtifact(root: string = PROJECT_ROOT): Promise<ContractArtifact> {
  // A computed specifier keeps the .mjs build script outside TypeScript's module graph.
  const scriptUrl = pathToFileURL(path.join(root, 'scripts', 'compile-contracts.mjs')).href;
  const script = (await import(scriptUrl)) as CompileScript;
  await script.compileContracts();
  const text = await readFile(path.join(root, 'build', 'contracts', 'CarbonCredit.json'), 'utf8');
  const artifact = JSON.parse(text) as ContractArtifact;
  if (!artifact.bytecode?.startsWith('0x') || artifact.bytecode.length < 4) {
    throw new Error('build/contracts/CarbonCredit.json has no bytecode; run npm run build:contracts');
  }
  return artifact;
}

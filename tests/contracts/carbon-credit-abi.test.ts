import { beforeAll, describe, expect, it } from 'vitest';
import type { Abi, AbiItem, AbiParameter } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';

let compiledAbi: Abi;

beforeAll(async () => {
  compiledAbi = (await loadCarbonCreditArtifact()).abi as Abi;
}, 60_000);

// Types only (tuples expanded): parameter names are documentation and may differ.
function typeOf(parameter: AbiParameter): string {
  if (!('components' in parameter)) return parameter.type;
  return parameter.type.replace('tuple', `(${parameter.components.map(typeOf).join(',')})`);
}

// The signature plus mutability, outputs and event indexing, so a changed return type or a moved `indexed` is caught.
function shapeOf(item: AbiItem): string {
  const inputs = 'inputs' in item ? item.inputs.map(typeOf).join(',') : '';
  const outputs = 'outputs' in item ? item.outputs.map(typeOf).join(',') : '';
  const indexed = item.type === 'event' ? item.inputs.map((input) => (input.indexed ? 'i' : '-')).join('') : '';
  const mutability = 'stateMutability' in item ? item.stateMutability : '';
  return `${item.type} ${'name' in item ? item.name : ''}(${inputs}) ${mutability} (${outputs}) ${indexed}`;
}

describe('the hand-written ABI', () => {
  it('matches the compiled contract for every item it declares', () => {
    const compiled = new Set(compiledAbi.map(shapeOf));
    const missing = carbonCreditAbi.map(shapeOf).filter((shape) => !compiled.has(shape));
    expect(missing).toEqual([]);
  });

  it('declares every event and custom error of the compiled contract, so all of them decode', () => {
    const declared = new Set(carbonCreditAbi.map(shapeOf));
    const undeclared = compiledAbi
      .filter((item) => item.type === 'event' || item.type === 'error')
      .map(shapeOf)
      .filter((shape) => !declared.has(shape));
    expect(undeclared).toEqual([]);
  });
});

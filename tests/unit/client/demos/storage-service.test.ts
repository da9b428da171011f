import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStorageService, mrvHashOf } from '@/client/features/demos/services/storage-service';
import { validateMrvData } from '@/client/features/demos/services/validation-service';
import { cidV0FromSha256 } from '@/domain/mrv/mrv-hash';
import { recordingRuntime } from './demo-test-runtime';

describe('mrvHashOf', () => {
  it('is the CIDv0 of the SHA-256 of the UTF-8 content (Web Crypto agrees with node:crypto)', async () => {
    const content = '{"forest":"Amazonía"}';
    expect(await mrvHashOf(content)).toBe(cidV0FromSha256(createHash('sha256').update(content, 'utf8').digest()));
  });
});

describe('createStorageService', () => {
  it('waits the upload delay, returns a 46-character Qm hash and keeps the content under it', async () => {
    const runtime = recordingRuntime();
    const storage = createStorageService(runtime);
    const hash = await storage.upload('report A');
    expect(runtime.slept).toEqual([1500]);
    expect(hash).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/);
    expect(storage.retrieve(hash)).toBe('report A');
    expect(storage.retrieve(`Qm${'x'.repeat(44)}`)).toBeUndefined();
  });
});

describe('validateMrvData', () => {
  it.each([
    [`Qm${'a'.repeat(44)}`, true],
    [`Qm${'a'.repeat(43)}`, false],
    [`Qm${'a'.repeat(45)}`, false],
    [`Xm${'a'.repeat(44)}`, false],
  ])('waits the validation delay and judges %s as %s', async (hash, valid) => {
    const runtime = recordingRuntime();
    expect(await validateMrvData(runtime, hash)).toBe(valid);
    expect(runtime.slept).toEqual([500]);
  });
});

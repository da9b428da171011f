import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { serializerCompiler as libraryCompiler } from 'fastify-type-provider-zod';
import { checksSameBothWays, serializerCompiler } from '@/server/plugins/zod-serializer';
import { purchaseResponse } from '@/shared/schemas/credit';
import * as auth from '@/shared/schemas/auth';
import * as certificate from '@/shared/schemas/certificate';
import * as chainAudit from '@/shared/schemas/chain-audit';
import * as common from '@/shared/schemas/common';
import * as credit from '@/shared/schemas/credit';
import * as developer from '@/shared/schemas/developer';
import * as integrity from '@/shared/schemas/integrity';
import * as pool from '@/shared/schemas/pool';
import * as projectDetails from '@/shared/schemas/project-details';
import * as project from '@/shared/schemas/project';
import * as quote from '@/shared/schemas/quote';
import * as registry from '@/shared/schemas/registry';
import * as report from '@/shared/schemas/report';
import * as retirementClaim from '@/shared/schemas/retirement-claim';
import * as stats from '@/shared/schemas/stats';
import * as trading from '@/shared/schemas/trading';
import * as transaction from '@/shared/schemas/transaction';

/** The JSON a compiled serializer writes, or the error it throws. */
function outcome(compiler: typeof serializerCompiler, schema: $ZodType, data: unknown): { json?: string; error?: string } {
  const serialize = compiler({ schema, method: 'POST', url: '/api/x', httpStatus: '200' } as never);
  try {
    return { json: serialize(data) };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

const sameAsLibrary = (schema: $ZodType, data: unknown) => expect(outcome(serializerCompiler, schema, data)).toEqual(outcome(libraryCompiler, schema, data));

const answer = {
  credit: {
    id: 12, tokenId: null, projectId: 3, projectName: 'Katingan', quantity: 1, purchasePrice: '18.50', purchaseDate: '2026-11-26T00:52:42.699Z',
    status: 'active', retiredAt: null, retiredReason: null, certificateId: null, serialStart: 1000, serialEnd: 1000, serialRange: 'VCS-1-001000',
    integrity: {
      ccpLabel: 'approved', corsia: 'first_phase', article6: 'not_authorised', correspondingAdjustment: 'not_applicable', category: 'removal',
      bufferPoolPercent: 20, rating: 'A', ratingOnWatch: false, demoData: true,
    },
  },
  subtotal: '18.50', fee: '0.37', total: '18.87', cashBalance: '999.13', certificateId: null,
};

const everySharedSchema = Object.entries({
  auth, certificate, chainAudit, common, credit, developer, integrity, pool, projectDetails, project, quote, registry, report, retirementClaim, stats, trading, transaction,
}).flatMap(([file, exports]) => Object.entries(exports).flatMap(([name, value]) => (value instanceof $ZodType ? [[`${file}.${name}`, value] as const] : [])));

describe('the response serializer', () => {
  it('checks a purchase answer with the fast direction: its schema has no part that runs differently backwards', () => {
    expect(checksSameBothWays(purchaseResponse)).toBe(true);
  });

  it('leaves schemas with a default, a transform, a pipe or a refinement to the library', () => {
    expect(checksSameBothWays(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(checksSameBothWays(z.object({ a: z.array(z.string().transform(Number)) }))).toBe(false);
    expect(checksSameBothWays(z.string().pipe(z.string()))).toBe(false);
    expect(checksSameBothWays(z.lazy(() => z.string()))).toBe(false);
    expect(checksSameBothWays(z.union([z.number(), z.string()]).refine((value) => value !== ''))).toBe(false);
    // Where parse and encode differ: a missing field with a default is filled forwards and refused backwards.
    sameAsLibrary(z.object({ a: z.string().default('x') }), {});
  });

  it('writes what the library writes for a valid answer, an answer with extra keys and invalid answers', () => {
    sameAsLibrary(purchaseResponse, answer);
    expect(outcome(serializerCompiler, purchaseResponse, answer).json).toBe(JSON.stringify(answer));
    sameAsLibrary(purchaseResponse, { ...answer, passwordHash: 'secret', credit: { ...answer.credit, extra: 1 } });
    expect(outcome(serializerCompiler, purchaseResponse, { ...answer, passwordHash: 'x' }).json).not.toContain('passwordHash');
    sameAsLibrary(purchaseResponse, { ...answer, fee: '0.3' });
    sameAsLibrary(purchaseResponse, { ...answer, credit: { ...answer.credit, status: 'lost' } });
    sameAsLibrary(purchaseResponse, { ...answer, credit: { ...answer.credit, integrity: null } });
    expect(outcome(serializerCompiler, purchaseResponse, { ...answer, fee: 3 }).error).toMatch(/ResponseSerializationError/);
  });

  it('agrees with the library on every schema the API shares, for any value', () => {
    expect(everySharedSchema.length).toBeGreaterThan(30);
    fc.assert(fc.property(fc.constantFrom(...everySharedSchema), fc.anything({ withNullPrototype: false }), ([, schema], data) => {
      sameAsLibrary(schema, data);
    }), { numRuns: 3000 });
  });
});

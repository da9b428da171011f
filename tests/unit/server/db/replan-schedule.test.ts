import { describe, expect, it } from 'vitest';
import { replanDue } from '@/server/db/replan-schedule';

describe('replanDue', () => {
  it('rebuilds a plan at the 64th, 128th, 256th… execution and at no other', () => {
    const due = Array.from({ length: 5000 }, (_, index) => index + 1).filter(replanDue);
    expect(due).toEqual([64, 128, 256, 512, 1024, 2048, 4096]);
  });
});

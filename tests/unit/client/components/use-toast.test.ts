import { describe, expect, it } from 'vitest';
import { reducer, type ToasterToast } from '@/client/components/ui/use-toast';

const t = (id: string): ToasterToast => ({ id, open: true, title: id });

describe('toast queue', () => {
  it('keeps at most one toast, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD', toast: t('1') });
    state = reducer(state, { type: 'ADD', toast: t('2') });
    expect(state.toasts.map((x) => x.id)).toEqual(['2']);
  });

  it('closes on dismiss and forgets on remove', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD', toast: t('1') });
    state = reducer(state, { type: 'DISMISS', toastId: '1' });
    expect(state.toasts[0].open).toBe(false);
    state = reducer(state, { type: 'REMOVE', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});

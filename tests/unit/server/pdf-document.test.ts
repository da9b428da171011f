import { describe, expect, it } from 'vitest';
import { fontRuns } from '@/server/services/pdf-document';

describe('fontRuns', () => {
  it('draws Latin, Greek and Cyrillic with Noto Sans and CJK with Noto Sans JP, spaces staying in their run', () => {
    expect(fontRuns('Łódź – Москва – Ελλάς 東京 電力', 'regular')).toEqual([
      { font: 'Sans', text: 'Łódź – Москва – Ελλάς ' },
      { font: 'CJK', text: '東京 電力' },
    ]);
    expect(fontRuns('東京 Energy', 'bold')).toEqual([{ font: 'CJK-Bold', text: '東京 ' }, { font: 'Sans-Bold', text: 'Energy' }]);
  });

  it('turns control characters into spaces and gives empty text one run', () => {
    expect(fontRuns('a\tb\u0085c', 'regular')).toEqual([{ font: 'Sans', text: 'a b c' }]);
    expect(fontRuns('', 'regular')).toEqual([{ font: 'Sans', text: '' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { byRelevance } from './relevance';
import type { HitRef } from './search-registry';
import { parseSearchQuery } from './search-query';

const post = (id: number, text: string): HitRef => ({
  type: 'forum_post',
  id,
  created_at: `2026-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
  text,
});

describe('best-first order', () => {
  it('puts more of the query’s word forms in fewer words first, whatever their case and ё', () => {
    const refs = [
      post(1, 'Совсем о другом: погода, дорога и чай.'),
      post(2, 'Кошка спала. А потом ещё долго-долго говорили о погоде, о дороге, о работе.'),
      post(3, 'КОШКИ бегали, кошкой восхищались.'),
      post(4, 'Ёжик и кошек не любит, а кошки его.'),
    ];
    const order = byRelevance(refs, parseSearchQuery('кошки')).map((r) => r.id);
    expect(order).toEqual([3, 4, 2, 1]);
  });

  it('finds English forms whose stem changes a letter, prefixes and phrases', () => {
    const refs = [
      post(1, 'Nothing to see here at all, really nothing.'),
      post(2, 'Happiness, and happy people.'),
      post(3, 'She was happy.'),
    ];
    expect(byRelevance(refs, parseSearchQuery('happy')).map((r) => r.id)).toEqual([2, 3, 1]);
    const prefixed = [post(1, 'a word'), post(2, 'программисты и программы')];
    expect(byRelevance(prefixed, parseSearchQuery('програм*')).map((r) => r.id)).toEqual([2, 1]);
    const phrase = [post(1, 'тихий вечер'), post(2, 'тихие вечера, тихий вечер')];
    expect(byRelevance(phrase, parseSearchQuery('"тихий вечер"')).map((r) => r.id)).toEqual([2, 1]);
  });

  it('does not count a word that only contains the query’s word', () => {
    const refs = [post(1, 'подкошки подкошки'), post(2, 'кошки')];
    expect(byRelevance(refs, parseSearchQuery('кошки')).map((r) => r.id)).toEqual([2, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';

/** A repository that counts its reads and answers when told to. */
function slowRepo() {
  let reads = 0;
  const waiting: (() => void)[] = [];
  const later = <T>(value: T) =>
    new Promise<T>((resolve) => {
      waiting.push(() => resolve(value));
    });
  const repo = {
    fonts: () => {
      reads += 1;
      return later([{ id: 1, font_family: 'Arial' }]);
    },
    smileyGroups: () => later([{ id: 1, name_ru: 'Эмоции', name_en: 'Emotions', position: 1 }]),
    smileys: () => later([{ id: 7, group_id: 1, tag: 'smile', file: 'smile.gif', position: 1 }]),
  } as unknown as CatalogRepository;
  return {
    repo,
    reads: () => reads,
    answer: () => waiting.splice(0).forEach((go) => go()),
  };
}

describe('CatalogService', () => {
  it('reads once for callers that miss the cache together, and serves the rest from it', async () => {
    const fake = slowRepo();
    const catalog = new CatalogService(fake.repo, (file) => `/s/${file}`);
    const all = Promise.all([catalog.smileysByTag(), catalog.fonts(), catalog.smileyGroups('en')]);
    fake.answer();
    const [byTag, fonts, groups] = await all;
    expect(fake.reads()).toBe(1);
    expect(byTag.get('smile')).toEqual({ id: 7, tag: 'smile', file: '/s/smile.gif' });
    expect(fonts).toHaveLength(1);
    expect(groups[0]!.smileys).toEqual([byTag.get('smile')]);
    await catalog.smileysByTag();
    expect(fake.reads()).toBe(1);
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const fake = slowRepo();
    const catalog = new CatalogService(fake.repo, (file) => file);
    const stale = catalog.fonts();
    catalog.invalidate();
    fake.answer();
    await stale;
    const fresh = catalog.fonts();
    fake.answer();
    await fresh;
    expect(fake.reads()).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidationBus, type RemoteChannel } from '../../lib/cache/invalidation-bus';
import { GuestPages, peopleChanged, threadChanged } from './guest-pages';

/** A page builder that counts its builds. */
function builder() {
  let builds = 0;
  const build = (value: string) => async () => {
    builds += 1;
    return value;
  };
  return { build, builds: () => builds };
}

describe('visitors’ kept forum pages', () => {
  it('forgets a changed thread’s pages and every category page, on a word from any node', async () => {
    const bus = new InvalidationBus();
    const pages = new GuestPages<string>(bus);
    const { build, builds } = builder();
    const thread = (id: number) => pages.page(pages.threadKey(id, 'en', 1), build(`thread ${id}`));
    const category = () => pages.page(pages.categoryKey(7, 'en', 1), build('category'));
    await thread(1);
    await thread(2);
    await category();
    expect(builds()).toBe(3);
    await thread(1);
    await category();
    expect(builds()).toBe(3);
    await threadChanged(bus, 1);
    await thread(1);
    await thread(2);
    await category();
    expect(builds()).toBe(5);
    await peopleChanged(bus);
    await thread(2);
    expect(builds()).toBe(6);
  });

  it('never keeps a page under a key read before a change', async () => {
    const bus = new InvalidationBus();
    const pages = new GuestPages<string>(bus);
    const keyBeforeChange = pages.threadKey(1, 'ru', 3);
    await threadChanged(bus, 1);
    await pages.page(keyBeforeChange, async () => 'built from the old rows');
    expect(await pages.page(pages.threadKey(1, 'ru', 3), async () => 'fresh')).toBe('fresh');
  });

  it('builds a page once for concurrent visitors, and for each while deaf to other nodes', async () => {
    let live = true;
    const remote: RemoteChannel = {
      get live() {
        return live;
      },
      listen: () => undefined,
      send: async () => undefined,
      close: async () => undefined,
    };
    const pages = new GuestPages<string>(new InvalidationBus(remote));
    const { build, builds } = builder();
    const key = pages.threadKey(1, 'en', 1);
    await Promise.all([1, 2, 3].map(() => pages.page(key, build('page'))));
    expect(builds()).toBe(1);
    live = false;
    await pages.page(key, build('page'));
    await pages.page(key, build('page'));
    expect(builds()).toBe(3);
  });
});

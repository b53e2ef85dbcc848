import { describe, expect, it } from 'vitest';
import { resolveAppAddress } from './routes';

describe('resolveAppAddress', () => {
  it.each([
    ['/', 'ru', 'home'],
    ['/ru', 'ru', 'home'],
    ['/en/', 'en', 'home'],
    ['/en/chat', 'en', 'chat'],
    ['/en/chat/12', 'en', 'chat'],
    ['/ru/CHAT/', 'ru', 'chat'],
    ['/ru/my', 'ru', 'my'],
    ['/ru/my/photos', 'ru', 'my'],
    ['/en/profile/bob', 'en', 'profile'],
    ['/en/complaints/7', 'en', 'complaint'],
    ['/en/page/privacy', 'en', 'staticPage'],
    // No tab: the people list opens its first.
    ['/en/profiles', 'en', 'profiles'],
    ['/ru/profiles/online', 'ru', 'profiles'],
  ])('%s is the %s page %s', (path, locale, route) => {
    expect(resolveAppAddress(path)).toEqual({ kind: 'page', locale, route });
  });

  it.each([
    ['/en/no-such-page', 'en'],
    ['/ru/chat/12/more', 'ru'],
    ['/en/profile', 'en'],
    ['/en//chat', 'en'],
    ['//en/chat', 'ru'],
    // Near a page's address but none: the spec's quotes page is /quote.
    ['/ru/quotes', 'ru'],
    ['/en/forum/thread/a/b', 'en'],
    ['/en/art/post/a/b', 'en'],
  ])('%s is no page (%s)', (path, locale) => {
    expect(resolveAppAddress(path)).toEqual({ kind: 'notFound', locale });
  });

  it.each([
    ['/xx/', '/en/'],
    ['/de/chat', '/en/chat'],
    ['/EN/chat', '/en/chat'],
    ['/chat', '/en/'],
  ])('sends %s to %s', (path, to) => {
    expect(resolveAppAddress(path)).toEqual({ kind: 'redirect', to });
  });
});

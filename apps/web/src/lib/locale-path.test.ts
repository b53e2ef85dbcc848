import { describe, expect, it } from 'vitest';
import { localePath, resolveLocale, switchLocale } from './locale-path';

describe('resolveLocale', () => {
  it.each([
    ['/', 'ru', null],
    ['/ru', 'ru', null],
    ['/ru/agreement', 'ru', null],
    ['/en', 'en', null],
    ['/en/page/privacy', 'en', null],
    ['/xx/', 'en', '/en/'],
    ['/xx', 'en', '/en/'],
    ['/de/chat', 'en', '/en/chat'],
    ['/fr/page/privacy', 'en', '/en/page/privacy'],
    ['/EN/chat', 'en', '/en/chat'],
  ])('%s → %s (redirect %s)', (path, locale, redirect) => {
    expect(resolveLocale(path)).toEqual({ locale, redirect });
  });
});

describe('localePath and switchLocale', () => {
  it('builds links with the locale first; the Russian home is /', () => {
    expect(localePath('ru')).toBe('/');
    expect(localePath('en')).toBe('/en');
    expect(localePath('ru', '/login')).toBe('/ru/login');
  });

  it('keeps the path when switching language', () => {
    expect(switchLocale('/', 'en')).toBe('/en');
    expect(switchLocale('/en', 'ru')).toBe('/');
    expect(switchLocale('/ru/page/privacy', 'en')).toBe('/en/page/privacy');
    expect(switchLocale('/en/login', 'ru')).toBe('/ru/login');
    expect(switchLocale('/en/login', 'en')).toBe('/en/login');
  });
});

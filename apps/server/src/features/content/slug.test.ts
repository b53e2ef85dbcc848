import { describe, expect, it } from 'vitest';
import { RESERVED_CATEGORY_SLUGS, SLUG_MAX, slugBase, uniqueSlug } from './slug';

describe('content slugs', () => {
  it('transliterates Cyrillic to Latin, in lower case with hyphens', () => {
    expect(slugBase('Привет, мир!')).toBe('privet-mir');
    expect(slugBase('Ёжик в тумане')).toBe('yozhik-v-tumane');
    expect(slugBase('Music and  Films')).toBe('music-and-films');
    expect(slugBase('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(slugBase('__proto__')).toBe('proto');
  });

  it('cuts long titles at a word end within the limit', () => {
    const slug = slugBase('слово '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toMatch(/^(slovo-)*slovo$/);
    expect(slugBase('a'.repeat(10_000)).length).toBe(SLUG_MAX);
  });

  it('makes slugs unique with -2, -3, and falls back when a title has no letters', () => {
    expect(uniqueSlug('Hello', new Set(), { fallback: 'thread' })).toBe('hello');
    expect(uniqueSlug('Hello', new Set(['hello', 'hello-2']), { fallback: 'thread' })).toBe(
      'hello-3',
    );
    expect(uniqueSlug('😀', new Set(['thread']), { fallback: 'thread' })).toBe('thread-2');
  });

  it('never gives a category a reserved word of the forum addresses', () => {
    const options = { fallback: 'category', reserved: RESERVED_CATEGORY_SLUGS };
    expect(uniqueSlug('Create', new Set(), options)).toBe('create-2');
    expect(uniqueSlug('Thread', new Set(), options)).toBe('thread-2');
  });
});

import { describe, expect, it } from 'vitest';
import { GuestPages } from './guest-pages';

describe('visitors’ kept forum pages', () => {
  it('forgets a changed thread’s pages and every category page, and nothing else', () => {
    const pages = new GuestPages<string>(1000, 10, () => 0);
    pages.set(pages.threadKey(1, 'en', 1), 'thread 1');
    pages.set(pages.threadKey(2, 'en', 1), 'thread 2');
    pages.set(pages.categoryKey(7, 'en', 1), 'category 7');
    pages.forgetThread(1);
    expect(pages.get(pages.threadKey(1, 'en', 1))).toBeUndefined();
    expect(pages.get(pages.threadKey(2, 'en', 1))).toBe('thread 2');
    expect(pages.get(pages.categoryKey(7, 'en', 1))).toBeUndefined();
  });

  it('never serves a page built before a change under the key read after it', () => {
    const pages = new GuestPages<string>(1000, 10, () => 0);
    const keyBeforeChange = pages.threadKey(1, 'ru', 3);
    pages.forgetThread(1);
    pages.set(keyBeforeChange, 'built from the old rows');
    expect(pages.get(pages.threadKey(1, 'ru', 3))).toBeUndefined();
  });

  it('lets a page go after its time, and the oldest when full', () => {
    let now = 0;
    const pages = new GuestPages<number>(1000, 2, () => now);
    pages.set('a', 1);
    pages.set('b', 2);
    pages.set('c', 3);
    expect(pages.get('a')).toBeUndefined();
    expect(pages.get('b')).toBe(2);
    now = 1000;
    expect(pages.get('c')).toBeUndefined();
  });

  it('forgets every page when a person they may show changes', () => {
    const pages = new GuestPages<string>(1000, 10, () => 0);
    pages.set(pages.threadKey(1, 'en', 1), 'thread');
    pages.set(pages.categoryKey(7, 'en', 1), 'category');
    pages.forgetAll();
    expect(pages.get(pages.threadKey(1, 'en', 1))).toBeUndefined();
    expect(pages.get(pages.categoryKey(7, 'en', 1))).toBeUndefined();
  });
});

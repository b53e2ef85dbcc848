import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderAt } from '../../test/profiles-render-kit';
import { SearchTabs } from './components/search-tabs';
import { hitPath } from './links';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the art and quotes scopes of the search', () => {
  it('has a tab for each, named in both languages, with its count', async () => {
    const params = { q: 'cats', in: 'quotes' as const, sort: 'best' as const, page: 1 };
    const totals = { forum: 1, art: 4, quotes: 101, chat: 0, people: 0 };
    const { unmount } = renderAt('/en/search', [
      { path: '/:locale/search', element: <SearchTabs params={params} totals={totals} /> },
    ]);
    expect(screen.getByTestId('search-tab-art').textContent).toBe('Art4');
    expect(screen.getByTestId('search-tab-quotes').textContent).toBe('Quotes100+');
    expect(screen.getByTestId('search-tab-quotes').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('search-tab-art').getAttribute('href')).toBe(
      '/en/search?q=cats&in=art',
    );
    unmount();
    await i18n.changeLanguage('ru');
    renderAt('/ru/search', [
      { path: '/:locale/search', element: <SearchTabs params={params} totals={totals} /> },
    ]);
    expect(screen.getByTestId('search-tab-art').textContent).toBe('Арт4');
    expect(screen.getByTestId('search-tab-quotes').textContent).toBe('Цитаты100+');
  });

  it('leads a quote hit to that quote, an art hit to its post', () => {
    expect(hitPath('en', { kind: 'quote', room_id: 3, message_id: 9 })).toBe('/en/quote?message=9');
    expect(hitPath('ru', { kind: 'quote', room_id: 3, message_id: 9 })).toBe('/ru/quote?message=9');
    expect(hitPath('en', { kind: 'art', post_slug: 'cat', comment_id: 4 })).toBe(
      '/en/art/post/cat#comment-4',
    );
  });
});

import type { ArtGalleryPage } from '@chat/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { makeArtCard, makeArtGroup } from '../../test/art-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { Gallery } from './components/gallery';

const server = {
  get: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
  post: vi.fn(),
  json: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

/** The page's observers (the "load more" one and the thumbnails'): `seen()` is the reader
 * scrolling near the end, everything observed coming into view. */
const observers: FakeObserver[] = [];
const seen = () => observers.forEach((o) => o.fire());
class FakeObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  fire() {
    const entries = [...this.targets].map(
      (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const page = (n: number, last: number): ArtGalleryPage => ({
  group: makeArtGroup(),
  data: [1, 2].map((i) => makeArtCard({ id: n * 10 + i })),
  meta: { current_page: n, last_page: last, per_page: 2, total: last * 2 },
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  server.get.mockImplementation(async (_path, options) => {
    const body = page(Number(options?.query?.page ?? 1), 2);
    return { data: body.data, meta: body.meta, envelope: body };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a gallery', () => {
  it('loads the next page as the reader nears the end, and stops after the last', async () => {
    renderAt('/en/art/drawings', [
      {
        path: '/:locale/art/:groupSlug',
        element: <Gallery scope={{ group: 'drawings', sort: 'top' }} label="Posts" />,
      },
    ]);
    await screen.findByTestId('art-card-11');
    expect(server.get).toHaveBeenCalledWith(
      '/api/art/groups/drawings',
      expect.objectContaining({
        query: { page: '1', sort: 'top' },
      }),
    );
    act(() => seen());
    await screen.findByTestId('art-card-21');
    expect(screen.getAllByTestId(/^art-card-/)).toHaveLength(4);
    await waitFor(() => expect(screen.queryByTestId('art-more')).toBeNull());
    expect(server.get).toHaveBeenCalledTimes(2);
  });
});

import type { Gif } from '@chat/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { signInAs } from '../../test/chat-kit';
import { useSessionStore } from '../session/store';
import { fetchGifs, type GifQuery } from './api';
import type * as ApiModule from './api';
import { GifPicker } from './gif-picker';
import { useGifsStore } from './store';

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  fetchGifs: vi.fn(),
}));

const gif = (id: number, title = `gif ${id}`): Gif => ({
  id,
  category_id: 1,
  title,
  url: `/assets/gifs/${id}.gif`,
  width: 120,
  height: 90,
});

const fetchMock = vi.mocked(fetchGifs);

function renderPicker(onPick = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/en/chat']}>
          <GifPicker onPick={onPick} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onPick;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock.mockReset();
  useGifsStore.setState({
    categories: [
      { id: 1, name: { ru: 'Котики', en: 'Cats' } },
      { id: 2, name: { ru: 'Танцы', en: 'Dance' } },
    ],
    sent: [],
  });
  useSessionStore.setState({ userData: null });
});

describe('GifPicker', () => {
  it('opens on a category when nothing was sent yet, and pages by category', async () => {
    fetchMock.mockImplementation(async (query: GifQuery, page: number) => ({
      gifs: query.category === 1 ? [gif(page * 10 + 1)] : [],
      next: page < 2 ? page + 1 : null,
    }));
    const onPick = renderPicker();
    expect(await screen.findByTestId('gif-11')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith({ category: 1, q: '' }, 1, expect.anything());
    fireEvent.scroll(screen.getByTestId('gif-grid'));
    expect(await screen.findByTestId('gif-21')).toBeTruthy();
    fireEvent.click(screen.getByTestId('gif-21'));
    expect(onPick).toHaveBeenCalledWith(gif(21));
  });

  it('searches across categories after typing stops', async () => {
    fetchMock.mockImplementation(async (query: GifQuery) => ({
      gifs: query.q === 'dance' ? [gif(5, 'dance party')] : [gif(1)],
      next: null,
    }));
    renderPicker();
    await screen.findByTestId('gif-1');
    fireEvent.change(screen.getByTestId('gif-search'), { target: { value: 'dan' } });
    fireEvent.change(screen.getByTestId('gif-search'), { target: { value: 'dance' } });
    expect(await screen.findByTestId('gif-5')).toBeTruthy();
    const searches = fetchMock.mock.calls.filter(([query]) => query.q !== '');
    // Debounced: one search for the settled text, none for the half-typed one.
    expect(searches.map(([query]) => query)).toEqual([{ category: null, q: 'dance' }]);
    expect(screen.queryByTestId('gif-tab-recent')).toBeNull();
  });

  it('shows recent GIFs first: sent here, then the server list', async () => {
    const data = signInAs();
    useSessionStore.setState({
      userData: { ...data, recent_gifs: [gif(2), gif(3)] },
    });
    useGifsStore.getState().remember(gif(3));
    renderPicker();
    const grid = screen.getByTestId('gif-grid');
    const ids = Array.from(grid.querySelectorAll('.gif-btn')).map((b) =>
      b.getAttribute('data-testid'),
    );
    expect(ids).toEqual(['gif-3', 'gif-2']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves between GIFs with the arrow keys', async () => {
    fetchMock.mockResolvedValue({ gifs: [1, 2, 3, 4, 5].map((id) => gif(id)), next: null });
    renderPicker();
    const first = await screen.findByTestId('gif-1');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('gif-2'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('gif-5'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

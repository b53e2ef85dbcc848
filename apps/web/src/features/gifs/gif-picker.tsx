import type { Gif } from '@chat/shared';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onGridKeyDown } from '../../shared/hooks/grid-keys';
import { useLocale } from '../../lib/use-locale';
import { PickerTab } from '../composer/picker-tab';
import { useRecentGifs } from './recent';
import { categoryName, useGifName, useGifsStore } from './store';
import { GIF_SEARCH_DEBOUNCE_MS, useDebounced, useGifSearch } from './use-gif-search';

const RECENT = 'recent';
const COLUMNS = 3;
/** Load the next page when the list is scrolled this close to its end, in pixels. */
const NEAR_END = 160;

/**
 * The GIF library: a search box, a "recent" tab and the categories (init's `gif_categories`);
 * pages load as the list is scrolled. Arrow keys move between GIFs, Enter sends one.
 */
export function GifPicker({ onPick }: { onPick: (gif: Gif) => void }) {
  const { t } = useTranslation('uploads');
  const locale = useLocale();
  const categories = useGifsStore((s) => s.categories);
  const recent = useRecentGifs();
  const gifName = useGifName();
  const [tab, setTab] = useState<string>(() =>
    recent.length > 0 || categories.length === 0 ? RECENT : String(categories[0]?.id),
  );
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), GIF_SEARCH_DEBOUNCE_MS);
  const searching = q !== '';
  const category = tab === RECENT ? null : Number(tab);
  const remote = useGifSearch(
    { category: searching ? null : category, q },
    searching || category !== null,
  );

  const gifs = useMemo<readonly Gif[]>(() => {
    if (!searching && tab === RECENT) return recent;
    const seen = new Set<number>();
    // Pages can overlap when GIFs are added meanwhile: show each once.
    return (remote.data?.pages ?? [])
      .flatMap((page) => page.gifs)
      .filter((gif) => {
        if (seen.has(gif.id)) return false;
        seen.add(gif.id);
        return true;
      });
  }, [searching, tab, recent, remote.data]);

  const list = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = remote;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { root: list.current, rootMargin: `${NEAR_END}px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('.gif-btn') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + step))];
    next?.focus();
    if (at + step >= buttons.length - COLUMNS) loadMore();
  };

  const showRemoteState = searching || tab !== RECENT;
  return (
    <div className="gif-picker" data-testid="gif-picker">
      <input
        type="search"
        className="form-control form-control-sm gif-search"
        placeholder={t('gifs.search')}
        aria-label={t('gifs.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Down from the search box goes into the GIFs.
          if (event.key !== 'ArrowDown') return;
          const first = list.current?.querySelector<HTMLButtonElement>('.gif-btn');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        autoFocus
        data-testid="gif-search"
      />
      {!searching && (
        <div
          className="chat-smileys-tabs gif-tabs"
          role="tablist"
          aria-label={t('gifs.title')}
          onKeyDown={(event) => onGridKeyDown(event, '[role="tab"]', Number.MAX_SAFE_INTEGER)}
        >
          <PickerTab
            selected={tab === RECENT}
            onSelect={() => setTab(RECENT)}
            testId="gif-tab-recent"
          >
            {t('gifs.recent')}
          </PickerTab>
          {categories.map((c) => (
            <PickerTab
              key={c.id}
              selected={tab === String(c.id)}
              onSelect={() => setTab(String(c.id))}
              testId={`gif-tab-${c.id}`}
            >
              {categoryName(c, locale)}
            </PickerTab>
          ))}
        </div>
      )}
      <div
        ref={list}
        className="gif-grid"
        role="tabpanel"
        onKeyDown={onGridKey}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END) loadMore();
        }}
        data-testid="gif-grid"
      >
        {gifs.map((gif) => {
          const name = gifName(gif, locale);
          const label = name === null ? t('gifs.button') : t('gifs.gif', { title: name });
          return (
            <button
              key={gif.id}
              type="button"
              className="gif-btn"
              aria-label={label}
              title={label}
              onClick={() => onPick(gif)}
              data-testid={`gif-${gif.id}`}
            >
              <img src={gif.url} alt="" width={gif.width} height={gif.height} loading="lazy" />
            </button>
          );
        })}
        {gifs.length === 0 && !remote.isFetching && (
          <p className="chat-smileys-empty">
            {remote.isError && showRemoteState
              ? t('gifs.failed')
              : showRemoteState
                ? t('gifs.nothing')
                : t('gifs.noRecent')}
          </p>
        )}
        {showRemoteState && remote.isFetching && (
          <p className="chat-smileys-empty" role="status">
            {t('gifs.loading')}
          </p>
        )}
        <div ref={sentinel} className="gif-sentinel" />
      </div>
    </div>
  );
}

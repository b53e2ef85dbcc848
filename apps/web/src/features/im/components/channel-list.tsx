import { useEffect, useRef } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../../session/store';
import { orderChannels } from '../transitions';
import { ChannelItem } from './channel-item';
import { useIm, useImActions } from './im-context';

interface ChannelListProps {
  selectedId: number | null;
  onSelect: (channelId: number) => void;
}

/** How far before the list's end the next page is asked for. */
const NEAR_END_PX = 200;

/**
 * The conversations, newest activity first (the order follows each new message at once). Further
 * pages come when the list is scrolled to its end, or by the button there (keyboard, no observer).
 */
export function ChannelList({ selectedId, onSelect }: ChannelListProps) {
  const { t } = useTranslation('im');
  const actions = useImActions();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? 0);
  const status = useIm((s) => s.channelsStatus);
  const channels = useIm(useShallow((s) => orderChannels(s.channels)));
  const hasMore = useIm((s) => s.channelsHasMore);
  const more = useIm((s) => s.channelsMore);
  const root = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  // After a failure the sentinel waits: the person retries with the button (no toast loop).
  const watching = hasMore && more === 'idle' && channels.length > 0;
  useEffect(() => {
    const target = sentinel.current;
    if (!watching || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void actions.loadMoreChannels();
      },
      { root: root.current, rootMargin: `${NEAR_END_PX}px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watching, actions]);

  let body;
  if (channels.length === 0 && (status === 'loading' || status === 'idle')) {
    body = (
      <div className="im-list-state" role="status">
        <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (channels.length === 0 && status === 'error') {
    body = (
      <div className="im-list-state" role="alert">
        <span>{t('list.error')}</span>
        <Button size="sm" onClick={() => void actions.loadChannels()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  } else if (channels.length === 0) {
    body = <p className="im-list-state">{t('list.empty')}</p>;
  } else {
    const loadingMore = more === 'loading';
    body = (
      <>
        <ul className="im-channels" data-testid="im-channels">
          {channels.map((channel) => (
            <ChannelItem
              key={channel.id}
              channel={channel}
              viewerId={viewerId}
              selected={channel.id === selectedId}
              onSelect={onSelect}
            />
          ))}
        </ul>
        {hasMore && (
          <div className="d-flex justify-content-center px-2 pb-2">
            {/* Stays mounted while loading, so the keyboard focus is not lost. */}
            <Button
              size="sm"
              variant="link"
              className="d-inline-flex align-items-center gap-2"
              aria-busy={loadingMore}
              data-testid="im-channels-more"
              onClick={() => void actions.loadMoreChannels()}
            >
              {loadingMore && (
                <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
              )}
              <span role={loadingMore ? 'status' : undefined}>
                {t(loadingMore ? 'list.loadingMore' : 'list.more')}
              </span>
            </Button>
            <div ref={sentinel} aria-hidden="true" data-testid="im-channels-sentinel" />
          </div>
        )}
      </>
    );
  }
  return (
    <nav ref={root} className="im-list" aria-label={t('list.title')} data-testid="im-list">
      {body}
    </nav>
  );
}

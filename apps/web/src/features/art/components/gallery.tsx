import type { ArtGroup } from '@chat/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useSessionStore } from '../../session/store';
import { galleryQuery, type GalleryScope } from '../api';
import { useLoadMore } from '../use-load-more';
import { ArtGrid } from './art-grid';

interface GalleryProps {
  scope: GalleryScope;
  label: string;
  /** Above the grid once the first page is there (the group's name, "Publish"). */
  head?: (group: ArtGroup | null) => ReactNode;
  /** What a missing group shows. */
  missing?: ReactNode;
}

/** A gallery's posts, page after page as the reader scrolls (or presses "More"). */
export function Gallery({ scope, label, head, missing }: GalleryProps) {
  const { t } = useTranslation('art');
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const result = useInfiniteQuery(galleryQuery(scope, viewerId));
  const more = result.hasNextPage && !result.isFetchingNextPage;
  const sentinel = useLoadMore(() => void result.fetchNextPage(), more);
  if (result.error instanceof ApiError && result.error.status === 404) return <>{missing}</>;
  const pages = result.data?.pages ?? [];
  const posts = pages.flatMap((p) => p.data);
  const group = pages[0]?.group ?? null;
  return (
    <>
      {pages.length > 0 && head?.(group)}
      {result.isPending && (
        <div className="text-center py-4" role="status">
          <Spinner animation="border" size="sm" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      )}
      {result.isError && (
        <p className="text-danger" role="alert">
          {t('loadFailed')}
        </p>
      )}
      {result.isSuccess && posts.length === 0 && (
        <p className="text-body-secondary" data-testid="art-empty">
          {t('empty')}
        </p>
      )}
      {posts.length > 0 && <ArtGrid posts={posts} label={label} />}
      <div ref={sentinel} className="art-more">
        {result.isFetchingNextPage ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('loading')}</span>
          </Spinner>
        ) : (
          result.hasNextPage && (
            <Button
              variant="outline-primary"
              onClick={() => void result.fetchNextPage()}
              data-testid="art-more"
            >
              {t('more')}
            </Button>
          )
        )}
      </div>
    </>
  );
}

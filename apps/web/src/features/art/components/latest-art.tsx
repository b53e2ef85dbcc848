import '../../../styles/art.css';
import type { ArtPostCard } from '@chat/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { fetchLatestArt, HOME_ART } from '../latest-api';
import { artPath } from '../links';
import { ArtGrid } from './art-grid';

/**
 * The newest art on the home page: a row of thumbnails (adult ones blurred), fetched once this
 * chunk has come; nothing while there is none (or on a failure).
 */
export function LatestArt() {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const [posts, setPosts] = useState<ArtPostCard[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchLatestArt({ signal: controller.signal }).then(setPosts, () => undefined);
    return () => controller.abort();
  }, []);
  if (!posts || posts.length === 0) return null;
  return (
    <section
      className="home-section art-strip"
      aria-labelledby="home-art-title"
      data-testid="home-art"
    >
      <div className="d-flex align-items-baseline justify-content-between gap-3">
        <h2 id="home-art-title" className="home-section-title">
          {t('home.title')}
        </h2>
        <Link to={artPath(locale)} className="small" data-testid="home-art-all">
          {t('home.all')}
        </Link>
      </div>
      <ArtGrid
        posts={posts.slice(0, HOME_ART)}
        rowHeight={130}
        label={t('home.title')}
        testId="home-art-grid"
      />
    </section>
  );
}

/** A person's posts on their profile: a grid, and a link to all when there are more. */
export function ProfileArt({ userId, nick }: { userId: number; nick: string }) {
  const { t } = useTranslation('art');
  const [posts, setPosts] = useState<ArtPostCard[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchLatestArt({ user: userId, signal: controller.signal }).then(setPosts, () => undefined);
    return () => controller.abort();
  }, [userId]);
  if (posts === null) return null;
  return (
    <section
      className="art-strip mt-4"
      aria-labelledby="profile-art-title"
      data-testid="profile-art"
    >
      <h2 id="profile-art-title" className="h5">
        {t('profile.title', { nick })}
      </h2>
      {posts.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('profile.none')}</p>
      ) : (
        <ArtGrid
          posts={posts}
          rowHeight={130}
          label={t('profile.title', { nick })}
          testId="profile-art-grid"
        />
      )}
    </section>
  );
}

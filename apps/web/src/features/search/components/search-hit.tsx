import type { SearchHit } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';
import { hitPath } from '../links';
import { Snippet } from '../snippet';

/** One result: where it is (a link), the words around the match, who wrote it and when. */
export function SearchHitItem({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const locale = useLocale();
  return (
    <li className="search-hit" data-testid="search-hit" data-hit-type={hit.type}>
      <h2 className="search-hit-title">
        <Link to={hitPath(locale, hit.link)} data-testid="search-hit-link">
          <bdi>{hit.title}</bdi>
        </Link>
      </h2>
      {hit.snippet !== '' && (
        <p className="search-hit-snippet" data-testid="search-hit-snippet">
          <Snippet snippet={hit.snippet} />
        </p>
      )}
      <p className="search-hit-meta">
        <span>{t(`type.${hit.type}`)}</span>
        {hit.author && hit.type !== 'user' && (
          <span>
            {t('by')} <UserLink user={hit.author} />
          </span>
        )}
        {hit.created_at && <When iso={hit.created_at} />}
      </p>
    </li>
  );
}

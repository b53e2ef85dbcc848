import type { ArtGroup } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { artPath } from '../links';

/** The groups with their covers (never an adult picture) and how many posts each holds. */
export function GroupList({ groups }: { groups: readonly ArtGroup[] }) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  return (
    <ul className="art-groups" aria-label={t('groups')} data-testid="art-groups">
      {groups.map((group) => {
        const cover = group.cover && group.cover.adult !== 1 ? group.cover : null;
        return (
          <li key={group.id}>
            <Link
              to={artPath(locale, group.slug)}
              className="art-group"
              data-testid={`art-group-${group.slug}`}
            >
              <span className="art-group-cover">
                {cover && (
                  <img
                    src={cover.thumb_url ?? cover.url ?? ''}
                    alt=""
                    loading="lazy"
                    width={64}
                    height={64}
                  />
                )}
              </span>
              <span className="art-group-text">
                <span className="d-block fw-semibold">{group.name}</span>
                <span className="d-block small text-body-secondary">
                  {t('postsCount', { count: group.posts_count })}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

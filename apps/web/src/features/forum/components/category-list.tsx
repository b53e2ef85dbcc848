import { useQuery } from '@tanstack/react-query';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { categoriesQuery } from '../api';
import { forumPath } from '../links';
import { LastPost } from './last-post';

/** `/{locale}/forum`: the categories with their counts and newest post. */
export function CategoryList() {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const result = useQuery(categoriesQuery());
  if (result.isLoading)
    return (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" size="sm" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  if (result.isError || !result.data)
    return (
      <p className="text-danger" role="alert">
        {t('loadFailed')}
      </p>
    );
  if (result.data.length === 0) return <p className="text-body-secondary">{t('noCategories')}</p>;
  return (
    <ul className="forum-categories list-unstyled" data-testid="forum-categories">
      {result.data.map((category) => (
        <li
          key={category.id}
          className="forum-category"
          data-testid={`forum-category-${category.slug}`}
        >
          <div className="forum-category-main">
            <h2 className="h5 mb-1">
              <Link to={forumPath(locale, category.slug)}>{category.name}</Link>
            </h2>
            {category.description && (
              <p className="forum-category-description small text-body-secondary mb-0">
                {category.description}
              </p>
            )}
          </div>
          <dl className="forum-counts small">
            <div>
              <dt>{t('counts.threads')}</dt>
              <dd>{category.threads_count}</dd>
            </div>
            <div>
              <dt>{t('counts.posts')}</dt>
              <dd>{category.posts_count}</dd>
            </div>
          </dl>
          <div className="forum-category-last">
            <LastPost last={category.last_post} withSubject />
          </div>
        </li>
      ))}
    </ul>
  );
}

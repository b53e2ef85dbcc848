import './forum-styles';
import type { ForumCategory } from '@chat/shared';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { authPagePath } from '../../features/auth/next-path';
import { CategoryList } from '../../features/forum/components/category-list';
import { ThreadList } from '../../features/forum/components/thread-list';
import { forumCreatePath } from '../../features/forum/links';
import { isRegistered } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

/** "New thread" when I may start one here; a guest is offered to sign in and come back. */
function StartThread({ category }: { category: ForumCategory }) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const location = useLocation();
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  if (category.can_start)
    return (
      <Link
        to={forumCreatePath(locale, category.slug)}
        className="btn btn-primary"
        data-testid="forum-new-thread"
      >
        {t('newThread')}
      </Link>
    );
  if (registered) return null;
  return (
    <p className="small mb-0" data-testid="forum-sign-in-to-post">
      <Link to={authPagePath(locale, 'login', `${location.pathname}${location.search}`)}>
        {t('signInToPost')}
      </Link>
    </p>
  );
}

/** `/{locale}/forum`: the categories; `/{locale}/forum/{slug}`: that category's threads. */
export function ForumPage() {
  const { t } = useTranslation('forum');
  const { categorySlug } = useParams();
  return (
    <Container className="py-4 forum-page">
      {categorySlug === undefined ? (
        <>
          <h1 className="h3 mb-3">{t('title')}</h1>
          <CategoryList />
        </>
      ) : (
        <ThreadList
          key={categorySlug}
          slug={categorySlug}
          actions={(category) => <StartThread category={category} />}
        />
      )}
    </Container>
  );
}

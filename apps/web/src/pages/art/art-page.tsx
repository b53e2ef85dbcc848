import './art-styles';
import type { ArtGroup } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { groupsQuery } from '../../features/art/api';
import { Gallery } from '../../features/art/components/gallery';
import { GroupList } from '../../features/art/components/group-list';
import { SortTabs } from '../../features/art/components/sort-tabs';
import { artCreatePath, artPath } from '../../features/art/links';
import { useSortParam } from '../../features/art/use-sort-param';
import { authPagePath } from '../../features/auth/next-path';
import { isRegistered } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

/** "Publish" when I may post in the group; a guest is offered to sign in and come back. */
function Publish({ group }: { group: ArtGroup }) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const location = useLocation();
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  if (group.can_post)
    return (
      <Link
        to={artCreatePath(locale, group.slug)}
        className="btn btn-primary"
        data-testid="art-publish"
      >
        {t('publish')}
      </Link>
    );
  if (registered) return null;
  return (
    <Link
      to={authPagePath(locale, 'login', `${location.pathname}${location.search}`)}
      className="small"
      data-testid="art-sign-in-to-post"
    >
      {t('signInToPost')}
    </Link>
  );
}

function GroupHead({ group }: { group: ArtGroup }) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  useOwnTitle(group.name);
  return (
    <header className="art-head">
      <div>
        <nav aria-label={t('breadcrumb')} className="small mb-1">
          <Link to={artPath(locale)}>{t('title')}</Link>
        </nav>
        <h1 className="h3 mb-1" data-testid="art-group-name">
          {group.name}
        </h1>
        {group.description && <p className="text-body-secondary mb-0">{group.description}</p>}
      </div>
      <Publish group={group} />
    </header>
  );
}

/** Every group with its cover, then the newest posts of all of them. */
function AllGroups() {
  const { t } = useTranslation('art');
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const groups = useQuery(groupsQuery(viewerId));
  const [sort, setSort] = useSortParam();
  return (
    <>
      <h1 className="h3 mb-3">{t('title')}</h1>
      {groups.isPending && <Spinner animation="border" size="sm" role="status" />}
      {groups.isError && (
        <p className="text-danger" role="alert">
          {t('loadFailed')}
        </p>
      )}
      {groups.data && <GroupList groups={groups.data} />}
      <h2 className="h5">{t('latest')}</h2>
      <SortTabs sort={sort} onSort={setSort} />
      <Gallery scope={{ sort }} label={t('latest')} />
    </>
  );
}

function GroupGallery({ slug }: { slug: string }) {
  const { t } = useTranslation('art');
  const [sort, setSort] = useSortParam();
  return (
    <Gallery
      scope={{ group: slug, sort }}
      label={t('posts')}
      head={(group) =>
        group && (
          <>
            <GroupHead group={group} />
            <SortTabs sort={sort} onSort={setSort} />
          </>
        )
      }
      missing={
        <h1 className="h3" data-testid="art-group-missing">
          {t('groupMissing')}
        </h1>
      }
    />
  );
}

/** `/{locale}/art`: every group and the newest posts; `/{locale}/art/{slug}`: a group's gallery. */
export function ArtPage() {
  const { groupSlug } = useParams();
  return (
    <Container className="py-4 art-page">
      {groupSlug === undefined ? <AllGroups /> : <GroupGallery key={groupSlug} slug={groupSlug} />}
    </Container>
  );
}

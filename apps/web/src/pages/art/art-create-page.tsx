import './art-styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { artApi, artKeys, groupsQuery } from '../../features/art/api';
import { ArtEditor } from '../../features/art/components/art-editor';
import { artPath, artPostPath } from '../../features/art/links';
import { authPagePath } from '../../features/auth/next-path';
import { GagBanner } from '../../features/sanctions/components/gag-banner';
import { isRegistered } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';
import { SmileyTools } from '../forum/smiley-tools';

/** `/{locale}/art/create/{groupSlug}`: a new post in the group. */
export function ArtCreatePage() {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { groupSlug = '' } = useParams();
  const queryClient = useQueryClient();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const registered = useSessionStore((s) => s.userData !== null && isRegistered(s.userData));
  const groups = useQuery(groupsQuery(viewerId));
  const group = groups.data?.find((g) => g.slug === groupSlug);
  useOwnTitle(group ? t('create.title', { group: group.name }) : null);

  let body;
  if (groups.isPending)
    body = (
      <div className="text-center py-4" role="status">
        <Spinner animation="border" size="sm" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  else if (groups.isError)
    body = (
      <p className="text-danger" role="alert">
        {t('loadFailed')}
      </p>
    );
  else if (group === undefined)
    body = (
      <h1 className="h3" data-testid="art-group-missing">
        {t('groupMissing')}
      </h1>
    );
  else if (!registered)
    body = (
      <Alert variant="info" data-testid="art-create-guest">
        {t('create.guest')}{' '}
        <Link to={authPagePath(locale, 'login', location.pathname)}>{t('signIn')}</Link>
      </Alert>
    );
  else if (!group.can_post)
    body = (
      <>
        <GagBanner />
        <Alert variant="secondary" data-testid="art-create-denied">
          {t('create.denied')}
        </Alert>
      </>
    );
  else
    body = (
      <ArtEditor
        group={group}
        Tools={SmileyTools}
        onSend={async (draft, clientId) => {
          const post = await artApi.create(group.slug, {
            title: draft.title,
            text: draft.text,
            attachments: draft.pictures.map((p) => p.id),
            adult: draft.adult,
            client_id: clientId,
          });
          void queryClient.invalidateQueries({ queryKey: artKeys.all });
          void navigate(artPostPath(locale, post.slug));
        }}
      />
    );

  return (
    <Container className="py-4 art-page art-create">
      {group && (
        <>
          <nav aria-label={t('breadcrumb')} className="small mb-1">
            <Link to={artPath(locale)}>{t('title')}</Link>
            {' › '}
            <Link to={artPath(locale, group.slug)}>{group.name}</Link>
          </nav>
          <h1 className="h3 mb-3">{t('create.heading')}</h1>
        </>
      )}
      {body}
    </Container>
  );
}

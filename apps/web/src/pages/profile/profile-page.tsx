import '../../styles/chat-messages.css';
import '../../styles/chat-message-actions.css';
import '../../styles/chat-composer.css';
import '../../styles/chat-users.css';
import '../../styles/im.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import '../../styles/premium.css';
import { lazy, Suspense } from 'react';
import { Button, Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { ProfileView } from '../../features/profiles/components/profile-view';
import { profilesPath } from '../../features/profiles/links';
import { useProfile, useViewerIsGuest } from '../../features/profiles/use-profile';
import { useLocale } from '../../lib/use-locale';
import { loadNamespaces } from '../../i18n/i18n';

// The person's art (a grid of their posts) comes as a chunk of its own, under the profile.
const ProfileArt = lazy(() =>
  Promise.all([import('../../features/art/components/latest-art'), loadNamespaces(['art'])]).then(
    ([m]) => ({ default: m.ProfileArt }),
  ),
);

/** /{locale}/profile/{slug}: someone's page, open to everyone (guests and visitors read it too). */
export function ProfilePage() {
  const { t } = useTranslation(['profiles', 'titles', 'common']);
  const locale = useLocale();
  const { slug = '' } = useParams();
  const state = useProfile(slug);
  const viewerIsGuest = useViewerIsGuest();
  useOwnTitle(
    state.missing
      ? t('titles:notFound')
      : state.profile
        ? t('profile.title', { nick: state.profile.user.nick.nick })
        : undefined,
  );

  return (
    <Container className="py-4 profile-container">
      {state.isLoading && (
        <div className="text-center py-5" role="status">
          <Spinner animation="border" size="sm" className="me-2" />
          {t('common:loading')}
        </div>
      )}
      {state.missing && (
        <Card className="border-0 shadow-sm mx-auto profile-state" data-testid="profile-not-found">
          <Card.Body className="p-4 text-center">
            <h1 className="h4">{t('profile.notFound')}</h1>
            <p className="text-body-secondary">{t('profile.notFoundHint')}</p>
            <Link to={profilesPath(locale)} className="btn btn-primary">
              {t('profile.toPeople')}
            </Link>
          </Card.Body>
        </Card>
      )}
      {state.failed && (
        <div className="text-center py-5" role="alert" data-testid="profile-failed">
          <p>{t('profile.loadFailed')}</p>
          <Button size="sm" onClick={state.retry}>
            {t('profile.retry')}
          </Button>
        </div>
      )}
      {state.profile && <ProfileView profile={state.profile} viewerIsGuest={viewerIsGuest} />}
      {state.profile && (
        <Suspense fallback={null}>
          <ProfileArt userId={state.profile.user.id} nick={state.profile.user.nick.nick} />
        </Suspense>
      )}
    </Container>
  );
}

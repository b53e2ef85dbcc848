import '../../styles/chat-layout.css';
import '../../styles/chat-messages.css';
import '../../styles/chat-message-actions.css';
import '../../styles/chat-composer.css';
import '../../styles/chat-users.css';
import '../../styles/chat-settings.css';
import '../../styles/im.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import '../../styles/premium.css';
import { Button, Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { ImProvider } from '../../features/im/components/im-context';
import { Messenger } from '../../features/im/components/messenger';
import { useImStore } from '../../features/im/store';
import { useSessionStore } from '../../features/session/store';
import { can } from '../../features/session/permissions';
import { LeaveIfBanned } from '../../features/sanctions/components/leave-if-banned';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

/** Below Bootstrap's md breakpoint the messenger shows one pane at a time. */
const TWO_PANES_QUERY = '(min-width: 768px)';

/** /{locale}/im/{channelId?}: the messenger, for registered users. */
export function ImPage() {
  const { t } = useTranslation(['im', 'auth']);
  const locale = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const twoPanes = useMediaQuery(TWO_PANES_QUERY);
  const userData = useSessionStore((s) => s.userData);
  const showAuth = useAuthDialogStore((s) => s.show);

  const parsed = Number(params.channelId);
  const channelId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const badAddress = params.channelId !== undefined && channelId === null;

  if (userData === null || !can(userData, 'im.send')) {
    return (
      <Container className="py-5">
        <Card className="border-0 shadow-sm mx-auto im-guest" data-testid="im-guest">
          <Card.Body className="p-4 text-center">
            <h1 className="h4 mb-3">{t('im:title')}</h1>
            <p className="text-body-secondary">{t('im:guestOnly')}</p>
            <Button variant="primary" onClick={() => showAuth('register')}>
              {t('auth:register.title')}
            </Button>
          </Card.Body>
        </Card>
      </Container>
    );
  }

  const select = (id: number | null) =>
    void navigate(localePath(locale, id === null ? '/im' : `/im/${id}`));
  return (
    <LeaveIfBanned>
      <ImProvider store={useImStore}>
        <h1 className="visually-hidden">{t('im:title')}</h1>
        {badAddress ? (
          <div className="im-state" role="alert" data-testid="im-not-found">
            <p>{t('im:conversation.notFound')}</p>
            <Button size="sm" onClick={() => select(null)}>
              {t('im:conversation.toList')}
            </Button>
          </div>
        ) : (
          <Messenger
            key={userData.user.id}
            channelId={channelId}
            onSelect={select}
            single={!twoPanes}
          />
        )}
      </ImProvider>
    </LeaveIfBanned>
  );
}

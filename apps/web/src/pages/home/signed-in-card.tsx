import type { UserData } from '@chat/shared';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { chatPath } from '../../features/auth/next-path';
import { ChatIcon } from '../../lib/icons';
import { UserAvatar } from '../../shared/ui/user-avatar';
import { useRoleFlags } from '../../features/session/hooks';
import { TaggedText } from '../../lib/tagged-text';
import { useLocale } from '../../lib/use-locale';

export function SignedInCard({ userData }: { userData: UserData }) {
  const { t } = useTranslation();
  const flags = useRoleFlags();
  const showAuth = useAuthDialogStore((s) => s.show);
  const chat = chatPath(useLocale());
  const nick = userData.user.nick.nick;
  const roles = userData.roles
    .map((role) => t(`common:roles.${role}`, { defaultValue: role }))
    .join(', ');
  return (
    <Card className="entry-card border-0 shadow-sm" data-testid="signed-in">
      <Card.Body className="p-4">
        <div className="d-flex align-items-center gap-3 mb-3">
          <UserAvatar user={userData.user} size={56} />
          <h2 className="h4 mb-0 text-break">
            <TaggedText text={t('home:signedIn.title', { nick })} elements={{ nick: <bdi /> }} />
          </h2>
        </div>
        <p className="text-body-secondary small mb-4" data-testid="signed-in-as">
          <TaggedText
            text={t('home:signedIn.as', { nick, roles })}
            elements={{ nick: <strong dir="auto" /> }}
          />
        </p>
        <Link to={chat} className="btn btn-primary btn-lg open-chat w-100" data-testid="open-chat">
          <ChatIcon size={20} /> {t('home:signedIn.openChat')}
        </Link>
        {flags.guest && (
          <div className="guest-invite mt-4 p-3 rounded-3" data-testid="guest-invite">
            <p className="mb-3">{t('home:signedIn.guestInvite', { nick })}</p>
            <Button
              variant="primary"
              onClick={() => showAuth('register', nick, chat)}
              data-testid="register-keep-nick"
            >
              {t('home:signedIn.registerKeep')}
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

import type { RoomUser } from '@chat/shared';
import { Badge, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../../lib/use-locale';
import { AvatarWithFrame } from '../../../../shared/ui/avatar-with-frame';
import { profilePath } from '../../../profiles/links';
import { ChatNick } from '../common/chat-nick';
import { StateDot } from './state-dot';

/** A small card about someone in the room, with the way to their full profile page. */
export function ProfileCardModal({
  entry,
  onHide,
}: {
  entry: RoomUser | null;
  onHide: () => void;
}) {
  const { t } = useTranslation(['chat', 'common', 'profiles']);
  const locale = useLocale();
  return (
    <Modal show={entry !== null} onHide={onHide} centered size="sm" data-testid="profile-card">
      {entry && (
        <>
          <Modal.Header closeButton className="border-0 pb-0">
            <Modal.Title as="h2" className="visually-hidden">
              {t('chat:users.profile')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="text-center pt-0 pb-4">
            <div className="chat-profile-avatar">
              <AvatarWithFrame user={entry.user} size={88} />
            </div>
            <div className="h5 mb-1 mt-3">
              <ChatNick nick={entry.user.nick} />
            </div>
            <div className="d-flex justify-content-center align-items-center gap-2 small text-body-secondary mb-2">
              <StateDot stateId={entry.state_id} />
              {t(`chat:users.state.${entry.state_id}`, { defaultValue: '' })}
            </div>
            {entry.status && <p className="chat-profile-status">{entry.status}</p>}
            <div
              className="d-flex flex-wrap justify-content-center gap-1"
              aria-label={t('chat:users.roles')}
            >
              {entry.user.roles.map((role) => (
                <Badge key={role} bg="light" text="dark" className="chat-role-badge">
                  {t(`common:roles.${role}`, { defaultValue: role })}
                </Badge>
              ))}
              {entry.user.premium && (
                <Badge bg="warning" text="dark" className="chat-role-badge">
                  {t('chat:users.premium')}
                </Badge>
              )}
            </div>
            <Link
              to={profilePath(locale, entry.user.slug)}
              className="btn btn-outline-primary btn-sm mt-3"
              onClick={onHide}
              data-testid="profile-card-open"
            >
              {t('profiles:profile.open')}
            </Link>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}

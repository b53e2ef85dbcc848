import type { MessageUser, PublicUser, RoomUser } from '@chat/shared';
import type { ReactNode } from 'react';
import { Badge, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../../lib/use-locale';
import { AvatarWithFrame } from '../../../../shared/ui/avatar-with-frame';
import { profilePath } from '../../../profiles/links';
import { ChatNick } from '../common/chat-nick';
import { StateDot, stateLabel } from './state-dot';

/** Whom a card is about: a room member's user, or a message's author who may have left. */
export type CardUser = MessageUser & Partial<Pick<PublicUser, 'frame' | 'premium'>>;

interface UserCardBodyProps {
  user: CardUser;
  /** Their place in the room (state and status), when they are in it. */
  entry: RoomUser | null;
  onHide: () => void;
  /** What the viewer may do about them (mention, private message, ignore, sanctions). */
  actions?: ReactNode;
}

/**
 * The card's contents, one for the user list's modal and the nick's popover: avatar, nick,
 * state and status, roles, the way to the full profile, and the actions given.
 */
export function UserCardBody({ user, entry, onHide, actions }: UserCardBodyProps) {
  const { t } = useTranslation(['chat', 'common', 'profiles']);
  const locale = useLocale();
  return (
    <div className="text-center">
      <div className="chat-profile-avatar">
        <AvatarWithFrame user={user} size={88} />
      </div>
      <div className="h5 mb-1 mt-3">
        <ChatNick nick={user.nick} />
      </div>
      {entry && (
        <div className="d-flex justify-content-center align-items-center gap-2 small text-body-secondary mb-2">
          <StateDot stateId={entry.state_id} gender={entry.user.gender} />
          {stateLabel(t, entry.state_id, entry.user.gender)}
        </div>
      )}
      {entry?.status && <p className="chat-profile-status">{entry.status}</p>}
      <div
        className="d-flex flex-wrap justify-content-center gap-1"
        aria-label={t('chat:users.roles')}
      >
        {user.roles.map((role) => (
          <Badge key={role} bg="light" text="dark" className="chat-role-badge">
            {t(`common:roles.${role}`, { defaultValue: role })}
          </Badge>
        ))}
        {user.premium && (
          <Badge bg="warning" text="dark" className="chat-role-badge">
            {t('chat:users.premium')}
          </Badge>
        )}
      </div>
      <Link
        to={profilePath(locale, user.slug)}
        className="btn btn-outline-primary btn-sm mt-3"
        onClick={onHide}
        data-testid="profile-card-open"
      >
        {t('profiles:profile.open')}
      </Link>
      {actions}
    </div>
  );
}

interface ProfileCardModalProps {
  entry: RoomUser | null;
  /** Whom the card is about when not a room member's entry (a message's author). */
  user?: CardUser | null;
  onHide: () => void;
  actions?: ReactNode;
  testId?: string;
}

/** A small card about someone in the room, with the way to their full profile page. */
export function ProfileCardModal({
  entry,
  user = entry?.user ?? null,
  onHide,
  actions,
  testId = 'profile-card',
}: ProfileCardModalProps) {
  const { t } = useTranslation('chat');
  return (
    <Modal show={user !== null} onHide={onHide} centered size="sm" data-testid={testId}>
      {user && (
        <>
          <Modal.Header closeButton className="border-0 pb-0">
            <Modal.Title as="h2" className="visually-hidden">
              {t('users.profile')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="pt-0 pb-4">
            <UserCardBody user={user} entry={entry} onHide={onHide} actions={actions} />
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}

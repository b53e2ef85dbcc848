import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { settle } from '../../../../lib/settle';
import { AtIcon, BanIcon } from '../../../../shared/ui/icons';
import { ShieldIcon } from '../../../../lib/icons';
import { SANCTION_PERMISSIONS, useCanAny } from '../../../session/permissions';
import { useComposerStore } from '../../hooks/composer-store';
import { useViewer } from '../../hooks/use-viewer';
import { useChat, useChatActions } from '../chat-context';
import { usePersonSlots } from './person-slots';
import type { CardUser } from './profile-card-modal';

interface UserCardActionsProps {
  user: CardUser;
  roomId: number;
  /** The card closes after any action (and the phone's drawer with it). */
  onDone: () => void;
  /** "Moderate": the caller opens the sanction dialog, which outlives the card. */
  onSanction: () => void;
}

/**
 * What the viewer may do about someone from their card: mention them in the room's box, write
 * to them privately (shown disabled with the reason to a guest), ignore them, and, for those
 * whose permissions allow it, open the sanction dialog. Nothing about oneself.
 */
export function UserCardActions({ user, roomId, onDone, onSanction }: UserCardActionsProps) {
  const { t } = useTranslation(['chat', 'sanctions']);
  const viewer = useViewer();
  const actions = useChatActions();
  const ignored = useChat((s) => s.ignoredUsers.has(user.id));
  const slots = usePersonSlots();
  const moderator = useCanAny(SANCTION_PERMISSIONS) && slots !== null;
  if (user.id === viewer.id) return null;
  const nick = user.nick.nick;
  return (
    <div
      className="user-card-actions"
      role="group"
      aria-label={t('chat:users.actions', { nick })}
      data-testid="nick-card-actions"
    >
      <Dropdown.Item
        as="button"
        onClick={() => {
          useComposerStore.getState().mention(roomId, { userId: user.id, nick });
          onDone();
        }}
        data-testid="nick-card-mention"
      >
        <AtIcon size={15} className="me-2" />
        {t('chat:users.mention')}
      </Dropdown.Item>
      {slots?.writePrivate(user.id, onDone)}
      <Dropdown.Item
        as="button"
        onClick={() => {
          settle(actions.toggleIgnore(user.id));
          onDone();
        }}
        data-testid="nick-card-ignore"
      >
        <BanIcon size={15} className="me-2" />
        {ignored ? t('chat:users.unignore') : t('chat:users.ignore')}
      </Dropdown.Item>
      {moderator && (
        <Dropdown.Item as="button" onClick={onSanction} data-testid="nick-card-sanction">
          <ShieldIcon size={15} className="me-2" />
          {t('sanctions:dialog.shield', { nick })}
        </Dropdown.Item>
      )}
    </div>
  );
}

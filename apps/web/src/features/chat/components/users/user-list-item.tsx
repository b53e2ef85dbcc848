import type { RoomUser } from '@chat/shared';
import { memo } from 'react';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AvatarWithFrame } from '../../../../shared/ui/avatar-with-frame';
import { ChatNick } from '../common/chat-nick';
import { AtIcon, BanIcon, EyeOffIcon, TrollIcon, UserIcon } from '../../../../shared/ui/icons';
import { WritePrivateItem } from '../../../im/components/write-private-item';
import { SanctionButton } from '../../../sanctions/components/sanction-button';
import { PremiumMark } from '../../../../shared/ui/premium-mark';
import { SendGiftItem } from '../../../presents/components/send-gift-button';
import { StateDot, stateLabel } from './state-dot';
import { useRoomSlots } from '../layout/room-slots';

export interface UserItemFlags {
  self: boolean;
  ignored: boolean;
  /** Shown to moderators only. */
  troll: boolean;
  showAvatars: boolean;
}

export interface UserItemHandlers {
  onMention: (entry: RoomUser) => void;
  onToggleIgnore: (entry: RoomUser) => void;
  onProfile: (entry: RoomUser) => void;
  /** After "Write a private message" opened the dock. */
  onWrite?: () => void;
  /** "Send a gift": the list opens the gift dialog (the menu closes on the click). */
  onGift?: (entry: RoomUser) => void;
}

// Flags travel as separate props (not one object) so that memo() can compare them.
interface UserListItemProps extends UserItemFlags {
  roomId: number;
  entry: RoomUser;
  handlers: UserItemHandlers;
}

export const UserListItem = memo(function UserListItem({
  roomId,
  entry,
  handlers,
  ...flags
}: UserListItemProps) {
  const { t } = useTranslation('chat');
  const slots = useRoomSlots();
  const nick = entry.user.nick.nick;
  return (
    <li
      className={`chat-user${flags.ignored ? ' is-ignored' : ''}`}
      data-testid={`room-user-${entry.user.id}`}
    >
      <Dropdown align="end">
        <Dropdown.Toggle as="button" type="button" className="chat-user-toggle no-caret">
          {/* Named by what it shows ("Actions: Nick, you, away…"), not a label that hides it. */}
          <span className="visually-hidden">{t('users.actionsPrefix')}</span>{' '}
          {flags.showAvatars && (
            <span className="chat-user-avatar" aria-hidden="true">
              <AvatarWithFrame user={entry.user} size={32} />
              <StateDot stateId={entry.state_id} gender={entry.user.gender} />
            </span>
          )}
          <span className="chat-user-text">
            <span className="chat-user-line">
              {!flags.showAvatars && (
                <StateDot stateId={entry.state_id} gender={entry.user.gender} />
              )}
              <ChatNick nick={entry.user.nick} className="text-truncate" />
              {entry.user.premium && <PremiumMark className="chat-user-mark is-premium" />}
              {slots?.userMark(roomId, entry.user.id)}
              {flags.self && ' '}
              {flags.self && <span className="chat-user-me">{t('users.me')}</span>}
              {entry.invisible && (
                <span
                  className="chat-user-mark"
                  title={t('users.invisible')}
                  data-testid="mark-invisible"
                >
                  <EyeOffIcon size={14} />
                  <span className="visually-hidden">{t('users.invisible')}</span>
                </span>
              )}
              {flags.troll && (
                <span
                  className="chat-user-mark is-troll"
                  title={t('users.troll')}
                  data-testid="mark-troll"
                >
                  <TrollIcon size={14} />
                  <span className="visually-hidden">{t('users.troll')}</span>
                </span>
              )}
              {flags.ignored && (
                <span
                  className="chat-user-mark"
                  title={t('users.ignored')}
                  data-testid="mark-ignored"
                >
                  <BanIcon size={13} />
                  <span className="visually-hidden">{t('users.ignored')}</span>
                </span>
              )}
            </span>
            {flags.showAvatars && (
              <span className="visually-hidden">
                , {stateLabel(t, entry.state_id, entry.user.gender)}
              </span>
            )}
            {entry.status && <span className="chat-user-status">{entry.status}</span>}
          </span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="shadow border-0 chat-menu" popperConfig={{ strategy: 'fixed' }}>
          {!flags.self && (
            <Dropdown.Item
              as="button"
              onClick={() => handlers.onMention(entry)}
              data-testid="user-mention"
            >
              <AtIcon size={15} className="me-2" />
              {t('users.mention')}
            </Dropdown.Item>
          )}
          {!flags.self && <WritePrivateItem userId={entry.user.id} onDone={handlers.onWrite} />}
          {handlers.onGift && (
            <SendGiftItem recipient={entry.user} onOpen={() => handlers.onGift?.(entry)} />
          )}
          <Dropdown.Item
            as="button"
            onClick={() => handlers.onProfile(entry)}
            data-testid="user-profile"
          >
            <UserIcon size={15} className="me-2" />
            {t('users.profile')}
          </Dropdown.Item>
          {!flags.self && (
            <Dropdown.Item
              as="button"
              onClick={() => handlers.onToggleIgnore(entry)}
              data-testid="user-ignore"
            >
              <BanIcon size={15} className="me-2" />
              {flags.ignored ? t('users.unignore') : t('users.ignore')}
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {!flags.self && (
        <SanctionButton
          userId={entry.user.id}
          nick={nick}
          className="chat-user-shield"
          testId="user-sanction"
          size={15}
        />
      )}
    </li>
  );
});

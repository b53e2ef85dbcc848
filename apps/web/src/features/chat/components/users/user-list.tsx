import { findByNick, type RoomUser } from '@chat/shared';
import { useMemo, useState } from 'react';
import { CloseButton, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useComposerStore } from '../../hooks/composer-store';
import { useRoomUsers } from '../../hooks/use-room-users';
import { useViewer } from '../../hooks/use-viewer';
import { useChat, useChatActions } from '../chat-context';
import { SearchIcon } from '../../../../shared/ui/icons';
import { settle } from '../../../../lib/settle';
import { GuestsLine } from './guests-line';
import { MyStateControl } from './my-state-control';
import { ProfileCardModal } from './profile-card-modal';
import { UserListItem, type UserItemHandlers } from './user-list-item';
import { GiftDialog } from '../../../presents/components/gift-dialog';

interface UserListProps {
  roomId: number;
  /** Called after an action that sends the user back to the messages (the phone's drawer). */
  onDone?: () => void;
  /** In a drawer: its close button sits in the list's own header. */
  onClose?: () => void;
}

/** Who is in the current room, in the site's order and as the viewer's settings allow. */
export function UserList({ roomId, onDone, onClose }: UserListProps) {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const actions = useChatActions();
  const { all, visible, guests, hiddenGuests } = useRoomUsers(roomId);
  const showAvatars = useChat((s) => s.settings.show_avatars);
  const trolls = useChat((s) => s.trolls);
  const ignored = useChat((s) => s.ignoredUsers);
  const [query, setQuery] = useState('');
  const [profile, setProfile] = useState<RoomUser | null>(null);
  const [gifting, setGifting] = useState<RoomUser | null>(null);

  const found = findByNick(visible, query);

  const handlers = useMemo<UserItemHandlers>(
    () => ({
      onMention: (entry) => {
        useComposerStore
          .getState()
          .mention(roomId, { userId: entry.user.id, nick: entry.user.nick.nick });
        onDone?.();
      },
      onToggleIgnore: (entry) => settle(actions.toggleIgnore(entry.user.id)),
      onProfile: setProfile,
      onWrite: onDone,
      onGift: setGifting,
    }),
    [actions, roomId, onDone],
  );

  return (
    <section className="chat-users" aria-labelledby="chat-users-title" data-testid="user-list">
      <div className="chat-panel-head">
        <h2 id="chat-users-title" className="chat-panel-title">
          {t('users.title')}
          <span className="chat-panel-count" data-testid="user-count">
            {visible.length}
          </span>
        </h2>
        {onClose && (
          <CloseButton onClick={onClose} aria-label={t('common:actions.close')} className="me-1" />
        )}
      </div>
      <GuestsLine shown={visible.length} guests={guests} hiddenGuests={hiddenGuests} />
      <div className="chat-users-search">
        <SearchIcon size={15} className="chat-users-search-icon" />
        <Form.Control
          type="search"
          size="sm"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('users.search')}
          aria-label={t('users.search')}
          data-testid="user-search"
        />
      </div>
      <ul className="chat-users-list">
        {found.map((entry) => (
          <UserListItem
            key={entry.user.id}
            roomId={roomId}
            entry={entry}
            self={entry.user.id === viewer.id}
            ignored={ignored.has(entry.user.id)}
            troll={viewer.can('user.troll') && trolls.has(entry.user.id)}
            showAvatars={showAvatars}
            handlers={handlers}
          />
        ))}
        {found.length === 0 && (
          <li className="chat-users-empty">{query.trim() ? t('users.none') : t('users.empty')}</li>
        )}
      </ul>
      <MyStateControl roomId={roomId} users={all} />
      <ProfileCardModal entry={profile} onHide={() => setProfile(null)} />
      {gifting && <GiftDialog recipient={gifting.user} onClose={() => setGifting(null)} />}
    </section>
  );
}

import type { ImChannel } from '@chat/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { listTime } from '../../../shared/time-format';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { Ticks } from './ticks';
import { useLiveUser } from '../../../shared/users/user-cache';

interface ChannelItemProps {
  channel: ImChannel;
  viewerId: number;
  selected: boolean;
  onSelect: (channelId: number) => void;
}

/** One conversation in the list: the other person, the last message, its time, unread count. */
export const ChannelItem = memo(function ChannelItem(props: ChannelItemProps) {
  const { channel, viewerId, selected, onSelect } = props;
  const person = useLiveUser(channel.user);
  const { t } = useTranslation('im');
  const locale = useLocale();
  const last = channel.last_message;
  const own = last !== null && last.user.id === viewerId;
  const preview =
    last === null
      ? t('list.noMessages')
      : last.deleted === 1
        ? t('message.deleted')
        : last.text.trim() !== ''
          ? last.text
          : t('list.attachment');
  const unread = channel.new_messages;
  return (
    <li>
      <button
        type="button"
        className={`im-channel${selected ? ' is-selected' : ''}${unread > 0 ? ' has-unread' : ''}`}
        onClick={() => onSelect(channel.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid={`im-channel-${channel.user.id}`}
      >
        <UserAvatar user={person} size={44} />
        <span className="im-channel-body">
          <span className="im-channel-line">
            <StyledNick nick={person.nick} className="im-channel-nick text-truncate" />
            <span className="im-channel-time">
              {own && <Ticks read={last.read_at !== null} />}
              {listTime(channel.updated_at, locale, new Date())}
            </span>
          </span>
          <span className="im-channel-line">
            <span
              className={`im-channel-preview text-truncate${last?.deleted === 1 ? ' is-deleted' : ''}`}
            >
              {own && last.deleted === 0 && <span className="im-channel-you">{t('list.you')}</span>}
              {preview}
            </span>
            {unread > 0 && (
              <span className="im-unread" data-testid="im-channel-unread">
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="visually-hidden">{t('list.unread', { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
});

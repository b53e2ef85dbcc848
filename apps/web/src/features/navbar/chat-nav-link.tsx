import { totalUnread } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../chat/store';
import { UnreadNavLink } from './unread-nav-link';

/** "Chat" in the navbar, with how many messages wait unread in my rooms. */
export function ChatNavLink() {
  const { t } = useTranslation();
  const unread = useChatStore((s) => totalUnread(s.rooms));
  return (
    <UnreadNavLink
      path="/chat"
      name="chat"
      label={t('common:nav.chat')}
      unread={unread}
      unreadLabel={t('common:nav.chatUnread', { count: unread })}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { useImStore } from '../im/store';
import { useCan } from '../session/permissions';
import { UnreadNavLink } from './unread-nav-link';

/**
 * "Messages" in the navbar with the total of unread private messages, live from the `Im.*`
 * events. Registered users only: visitors and guests cannot write privately, and a link that
 * only says so would crowd the navbar; they meet the rule where they try to write.
 */
export function ImNavLink() {
  const { t } = useTranslation('im');
  const registered = useCan('im.send');
  const unread = useImStore((s) => s.unreadTotal);
  if (!registered) return null;
  return (
    <UnreadNavLink
      path="/im"
      name="im"
      label={t('nav.link')}
      unread={unread}
      unreadLabel={t('nav.unread', { count: unread })}
    />
  );
}

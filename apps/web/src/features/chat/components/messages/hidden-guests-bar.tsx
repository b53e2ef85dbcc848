import { hiddenGuestMessageCount, type ChatMessage } from '@chat/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { settle } from '../../../../lib/settle';
import { useViewer } from '../../hooks/use-viewer';
import { useChat, useChatActions } from '../chat-context';

/**
 * Says at the top of a room how many of its messages are guests' words the viewer's setting
 * hides (show_guests is off by default), with one click to show them: a room that looks empty
 * or quiet may not be.
 */
export function HiddenGuestsBar({ messages }: { messages: readonly ChatMessage[] }) {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const actions = useChatActions();
  const settings = useChat((s) => s.settings);
  const trolls = useChat((s) => s.trolls);
  const ignoredUsers = useChat((s) => s.ignoredUsers);
  const hidden = useMemo(
    () =>
      hiddenGuestMessageCount(messages, { viewerId: viewer.id, trolls, ignoredUsers, settings }),
    [messages, viewer.id, trolls, ignoredUsers, settings],
  );
  if (hidden === 0) return null;
  return (
    <div className="chat-hidden-guests" role="status" data-testid="hidden-guest-messages">
      <span>{t('messages.guestsHidden', { count: hidden })}</span>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="chat-link-btn"
        onClick={() => settle(actions.updateSettings({ show_guests: true }))}
        aria-label={t('messages.showGuestMessages')}
        data-testid="show-guest-messages"
      >
        {t('messages.showGuests')}
      </button>
    </div>
  );
}

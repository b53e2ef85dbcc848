import { useState } from 'react';
import { Button, CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { loadItem, saveItem } from '../../../../lib/local-store';
import { useAuthDialogStore } from '../../../auth/auth-store';
import { useViewer } from '../../hooks/use-viewer';

/** Remembered per browser: the notice is said once, not on every visit. */
export const GUEST_NOTICE_KEY = 'chat.guestNoticeSeen';

/**
 * Tells a guest, once, what the spec's default means for them: registered people do not see
 * guests unless they choose to (show_guests), so few may read them. With the way out that keeps
 * the nick and the history: registering under the guest's own nick upgrades the account.
 */
export function GuestChatNotice() {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const showAuth = useAuthDialogStore((s) => s.show);
  const [seen, setSeen] = useState(() => loadItem(GUEST_NOTICE_KEY) !== null);
  if (!viewer.isGuest || seen) return null;
  const dismiss = () => {
    saveItem(GUEST_NOTICE_KEY, '1');
    setSeen(true);
  };
  return (
    <aside
      className="chat-guest-notice"
      aria-labelledby="chat-guest-notice-text"
      data-testid="guest-chat-notice"
    >
      <p id="chat-guest-notice-text" className="mb-2">
        {t('guest.notice')}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          size="sm"
          variant="primary"
          onClick={() => showAuth('register', viewer.nick)}
          data-testid="guest-notice-register"
        >
          {t('guest.registerAs')} <bdi>{viewer.nick}</bdi>
        </Button>
        <span className="chat-guest-notice-hint">{t('guest.keeps')}</span>
      </div>
      <CloseButton
        className="chat-guest-notice-close"
        onClick={dismiss}
        aria-label={t('guest.dismiss')}
        data-testid="guest-notice-dismiss"
      />
    </aside>
  );
}

/**
 * A guest's register button in the chat's header: one click from any room, on every screen,
 * to the registration form with the guest's nick (kept, with the messages).
 */
export function GuestRegisterButton() {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const showAuth = useAuthDialogStore((s) => s.show);
  if (!viewer.isGuest) return null;
  return (
    <Button
      size="sm"
      variant="primary"
      className="chat-register-btn"
      onClick={() => showAuth('register', viewer.nick)}
      title={t('guest.registerTitle', { nick: viewer.nick })}
      data-testid="chat-register"
    >
      {t('guest.register')}
    </Button>
  );
}

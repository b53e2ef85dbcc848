import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuthDialogStore } from '../auth/auth-store';
import { useSessionStore } from '../session/store';

/** What a guest sees on a tab that needs an account, with the way to get one. */
export function GuestNotice() {
  const { t } = useTranslation('my');
  const showAuth = useAuthDialogStore((s) => s.show);
  // A guest registers keeping the nick they chat under.
  const nick = useSessionStore((s) => s.userData?.user.nick.nick ?? '');
  return (
    <div className="text-center py-4" data-testid="my-guest-notice">
      <p className="text-body-secondary mb-3">{t('guestOnly')}</p>
      <Button
        variant="primary"
        onClick={() => showAuth('register', nick)}
        data-testid="my-register"
      >
        {t('register')}
      </Button>
    </div>
  );
}

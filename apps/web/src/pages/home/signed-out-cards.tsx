import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { GuestEntryForm } from '../../features/auth/guest-entry-form';
import { chatPath } from '../../features/auth/next-path';
import { useLocale } from '../../lib/use-locale';

export function SignedOutCards() {
  const { t } = useTranslation();
  const showAuth = useAuthDialogStore((s) => s.show);
  // People sign in on the home page to chat: the cards lead into the chat.
  const chat = chatPath(useLocale());
  return (
    <Card className="entry-card border-0 shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h4 mb-1">{t('auth:guest.title')}</h2>
        <p className="text-body-secondary mb-3">{t('auth:guest.lead')}</p>
        <GuestEntryForm />
        <hr className="my-4" />
        <h2 className="h6 mb-1">{t('home:account.title')}</h2>
        <p className="text-body-secondary small mb-3">{t('home:account.lead')}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="outline-primary"
            onClick={() => showAuth('signIn', '', chat)}
            data-testid="home-sign-in"
          >
            {t('home:account.signIn')}
          </Button>
          <Button
            variant="outline-secondary"
            onClick={() => showAuth('register', '', chat)}
            data-testid="home-register"
          >
            {t('home:account.register')}
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

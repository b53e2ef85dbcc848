import { Button, Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { GuestEntryForm } from '../../features/auth/guest-entry-form';
import { ChatIcon } from '../../lib/icons';

/** /chat for a visitor who is not signed in: the guest form first, an account second. */
export function ChatWelcome() {
  const { t } = useTranslation(['chat', 'auth']);
  const showAuth = useAuthDialogStore((s) => s.show);
  return (
    <section className="hero chat-welcome">
      <Container className="py-5">
        <Card
          className="entry-card chat-welcome-card border-0 shadow-sm mx-auto"
          data-testid="chat-welcome"
        >
          <Card.Body className="p-4 p-md-5">
            <div className="chat-welcome-icon" aria-hidden="true">
              <ChatIcon size={28} />
            </div>
            <h1 className="h3 mb-2">{t('chat:welcome.title')}</h1>
            <p className="text-body-secondary mb-4">{t('chat:welcome.lead')}</p>
            <GuestEntryForm />
            <div className="chat-welcome-or">
              <span>{t('chat:welcome.or')}</span>
            </div>
            <div className="d-flex flex-wrap gap-2 justify-content-center">
              <Button
                variant="outline-primary"
                onClick={() => showAuth('signIn')}
                data-testid="chat-sign-in"
              >
                {t('chat:welcome.signIn')}
              </Button>
              <Button
                variant="outline-secondary"
                onClick={() => showAuth('register')}
                data-testid="chat-register"
              >
                {t('chat:welcome.register')}
              </Button>
            </div>
          </Card.Body>
        </Card>
      </Container>
    </section>
  );
}

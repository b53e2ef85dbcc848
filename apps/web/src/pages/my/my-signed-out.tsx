import { Button, Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuthDialogStore } from '../../features/auth/auth-store';

/** /my without a session: nothing to edit until the person signs in. */
export function MySignedOut() {
  const { t } = useTranslation('my');
  const showAuth = useAuthDialogStore((s) => s.show);
  return (
    <Container className="py-5">
      <Card
        className="border-0 shadow-sm mx-auto"
        style={{ maxWidth: 480 }}
        data-testid="my-signed-out"
      >
        <Card.Body className="p-4 text-center">
          <h1 className="h4 mb-3">{t('title')}</h1>
          <p className="text-body-secondary">{t('signedOut')}</p>
          <Button variant="primary" onClick={() => showAuth('signIn')}>
            {t('signIn')}
          </Button>
        </Card.Body>
      </Card>
    </Container>
  );
}

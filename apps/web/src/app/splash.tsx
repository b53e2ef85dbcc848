import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-live="polite" data-testid="splash">
      <div className="splash-logo" aria-hidden="true" />
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{t('shell:splash')}</span>
    </div>
  );
}

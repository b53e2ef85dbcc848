import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container className="py-5 text-center not-found" data-testid="not-found">
      <div className="not-found-code" aria-hidden="true">
        {t('pages:notFound.code')}
      </div>
      <h1 className="h2 mb-3">{t('pages:notFound.title')}</h1>
      <p className="text-body-secondary mb-4">{t('pages:notFound.text')}</p>
      <Link to={localePath(locale)} className="btn btn-primary btn-lg px-4">
        {t('common:actions.toHome')}
      </Link>
    </Container>
  );
}

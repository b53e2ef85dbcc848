import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStore } from '../features/session/store';
import { LockIcon } from '../lib/icons';
import { localePath } from '../lib/locale-path';
import { useLocale } from '../lib/use-locale';
import { useOwnTitle } from './route-title';

/** Shown instead of every page while the agreement is declined (agreementStatus false). */
export function AccessRestricted() {
  const { t } = useTranslation();
  const locale = useLocale();
  const accept = useSessionStore((s) => s.setAgreementStatus);
  useOwnTitle(t('titles:restricted'));
  return (
    <div className="container py-5">
      <div
        className="restricted-card card border-0 shadow-sm mx-auto text-center"
        data-testid="access-restricted"
      >
        <div className="card-body p-4 p-md-5">
          <div className="restricted-icon mx-auto mb-3">
            <LockIcon size={32} />
          </div>
          <h1 className="h3 mb-3">{t('shell:restricted.title')}</h1>
          <p className="lead text-body-secondary mb-4">{t('shell:restricted.text')}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to={localePath(locale, '/agreement')} className="btn btn-outline-primary">
              {t('shell:restricted.review')}
            </Link>
            <Button variant="primary" onClick={() => accept(true)}>
              {t('shell:restricted.accept')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

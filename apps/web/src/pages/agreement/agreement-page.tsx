import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { usePage } from '../../features/pages/use-page';
import { useSessionStore } from '../../features/session/store';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { StaticPageView } from '../static-page/static-page';

/** /agreement — the user agreement with the buttons that set agreementStatus. */
export function AgreementPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const state = usePage('agreement');
  const status = useSessionStore((s) => s.agreementStatus);
  const setStatus = useSessionStore((s) => s.setAgreementStatus);
  useOwnTitle(state.page?.title);

  const accept = () => {
    setStatus(true);
    void navigate(localePath(locale));
  };
  const footer = (
    <div className="agreement-actions d-flex flex-wrap align-items-center gap-2 mt-4 pt-4 border-top">
      {status !== null && (
        <span className="text-body-secondary small me-auto" data-testid="agreement-status">
          {t(status ? 'pages:agreement.accepted' : 'pages:agreement.declined')}
        </span>
      )}
      <div className="d-flex gap-2 ms-auto">
        <Button
          variant="outline-secondary"
          onClick={() => setStatus(false)}
          data-testid="agreement-decline"
        >
          {t('common:actions.decline')}
        </Button>
        <Button variant="primary" onClick={accept} data-testid="agreement-accept">
          {t('common:actions.accept')}
        </Button>
      </div>
    </div>
  );
  return <StaticPageView state={state} footer={footer} />;
}

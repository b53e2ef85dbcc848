import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLegalStore } from '../features/pages/legal-store';
import { useSessionStore } from '../features/session/store';
import { ShieldIcon } from '../lib/icons';
import { TaggedText } from '../lib/tagged-text';

/** Spec section 2: Accept or Decline, with the privacy policy and agreement a click away. */
export function CookieNotice() {
  const { t } = useTranslation();
  const status = useSessionStore((s) => s.agreementStatus);
  const setStatus = useSessionStore((s) => s.setAgreementStatus);
  const showLegal = useLegalStore((s) => s.show);
  if (status === true) return null;

  const link = (slug: 'privacy' | 'agreement') => (
    <button type="button" className="link-button" onClick={() => showLegal(slug)} />
  );
  return (
    <section
      className="cookie-notice shadow-lg"
      aria-labelledby="cookie-notice-title"
      data-testid="cookie-notice"
    >
      <div className="cookie-notice-icon">
        <ShieldIcon size={26} />
      </div>
      <div className="flex-grow-1">
        <h2 id="cookie-notice-title" className="h6 mb-1">
          {t('shell:cookie.title')}
        </h2>
        <p className="mb-0 small text-body-secondary">
          <TaggedText
            text={t('shell:cookie.text')}
            elements={{ privacy: link('privacy'), terms: link('agreement') }}
          />
        </p>
      </div>
      <div className="cookie-notice-actions">
        <Button variant="outline-secondary" onClick={() => setStatus(false)}>
          {t('shell:cookie.decline')}
        </Button>
        <Button variant="primary" onClick={() => setStatus(true)}>
          {t('shell:cookie.accept')}
        </Button>
      </div>
    </section>
  );
}

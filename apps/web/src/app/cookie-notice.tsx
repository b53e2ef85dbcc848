import { useEffect, useRef, type RefObject } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLegalStore } from '../features/pages/legal-store';
import { useSessionStore } from '../features/session/store';
import { ShieldIcon } from '../lib/icons';
import { TaggedText } from '../lib/tagged-text';

const HEIGHT_VARIABLE = '--cookie-notice-height';

/**
 * Keeps `--cookie-notice-height` on the root at the strip of the screen the notice covers (from
 * its top edge to the bottom of the window), so that the page pads itself by it and nothing,
 * the guest button, the message box or "Accept and continue", ever stays under the notice.
 */
function useCoveredHeight(notice: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = notice.current;
    const root = document.documentElement;
    if (!shown || element === null) return;
    const measure = () => {
      const covered = Math.max(0, window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(covered)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [notice, shown]);
}

/** Spec section 2: Accept or Decline, with the privacy policy and agreement a click away. */
export function CookieNotice() {
  const { t } = useTranslation();
  const status = useSessionStore((s) => s.agreementStatus);
  const setStatus = useSessionStore((s) => s.setAgreementStatus);
  const showLegal = useLegalStore((s) => s.show);
  const ref = useRef<HTMLElement>(null);
  useCoveredHeight(ref, status !== true);
  if (status === true) return null;

  const link = (slug: 'privacy' | 'agreement') => (
    <button type="button" className="link-button" onClick={() => showLegal(slug)} />
  );
  return (
    <section
      ref={ref}
      className="cookie-notice shadow-lg"
      aria-labelledby="cookie-notice-title"
      data-testid="cookie-notice"
    >
      <div className="cookie-notice-icon">
        <ShieldIcon size={26} />
      </div>
      <div className="flex-grow-1">
        <h2 id="cookie-notice-title" className="cookie-notice-title h6 mb-1">
          {t('shell:cookie.title')}
        </h2>
        <p className="cookie-notice-text mb-0 small text-body-secondary">
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

import { useEffect, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { syncSession } from '../../features/auth/api';
import { apiErrorText } from '../../features/auth/error-text';
import { chatPath, sitePath } from '../../features/auth/next-path';
import { socialApi } from '../../features/auth/social-api';
import { readTelegramResult } from '../../features/auth/social-links';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

/**
 * /{locale}/auth/telegram: where Telegram's sign-in page sends the person back, with its signed
 * fields in the hash (`#tgAuthResult=`). They are taken out of the address at once, posted to
 * the server, and the page goes where the answer says: signed in, the nick page of a first
 * sign-up, or the security page after linking.
 */
export function TelegramAuthPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  const [params] = useSearchParams();
  const linking = params.get('intent') === 'link';
  const returnTo = sitePath(params.get('return_to'));
  // Read once: the hash leaves the address bar (and the history) as soon as the page shows.
  const [fields] = useState(() => readTelegramResult(hash));
  const [failure, setFailure] = useState<{ detail: string | null } | null>(
    fields === null ? { detail: t('sign-in:telegram.noResult') } : null,
  );
  const posted = useRef(false);

  useEffect(() => {
    if (hash !== '') void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  useEffect(() => {
    if (fields === null || posted.current) return;
    posted.current = true;
    void (async () => {
      try {
        const outcome = await socialApi.telegram({
          ...fields,
          intent: linking ? 'link' : 'signin',
          ...(returnTo === null ? {} : { return_to: returnTo }),
        });
        const next = sitePath(outcome.next) ?? chatPath(locale);
        if (outcome.outcome === 'signed_in') {
          // The session came as a cookie: the app learns who it is as after a page load.
          const known = await syncSession().then(
            () => true,
            () => false,
          );
          if (!known) {
            window.location.assign(next);
            return;
          }
        }
        void navigate(next, { replace: true });
      } catch (error) {
        setFailure({ detail: apiErrorText(error) });
      }
    })();
  }, [fields, linking, returnTo, locale, navigate]);

  return (
    <AuthPageCard title={t('auth:signIn.title')}>
      {failure === null ? (
        <div
          role="status"
          className="d-flex align-items-center gap-2"
          data-testid="telegram-working"
        >
          <Spinner size="sm" aria-hidden="true" />
          {t('sign-in:telegram.working')}
        </div>
      ) : (
        <>
          <Alert variant="danger" data-testid="telegram-error">
            <p className="fw-medium mb-1">{t('sign-in:telegram.failed')}</p>
            {failure.detail !== null && <p className="mb-0">{failure.detail}</p>}
          </Alert>
          {linking ? (
            <Link to={localePath(locale, '/my/security')} data-testid="telegram-back">
              {t('sign-in:telegram.toSecurity')}
            </Link>
          ) : (
            <Link to={localePath(locale, '/login')} data-testid="telegram-back">
              {t('sign-in:telegram.toSignIn')}
            </Link>
          )}
        </>
      )}
    </AuthPageCard>
  );
}

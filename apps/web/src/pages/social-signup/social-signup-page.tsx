import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { nextPath } from '../../features/auth/next-path';
import { socialApi, socialKeys } from '../../features/auth/social-api';
import { SocialSignupForm } from '../../features/auth/social-signup-form';
import { ApiError } from '../../lib/api-error';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

/** /{locale}/signup/social: a first sign-in with another site picks its nick here. */
export function SocialSignupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: socialKeys.signup,
    queryFn: socialApi.pendingSignup,
    // The step lives in a cookie: what the page shows is what the server holds now.
    staleTime: 0,
    gcTime: 0,
  });
  const signup = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;

  return (
    <AuthPageCard title={t('sign-in:socialSignup.title')}>
      {query.isPending ? (
        <Spinner size="sm" role="status" aria-label={t('common:loading')} />
      ) : signup ? (
        <SocialSignupForm
          signup={signup}
          onSignedUp={() => void navigate(nextPath(signup.return_to, locale), { replace: true })}
          onCancelled={() => void navigate(localePath(locale, '/'), { replace: true })}
        />
      ) : (
        <>
          <Alert variant={missing ? 'info' : 'danger'} data-testid="signup-missing">
            {missing ? t('sign-in:socialSignup.none') : t('sign-in:socialSignup.loadError')}
          </Alert>
          <Link to={localePath(locale, '/login')} data-testid="signup-to-sign-in">
            {t('sign-in:socialSignup.toSignIn')}
          </Link>
        </>
      )}
    </AuthPageCard>
  );
}

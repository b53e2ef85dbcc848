import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authPagePath, nextPath } from '../../features/auth/next-path';
import { SocialErrorAlert } from '../../features/auth/social-error';
import { SignInForm } from '../../features/auth/sign-in-form';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from './auth-page-card';

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'), locale);
  return (
    <AuthPageCard title={t('auth:signIn.title')}>
      <SocialErrorAlert />
      <SignInForm
        returnTo={next}
        onSuccess={() => void navigate(next)}
        // The other form keeps the way back.
        onRegister={() => void navigate(authPagePath(locale, 'register', params.get('next') ?? ''))}
      />
    </AuthPageCard>
  );
}

import { isRegistered } from '../../features/session/permissions';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authPagePath, nextPath } from '../../features/auth/next-path';
import { SocialErrorAlert } from '../../features/auth/social-error';
import { RegisterForm } from '../../features/auth/register-form';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from '../login/auth-page-card';

export function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'), locale);
  // A guest starts with their own nick: registering under it keeps the account.
  const guestNick = useSessionStore((s) =>
    s.userData && !isRegistered(s.userData) ? s.userData.user.nick.nick : '',
  );
  return (
    <AuthPageCard title={t('auth:register.title')} wide>
      <p className="text-body-secondary mb-4">{t('auth:register.lead')}</p>
      <SocialErrorAlert />
      <RegisterForm
        returnTo={next}
        initialNick={guestNick}
        onSuccess={() => void navigate(next)}
        // The other form keeps the way back.
        onSignIn={() => void navigate(authPagePath(locale, 'login', params.get('next') ?? ''))}
      />
    </AuthPageCard>
  );
}

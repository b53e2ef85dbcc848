import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignInForm } from '../../features/auth/sign-in-form';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { AuthPageCard } from './auth-page-card';

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <AuthPageCard title={t('auth:signIn.title')}>
      <SignInForm
        onSuccess={() => void navigate(localePath(locale))}
        onRegister={() => void navigate(localePath(locale, '/register'))}
      />
    </AuthPageCard>
  );
}

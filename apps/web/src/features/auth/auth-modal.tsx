import { lazy, Suspense } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { useAuthDialogStore } from './auth-store';
import { nextPath } from './next-path';

// The forms (and the schemas with phone parsing behind them) load when the dialog first opens:
// every page has this modal, few visitors open it.
const RegisterForm = lazy(() =>
  import('./register-form').then((m) => ({ default: m.RegisterForm })),
);
const SignInForm = lazy(() => import('./sign-in-form').then((m) => ({ default: m.SignInForm })));

function FormLoading() {
  return (
    <div className="auth-form-loading d-flex align-items-center justify-content-center">
      <Spinner role="status" variant="primary" />
    </div>
  );
}

/** Sign-in and registration as a modal over any page (opened from the navbar and home). */
export function AuthModal() {
  const { t } = useTranslation();
  const visible = useAuthDialogStore((s) => s.visible);
  const dialog = useAuthDialogStore((s) => s.dialog);
  const nick = useAuthDialogStore((s) => s.nick);
  const show = useAuthDialogStore((s) => s.show);
  const hide = useAuthDialogStore((s) => s.hide);
  const next = useAuthDialogStore((s) => s.next);
  const navigate = useNavigate();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  // Signing in with another site leaves the page: it comes back to where the dialog would go.
  const returnTo = nextPath(next ?? `${pathname}${search}`, locale);
  const done = () => {
    hide();
    if (next !== null) void navigate(next);
  };
  const title = dialog === 'register' ? t('auth:register.title') : t('auth:signIn.title');
  return (
    <Modal
      show={visible}
      onHide={hide}
      size={dialog === 'register' ? 'lg' : undefined}
      centered
      aria-labelledby="auth-modal-title"
    >
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="auth-modal-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-4">
        <Suspense fallback={<FormLoading />}>
          {dialog === 'register' ? (
            <RegisterForm
              key={nick}
              initialNick={nick}
              onSuccess={done}
              onSignIn={() => show('signIn')}
              returnTo={returnTo}
            />
          ) : (
            <SignInForm onSuccess={done} onRegister={() => show('register')} returnTo={returnTo} />
          )}
        </Suspense>
      </Modal.Body>
    </Modal>
  );
}

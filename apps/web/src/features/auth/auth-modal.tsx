import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthDialogStore } from './auth-store';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

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
        {dialog === 'register' ? (
          <RegisterForm
            key={nick}
            initialNick={nick}
            onSuccess={done}
            onSignIn={() => show('signIn')}
          />
        ) : (
          <SignInForm onSuccess={done} onRegister={() => show('register')} />
        )}
      </Modal.Body>
    </Modal>
  );
}

import { Toast, ToastContainer } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToastsStore } from './store';

/** The toasts of the whole site, top right; each hides itself unless told not to (store). */
export function ToastStack() {
  const { t } = useTranslation();
  const toasts = useToastsStore((s) => s.toasts);
  const dismiss = useToastsStore((s) => s.dismiss);
  return (
    <ToastContainer
      position="bottom-end"
      className="toast-stack p-3"
      containerPosition="fixed"
      role="region"
      aria-label={t('shell:toasts')}
    >
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.variant}
          onClose={() => dismiss(toast.id)}
          data-testid={`toast-${toast.variant}`}
          className="border-0 shadow"
        >
          <div className="d-flex align-items-start">
            <Toast.Body
              className="text-white flex-grow-1"
              role={toast.variant === 'danger' ? 'alert' : 'status'}
            >
              {toast.text}
            </Toast.Body>
            <button
              type="button"
              className="btn-close btn-close-white me-2 mt-2"
              aria-label={t('common:actions.close')}
              onClick={() => dismiss(toast.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}

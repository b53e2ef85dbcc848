import { useState, type ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  variant?: 'danger' | 'primary';
  onConfirm: () => Promise<unknown>;
  onHide: () => void;
  testId: string;
}

/** A yes/no question before something that cannot be undone; stays open while it runs. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { show, title, children, confirmLabel, cancelLabel, onConfirm, onHide, testId } = props;
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onHide();
    } catch {
      // The data layer has shown the error; the dialog stays so the user can try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show} onHide={onHide} centered size="sm" data-testid={`${testId}-modal`}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-body-secondary">{children}</Modal.Body>
      <Modal.Footer className="border-0 pt-0">
        <Button variant="light" onClick={onHide} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant={props.variant ?? 'danger'}
          onClick={() => void confirm()}
          disabled={busy}
          data-testid={`${testId}-confirm`}
          autoFocus
        >
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

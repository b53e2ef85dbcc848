import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onHide: () => void;
  testId: string;
}

/** "Delete this post?" with the action in red and a way back. */
export function ConfirmModal({
  show,
  title,
  body,
  confirmLabel,
  onConfirm,
  onHide,
  testId,
}: ConfirmModalProps) {
  const { t } = useTranslation('forum');
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5" id={`${testId}-title`}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

import { APPEAL_REASONS, COMPLAINT_REASONS, type ComplaintTarget } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { pushToast } from '../../toasts/store';
import { fileComplaint, type FiledComplaint } from '../api';
import { useComplaintDialog } from '../dialog-store';
import { NoteField } from '../../../shared/ui/note-field';

export interface ComplaintDialogProps {
  targetType: ComplaintTarget;
  targetId: number;
  onClose: () => void;
  /** After a success (the dialog has closed and said so). */
  onFiled?: (filed: FiledComplaint) => void;
}

/**
 * Files a complaint (or, about one's own ban, an appeal): a reason from the shared list, an
 * optional text. 201 says "sent", 200 "already reported, merged"; a 429 is toasted by the client.
 */
export function ComplaintDialog({ targetType, targetId, onClose, onFiled }: ComplaintDialogProps) {
  const { t } = useTranslation('complaints');
  const reasons: readonly string[] = targetType === 'ban' ? APPEAL_REASONS : COMPLAINT_REASONS;
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const trimmed = text.trim();
      const filed = await fileComplaint({
        target_type: targetType,
        target_id: targetId,
        reason: reason as (typeof COMPLAINT_REASONS)[number],
        ...(trimmed === '' ? {} : { text: trimmed }),
      });
      pushToast({ text: t(filed.created ? 'dialog.sent' : 'dialog.merged'), variant: 'primary' });
      onClose();
      onFiled?.(filed);
    } catch (cause) {
      // A 422 stays here; anything else has been toasted by the client.
      if (cause instanceof ApiError && cause.isValidation) {
        setError(Object.values(cause.errors).flat()[0] ?? cause.message);
      }
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered data-testid="complaint-dialog">
      <Form onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t(`dialog.title.${targetType}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset>
            <legend className="form-label fs-6">{t('dialog.reason')}</legend>
            <div className="d-flex flex-wrap gap-2" role="group">
              {reasons.map((key) => (
                <Button
                  key={key}
                  size="sm"
                  variant={reason === key ? 'primary' : 'outline-secondary'}
                  aria-pressed={reason === key}
                  onClick={() => setReason(key)}
                  data-testid={`complaint-reason-${key}`}
                >
                  {t(`reasons.${key}`)}
                </Button>
              ))}
            </div>
          </fieldset>
          <NoteField
            className="mt-3"
            controlId="complaint-text"
            label={t('dialog.text')}
            value={text}
            onChange={setText}
            testId="complaint-text"
            hint={t('dialog.textHint')}
          />
          {error && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={reason === null || busy}
            data-testid="complaint-submit"
          >
            {t('dialog.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The shell's one dialog, opened by the "Report" entries of menus (dialog-store.ts). */
export function ComplaintDialogHost() {
  const subject = useComplaintDialog((s) => s.subject);
  const close = useComplaintDialog((s) => s.close);
  if (subject === null) return null;
  return (
    <ComplaintDialog
      key={`${subject.type}-${subject.id}`}
      targetType={subject.type}
      targetId={subject.id}
      onClose={close}
    />
  );
}

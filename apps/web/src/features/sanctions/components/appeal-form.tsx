import { APPEAL_REASONS, type ComplaintWire } from '@chat/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fileComplaint } from '../../complaints/api';
import { refreshMyBan } from '../my-ban';
import { NoteField } from '../../../shared/ui/note-field';

type AppealReason = (typeof APPEAL_REASONS)[number];

interface AppealFormProps {
  banId: number;
  onFiled: (complaint: ComplaintWire) => void;
  onCancel: () => void;
}

/** An appeal is a complaint about one's own ban: a reason from the short list and a text. */
export function AppealForm({ banId, onFiled, onCancel }: AppealFormProps) {
  const { t } = useTranslation('sanctions');
  const [reason, setReason] = useState<AppealReason>(APPEAL_REASONS[0]);
  const [text, setText] = useState('');
  const file = useMutation({
    mutationFn: () => {
      const trimmed = text.trim();
      return fileComplaint({
        target_type: 'ban',
        target_id: banId,
        reason,
        ...(trimmed ? { text: trimmed } : {}),
      });
    },
    onSuccess: ({ complaint }) => {
      onFiled(complaint);
      // The ban now carries its appeal: every place that shows it links there.
      void refreshMyBan();
    },
  });

  return (
    <Form
      className="appeal-form mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        file.mutate();
      }}
      data-testid="appeal-form"
    >
      <h2 className="h6">{t('appeal.title')}</h2>
      <p className="small text-body-secondary">{t('appeal.hint')}</p>
      <fieldset className="mb-3">
        <legend className="small fw-semibold">{t('appeal.reason')}</legend>
        {APPEAL_REASONS.map((r) => (
          <Form.Check
            key={r}
            type="radio"
            id={`appeal-reason-${r}`}
            name="appeal-reason"
            label={t(`appeal.reasons.${r}`)}
            checked={reason === r}
            onChange={() => setReason(r)}
            data-testid={`appeal-reason-${r}`}
          />
        ))}
      </fieldset>
      <NoteField
        className="mb-3"
        controlId="appeal-text"
        label={t('appeal.text')}
        labelClassName="small fw-semibold"
        value={text}
        onChange={setText}
        testId="appeal-text"
      />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={file.isPending} data-testid="appeal-send">
          {t('appeal.send')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={file.isPending}>
          {t('appeal.cancel')}
        </Button>
      </div>
    </Form>
  );
}

import type { ComplaintDetail } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../toasts/store';
import { complaintKeys, resolveComplaint, takeComplaint } from '../api';
import { complaintChanged } from '../cache';
import { NoteField } from '../../../shared/ui/note-field';

/**
 * Take (one moderator at a time) and answer: accept or refuse with a comment the reporter
 * reads. Shown by what the server says the viewer may do (`can`), never by a role.
 */
export function StaffActions({ complaint }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation('complaints');
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const { take, resolve } = complaint.can;
  if (!take && !resolve) return null;

  const run = async (action: () => ReturnType<typeof takeComplaint>, done: string) => {
    setBusy(true);
    try {
      complaintChanged(client, await action());
      pushToast({ text: t(done), variant: 'primary' });
      setComment('');
    } catch {
      // Taken by another (422) or refused: the client has said why; the page is re-read.
      void client.invalidateQueries({ queryKey: complaintKeys.one(complaint.id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="border-0 shadow-sm mt-4" data-testid="complaint-staff">
      <Card.Body>
        <h2 className="h5">{t('staff.title')}</h2>
        {take && (
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void run(() => takeComplaint(complaint.id), 'staff.taken')}
            data-testid="complaint-take"
          >
            {t('staff.take')}
          </Button>
        )}
        {resolve && (
          <>
            <NoteField
              className={take ? 'mt-3' : undefined}
              controlId="complaint-resolution"
              label={t('staff.comment')}
              value={comment}
              onChange={setComment}
              testId="complaint-resolution"
            />
            <div className="d-flex gap-2 mt-2">
              {(['accepted', 'refused'] as const).map((status) => (
                <Button
                  key={status}
                  variant={status === 'accepted' ? 'success' : 'outline-danger'}
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => resolveComplaint(complaint.id, status, comment),
                      'staff.resolved',
                    )
                  }
                  data-testid={`complaint-${status === 'accepted' ? 'accept' : 'refuse'}`}
                >
                  {t(status === 'accepted' ? 'staff.accept' : 'staff.refuse')}
                </Button>
              ))}
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

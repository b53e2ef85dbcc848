import type { ComplaintWire } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { complaintKeys, takeComplaint } from '../../complaints/api';
import { ComplaintsList } from '../../complaints/components/complaints-list';
import { complaintPath } from '../../complaints/links';
import { pushToast } from '../../toasts/store';
import { useListParams } from '../../../shared/hooks/use-list-params';

/** The open complaints; "Take" makes one yours and opens it. */
export function ComplaintsTab() {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = useListParams();
  const [busyId, setBusyId] = useState<number | null>(null);
  const take = async (complaint: ComplaintWire) => {
    setBusyId(complaint.id);
    try {
      await takeComplaint(complaint.id);
      pushToast({ text: t('complaints.taken', { id: complaint.id }), variant: 'primary' });
      void navigate(complaintPath(locale, complaint.id));
    } catch {
      // Taken by someone else a moment ago (422): the client has said so.
      setBusyId(null);
      void client.invalidateQueries({ queryKey: complaintKeys.lists });
    }
  };
  return (
    <ComplaintsList
      tab="open"
      page={params.page}
      onPage={(page) => params.set({ page })}
      staff
      onTake={(c) => void take(c)}
      busyId={busyId}
    />
  );
}

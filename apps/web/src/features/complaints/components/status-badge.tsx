import type { ComplaintStatus } from '@chat/shared';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_STATUS_BG } from '../../moderation/labels';

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('complaints');
  const bg = COMPLAINT_STATUS_BG[status];
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      data-testid="complaint-status"
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}

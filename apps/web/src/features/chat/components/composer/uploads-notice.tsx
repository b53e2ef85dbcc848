import { useTranslation } from 'react-i18next';
import type { RoomUploadsNotice } from './use-room-uploads';

const KEYS = { adult: 'adultPublic', failed: 'failedBlock', waiting: 'waiting' } as const;

/** What the message box says about its pictures: why it will not send, or that it waits. */
export function UploadsNotice({ notice }: { notice: RoomUploadsNotice }) {
  const { t } = useTranslation('uploads');
  if (notice === null) return null;
  return (
    <p
      className={`chat-uploads-notice${notice === 'waiting' ? '' : ' is-error'}`}
      role={notice === 'waiting' ? 'status' : 'alert'}
      data-testid="uploads-notice"
      data-notice={notice}
    >
      {t(KEYS[notice])}
    </p>
  );
}

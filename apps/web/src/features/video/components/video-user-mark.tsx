import { useTranslation } from 'react-i18next';
import { useInCall } from '../store';
import { CameraIcon } from './video-icons';

/** The user list's camera mark beside someone in the room's call. */
export function VideoUserMark({ roomId, userId }: { roomId: number; userId: number }) {
  const { t } = useTranslation('video');
  if (!useInCall(roomId, userId)) return null;
  return (
    <span className="chat-user-mark is-video" title={t('inCall')} data-testid="mark-video">
      <CameraIcon size={14} />
      <span className="visually-hidden">{t('inCall')}</span>
    </span>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeStore } from '../../realtime/store';
import { useVideoStore } from '../store';
import { CameraIcon } from './video-icons';

/**
 * The room header's camera button: opens the room's call panel, or closes it (leaving the call,
 * if in it). It also reads the room's call when the room opens, and again after a reconnect
 * (the events missed meanwhile are not replayed), for the count here and the user list's marks.
 */
export function VideoToggle({ roomId }: { roomId: number }) {
  const { t } = useTranslation('video');
  const open = useVideoStore((s) => s.panelRoomId === roomId);
  const count = useVideoStore((s) => s.rooms[roomId]?.participants.length ?? 0);
  const connected = useRealtimeStore((s) => s.state === 'connected');

  useEffect(() => {
    if (connected) void useVideoStore.getState().load(roomId);
  }, [roomId, connected]);

  const toggle = () => {
    const store = useVideoStore.getState();
    if (open) store.closePanel();
    else store.openPanel(roomId);
  };

  return (
    <button
      type="button"
      className="chat-icon-btn video-toggle"
      onClick={toggle}
      aria-pressed={open}
      title={count > 0 ? t('toggleTitle', { count }) : t('toggle')}
      data-testid="video-toggle"
    >
      <CameraIcon size={18} />
      {/* Named by its words and the count it shows ("Video call 2"), as axe asks of a name. */}
      <span className="visually-hidden">{t('toggle')}</span>{' '}
      {count > 0 && (
        <span className="chat-users-btn-count" data-testid="video-count">
          {count}
        </span>
      )}
    </button>
  );
}

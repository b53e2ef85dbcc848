import type { RoomDetail } from '@chat/shared';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { roomName } from '../../chat/room-name';
import { useVideoStore } from '../store';

// The call itself (WebRTC, devices, tiles) loads when a panel first opens: never with the chat.
const CallPanel = lazy(() => import('./call-panel').then((m) => ({ default: m.CallPanel })));

interface CallPanelHostProps {
  shown: RoomDetail;
  rooms: readonly RoomDetail[];
}

/**
 * The call panel's place on the chat screen. Its box has its final size from the first frame
 * (the code arrives inside it), so opening it moves the chat once, not twice. The panel belongs
 * to the room it was opened for, shown or not; a room left closes it.
 */
export function CallPanelHost({ shown, rooms }: CallPanelHostProps) {
  const { t } = useTranslation('video');
  const locale = useLocale();
  const panelRoomId = useVideoStore((s) => s.panelRoomId);
  const room = rooms.find((r) => r.id === panelRoomId) ?? null;

  useEffect(() => {
    if (panelRoomId !== null && room === null) useVideoStore.getState().closePanel();
  }, [panelRoomId, room]);
  // Off the chat screen (another page), the call ends: coming back must not turn the camera on.
  useEffect(() => () => useVideoStore.getState().closePanel(), []);

  if (room === null) return null;
  const name = roomName(room, locale);
  const title = room.id === shown.id ? t('panel.title') : t('panel.otherRoom', { room: name });
  return (
    <section className="chat-call" aria-label={title} data-testid="video-panel">
      <Suspense
        fallback={
          <div className="video-loading" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span className="visually-hidden">{t('panel.loading')}</span>
          </div>
        }
      >
        {/* Keyed by room: another room's panel starts afresh (and the old call is left). */}
        <CallPanel key={room.id} roomId={room.id} title={title} />
      </Suspense>
    </section>
  );
}

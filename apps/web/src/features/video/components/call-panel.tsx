import { useEffect, useState } from 'react';
import { CloseButton, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../session/store';
import { webRtcSupported } from '../engine/rtc-support';
import { useCallSession } from '../hooks/use-call-session';
import { useVideoStore } from '../store';
import { CallEnded } from './call-ended';
import { InCall } from './in-call';
import { PreJoin } from './pre-join';

interface CallPanelProps {
  roomId: number;
  title: string;
}

const NO_ROLES: string[] = [];

/**
 * A room's call panel (loaded with the first one opened): before joining, in the call, or why it
 * ended. Closing it (or leaving the page) leaves the call: useCallSession lives as long as it.
 */
export function CallPanel({ roomId, title }: CallPanelProps) {
  const { t } = useTranslation('video');
  const selfId = useSessionStore((s) => s.userData?.user.id ?? 0);
  const roles = useSessionStore((s) => s.userData?.user.roles ?? NO_ROLES);
  const room = useVideoStore((s) => s.rooms[roomId]);
  const [supported] = useState(webRtcSupported);
  const { phase, failure, join, again } = useCallSession(roomId, selfId);
  const close = () => useVideoStore.getState().closePanel();

  useEffect(() => {
    if (!useVideoStore.getState().rooms[roomId]) void useVideoStore.getState().load(roomId);
  }, [roomId]);

  let body;
  if (!supported)
    body = (
      <p className="video-unsupported" role="alert" data-testid="video-unsupported">
        {t('problems.unsupported')}
      </p>
    );
  else if (phase.step === 'ended')
    body = (
      <CallEnded
        reason={phase.reason}
        onAgain={() => {
          void useVideoStore.getState().load(roomId);
          again();
        }}
        onClose={close}
      />
    );
  else if (phase.step === 'in' && room)
    body = (
      <InCall
        engine={phase.engine}
        roomId={roomId}
        room={room}
        self={{ id: selfId, roles }}
        onLeave={() => {
          void phase.engine.leave();
          close();
        }}
      />
    );
  else if (room)
    body = (
      <PreJoin
        room={room}
        joining={phase.step === 'joining'}
        failure={failure}
        onJoin={(media, handOver) => void join(media, handOver)}
      />
    );
  else
    body = (
      <div className="video-loading" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span className="visually-hidden">{t('panel.loading')}</span>
      </div>
    );

  return (
    <div className="video-panel">
      <div className="video-panel-head">
        <h2 className="video-panel-title">{title}</h2>
        <CloseButton onClick={close} aria-label={t('ended.close')} data-testid="video-close" />
      </div>
      {body}
    </div>
  );
}

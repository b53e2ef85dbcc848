import type { VideoJoinAnswer } from '@chat/shared';
import { videoApi } from '../store';
import { CallEngine } from './call-engine';
import { exposeForTests } from './debug-hook';
import { leaveOnPageHide } from './leave-beacon';
import type { LocalMedia } from './local-media';
import { relayOnly } from './rtc-support';

/**
 * A joined call, running: the engine on the site's API and the browser's WebRTC, the journeys'
 * hook when asked for, and a last word to the server if the page goes away meanwhile.
 */
export function startCall(
  roomId: number,
  selfId: number,
  answer: VideoJoinAnswer,
  media: LocalMedia | null,
): CallEngine {
  const engine = new CallEngine({
    roomId,
    selfId,
    answer,
    media,
    api: videoApi,
    relayOnly: relayOnly(),
  });
  engine.start();
  const unexpose = exposeForTests(engine);
  const onPageHide = () => {
    leaveOnPageHide(roomId, engine.callId);
    engine.stop('left');
  };
  window.addEventListener('pagehide', onPageHide);
  const unsubscribe = engine.subscribe(() => {
    if (engine.snapshot().ended === null) return;
    unsubscribe();
    unexpose();
    window.removeEventListener('pagehide', onPageHide);
  });
  return engine;
}

import type { CallEngine } from './call-engine';

/** What the browser journeys and the benchmark reach through `window.__video`. */
export interface VideoDebugHook {
  /** Each other participant's connection by user id: getStats() tells frames and audio. */
  peers(): Map<number, RTCPeerConnection>;
  /** This tab's hold on the call. */
  callId: string;
  roomId: number;
}

declare global {
  interface Window {
    /** Only while `localStorage['video.debug'] === '1'` and a call runs in this tab. */
    __video?: VideoDebugHook;
  }
}

function enabled(): boolean {
  try {
    return window.localStorage.getItem('video.debug') === '1';
  } catch {
    return false;
  }
}

/** Exposes the running call for tests when asked to; returns the way to take it away. */
export function exposeForTests(engine: CallEngine): () => void {
  if (!enabled()) return () => undefined;
  const hook: VideoDebugHook = {
    peers: () => engine.peers(),
    callId: engine.callId,
    roomId: engine.roomId,
  };
  window.__video = hook;
  return () => {
    if (window.__video === hook) delete window.__video;
  };
}

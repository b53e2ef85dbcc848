/**
 * Whether this browser can take part in a call at all: a peer connection, and a way to ask for
 * the camera and microphone (missing on pages not served over https, and in old browsers).
 */
export function webRtcSupported(): boolean {
  return (
    typeof globalThis.RTCPeerConnection === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** Whether the screen can be shared (phones' browsers mostly cannot). */
export function screenShareSupported(): boolean {
  return typeof navigator.mediaDevices?.getDisplayMedia === 'function';
}

/**
 * Every connection through TURN only (`iceTransportPolicy: 'relay'`): the browser journeys use
 * it to prove the TURN server works. `?video.relay=1` in the address, or
 * `localStorage['video.relay'] = '1'`.
 */
export function relayOnly(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('video.relay') === '1') return true;
    return window.localStorage.getItem('video.relay') === '1';
  } catch {
    return false;
  }
}

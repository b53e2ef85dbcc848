/**
 * The session id of a description's `o=` line (RFC 8866 5.2): the same for every offer of one
 * RTCPeerConnection, another for a new one. An offer from another session means the other side
 * started again (a reload, another tab) and this side's connection to them is of no use.
 */
export function sdpSessionId(sdp: string): string | null {
  const origin = /^o=\S+ (\d+) /m.exec(sdp);
  return origin ? (origin[1] ?? null) : null;
}

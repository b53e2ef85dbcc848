/**
 * The published data string: "#<seq>#<send time in µs>#" padded to a chat-message size.
 * Clients read the two numbers by scanning for '#', without JSON-parsing the frame: at 80,000
 * deliveries a second the client side must stay cheap, and '#' appears in no control frame.
 */
export const PAYLOAD_BYTES = 120;
const HASH = 35;

export function makePayload(seq, sentMs) {
  const head = `#${seq}#${Math.round(sentMs * 1000)}#`;
  return head + 'x'.repeat(Math.max(0, PAYLOAD_BYTES - head.length));
}

/** Result slots reused for every message (no allocation per delivery). */
export const parsed = { seq: 0, sentMs: 0 };

/** Reads seq and send time from a Buffer (raw ws frames); false when there is no marker. */
export function parseBuffer(buf) {
  let i = buf.indexOf(HASH);
  if (i < 0) return false;
  let seq = 0;
  for (i += 1; i < buf.length && buf[i] !== HASH; i++) seq = seq * 10 + (buf[i] - 48);
  let micros = 0;
  for (i += 1; i < buf.length && buf[i] !== HASH; i++) micros = micros * 10 + (buf[i] - 48);
  parsed.seq = seq;
  parsed.sentMs = micros / 1000;
  return true;
}

/** The same for a string (what socket.io-client hands to event listeners). */
export function parseString(text) {
  let i = text.indexOf('#');
  if (i < 0) return false;
  let seq = 0;
  for (i += 1; i < text.length && text.charCodeAt(i) !== HASH; i++)
    seq = seq * 10 + (text.charCodeAt(i) - 48);
  let micros = 0;
  for (i += 1; i < text.length && text.charCodeAt(i) !== HASH; i++)
    micros = micros * 10 + (text.charCodeAt(i) - 48);
  parsed.seq = seq;
  parsed.sentMs = micros / 1000;
  return true;
}

import { useEffect, useRef } from 'react';

interface StreamVideoProps {
  stream: MediaStream | null;
  /** My own picture is never played back (no echo); a moderator's mute silences another. */
  muted: boolean;
  /** My camera as a mirror, the way people expect to see themselves. */
  mirrored?: boolean;
  className?: string;
}

/** A live stream in a <video>: picture and sound (the sound plays even with the picture off). */
export function StreamVideo({ stream, muted, mirrored = false, className = '' }: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);

  // React sets `muted` only as the first value of the attribute; the property is what counts.
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  return (
    <video
      ref={ref}
      className={`video-stream${mirrored ? ' is-mirrored' : ''} ${className}`}
      autoPlay
      playsInline
      muted={muted}
    />
  );
}

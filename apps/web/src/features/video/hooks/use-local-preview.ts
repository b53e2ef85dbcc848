import { useCallback, useEffect, useRef, useState } from 'react';
import { LocalMedia, type MediaKind } from '../engine/local-media';
import type { MediaProblem } from '../engine/media-problem';

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface Preview {
  /** My camera as the preview shows it; null: off or none. */
  stream: MediaStream | null;
  audioOn: boolean;
  videoOn: boolean;
  /** Why a device could not be had (the camera's first, then the microphone's). */
  problem: MediaProblem | null;
  devices: Record<MediaKind, DeviceOption[]>;
  chosen: Record<MediaKind, string | null>;
  /** Still asking for the devices. */
  asking: boolean;
}

const NO_DEVICES: Record<MediaKind, DeviceOption[]> = { audio: [], video: [] };

function describe(media: LocalMedia, problem: MediaProblem | null, asking: boolean) {
  return {
    stream: media.camera ? new MediaStream([media.camera]) : null,
    audioOn: media.audio !== null && media.audioOn,
    videoOn: media.camera !== null,
    problem,
    chosen: { audio: media.choice.audioDeviceId, video: media.choice.videoDeviceId },
    asking,
  };
}

async function listDevices(): Promise<Record<MediaKind, DeviceOption[]>> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind) =>
    all
      .filter((d) => d.kind === kind && d.deviceId !== '')
      .map((d) => ({ deviceId: d.deviceId, label: d.label }));
  return { audio: of('audioinput'), video: of('videoinput') };
}

/**
 * Before joining: my camera and microphone, asked for once, shown, switched on and off and
 * chosen among the devices. The media are handed to the call on joining; otherwise they are
 * let go when the panel closes. `enabled` false (a watcher, no WebRTC): nothing is asked for.
 */
export function useLocalPreview(enabled: boolean) {
  const mediaRef = useRef<LocalMedia | null>(null);
  const [preview, setPreview] = useState<Preview>({
    stream: null,
    audioOn: false,
    videoOn: false,
    problem: null,
    devices: NO_DEVICES,
    chosen: { audio: null, video: null },
    asking: enabled,
  });

  const refresh = useCallback((problem: MediaProblem | null = null) => {
    const media = mediaRef.current;
    if (media) setPreview((p) => ({ ...p, ...describe(media, problem, false) }));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const devices = navigator.mediaDevices;
    const media = new LocalMedia(devices);
    mediaRef.current = media;
    let live = true;
    const updateDevices = () =>
      void listDevices()
        .then((devices) => live && setPreview((p) => ({ ...p, devices })))
        .catch(() => undefined);
    void media.acquireBoth().then((problems) => {
      if (!live) return;
      refresh(problems.video ?? problems.audio ?? null);
      // After the permission, the devices have their names.
      updateDevices();
    });
    devices.addEventListener('devicechange', updateDevices);
    return () => {
      live = false;
      devices.removeEventListener('devicechange', updateDevices);
      // Handed to the call (handOver), the media are no longer the preview's to stop.
      mediaRef.current?.stop();
      mediaRef.current = null;
    };
  }, [enabled, refresh]);

  const setAudioOn = useCallback(
    async (on: boolean) => {
      const media = mediaRef.current;
      if (!media) return;
      const got = on && media.audio === null ? await media.acquire('audio') : null;
      media.setAudioOn(on);
      refresh(got && 'problem' in got ? got.problem : null);
    },
    [refresh],
  );

  const setVideoOn = useCallback(
    async (on: boolean) => {
      const media = mediaRef.current;
      if (!media) return;
      if (!on) {
        media.releaseCamera();
        return refresh();
      }
      const got = await media.acquire('video');
      refresh('problem' in got ? got.problem : null);
    },
    [refresh],
  );

  /** Another camera or microphone: asked for at once if that kind is on. */
  const choose = useCallback(
    async (kind: MediaKind, deviceId: string) => {
      const media = mediaRef.current;
      if (!media) return;
      if (kind === 'audio') media.choice.audioDeviceId = deviceId;
      else media.choice.videoDeviceId = deviceId;
      const on = kind === 'audio' ? media.audio !== null : media.camera !== null;
      const got = on ? await media.acquire(kind) : null;
      refresh(got && 'problem' in got ? got.problem : null);
    },
    [refresh],
  );

  /** The media, now the call's: the preview no longer stops them. */
  const handOver = useCallback((): LocalMedia | null => {
    const media = mediaRef.current;
    mediaRef.current = null;
    return media;
  }, []);

  return { preview, media: () => mediaRef.current, setAudioOn, setVideoOn, choose, handOver };
}

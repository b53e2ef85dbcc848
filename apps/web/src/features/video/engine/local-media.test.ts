import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeMediaStream,
  FakeTrack,
  fakeMediaDevices,
  stubWebRtc,
  unstubMediaDevices,
} from '../../../test/video-kit';
import { LocalMedia } from './local-media';

beforeEach(() => {
  stubWebRtc();
});
afterEach(() => {
  unstubMediaDevices();
});

const mediaOf = (devices: ReturnType<typeof fakeMediaDevices>) =>
  new LocalMedia(devices as unknown as MediaDevices);

describe('LocalMedia', () => {
  it('asks for both devices in one question, by the devices chosen', async () => {
    const devices = fakeMediaDevices();
    const media = mediaOf(devices);
    media.choice = { audioDeviceId: 'mic-1', videoDeviceId: null };
    expect(await media.acquireBoth()).toEqual({});
    expect(devices.getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: 'mic-1' } },
      video: true,
    });
    expect(media.audio?.kind).toBe('audio');
    expect(media.camera?.kind).toBe('video');
  });

  it('keeps the microphone when there is no camera', async () => {
    const devices = fakeMediaDevices();
    devices.getUserMedia.mockImplementation(async (constraints: MediaStreamConstraints) => {
      if (constraints.video) throw new DOMException('none', 'NotFoundError');
      return new FakeMediaStream([new FakeTrack('audio')]);
    });
    const media = mediaOf(devices);
    expect(await media.acquireBoth()).toEqual({ video: 'no-device' });
    expect(media.audio).not.toBeNull();
    expect(media.camera).toBeNull();
  });

  it('says a refusal once, for both', async () => {
    const devices = fakeMediaDevices({ fail: 'NotAllowedError' });
    expect(await mediaOf(devices).acquireBoth()).toEqual({ audio: 'denied', video: 'denied' });
    expect(devices.getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('lets go of a device that answers after it was stopped (the panel closed meanwhile)', async () => {
    const devices = fakeMediaDevices();
    const late = new FakeTrack('video');
    let answer!: (stream: FakeMediaStream) => void;
    devices.getUserMedia.mockImplementation(
      () => new Promise<FakeMediaStream>((resolve) => (answer = resolve)),
    );
    const media = mediaOf(devices);
    const asked = media.acquire('video');
    media.stop();
    answer(new FakeMediaStream([late]));
    expect(await asked).toEqual({ problem: 'failed' });
    expect(late.stop).toHaveBeenCalled();
    expect(media.camera).toBeNull();
  });

  it('mutes the microphone without giving it up, and gives the camera up', async () => {
    const media = mediaOf(fakeMediaDevices());
    await media.acquireBoth();
    const camera = media.camera as unknown as FakeTrack;
    media.setAudioOn(false);
    expect(media.audio?.enabled).toBe(false);
    media.releaseCamera();
    expect(camera.stop).toHaveBeenCalled();
    expect(media.camera).toBeNull();
  });
});

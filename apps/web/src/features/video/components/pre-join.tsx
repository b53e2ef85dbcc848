import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { RoomCall } from '../store';
import type { JoinFailure } from '../hooks/use-call-session';
import { useLocalPreview } from '../hooks/use-local-preview';
import type { LocalMedia } from '../engine/local-media';
import { DeviceSelect } from './device-select';
import { StreamVideo } from './stream-video';
import { ToggleButton } from './toggle-button';
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon } from './video-icons';
import { problemText, refusalText } from './words';

interface PreJoinProps {
  room: RoomCall;
  joining: boolean;
  failure: JoinFailure | null;
  onJoin: (media: LocalMedia | null, handOver: () => void) => void;
}

/**
 * Before joining: why one may not, or a look at one's camera, the devices to use, the microphone
 * and camera switches, and Join (also without camera or microphone). A watcher joins to watch
 * and listen, asked for no device.
 */
export function PreJoin({ room, joining, failure, onJoin }: PreJoinProps) {
  const { t } = useTranslation('video');
  const role = room.abilities.join;
  const speaker = role === 'speaker';
  const { preview, media, setAudioOn, setVideoOn, choose, handOver } = useLocalPreview(speaker);
  const count = room.participants.length;

  if (role === null || failure?.kind === 'refused') {
    const reason =
      role === null ? room.abilities.reason : failure?.kind === 'refused' ? failure.reason : null;
    return (
      <div className="video-before">
        <Alert variant="secondary" className="mb-0" data-testid="video-refusal">
          {refusalText(t, reason)}
        </Alert>
      </div>
    );
  }

  return (
    <div className="video-before">
      {speaker && (
        <div className="video-preview">
          {preview.stream ? (
            <StreamVideo stream={preview.stream} muted mirrored />
          ) : (
            <span className="video-preview-off">{preview.asking ? '' : t('before.cameraOff')}</span>
          )}
          <div className="video-preview-switches">
            <ToggleButton
              pressed={preview.audioOn}
              label={t('controls.microphone')}
              onIcon={MicIcon}
              offIcon={MicOffIcon}
              onToggle={() => void setAudioOn(!preview.audioOn)}
              testId="video-pre-mic"
            />
            <ToggleButton
              pressed={preview.videoOn}
              label={t('controls.camera')}
              onIcon={CameraIcon}
              offIcon={CameraOffIcon}
              onToggle={() => void setVideoOn(!preview.videoOn)}
              testId="video-pre-camera"
            />
          </div>
        </div>
      )}
      {preview.problem && (
        <Alert variant="warning" className="video-alert" data-testid="video-problem">
          {problemText(t, preview.problem)}
        </Alert>
      )}
      {role === 'watcher' && (
        <p className="video-note" data-testid="video-watcher-note">
          {t('before.watcherNote')}
        </p>
      )}
      {speaker && (
        <div className="video-devices">
          <DeviceSelect
            id="video-camera-device"
            label={t('before.camera')}
            devices={preview.devices.video}
            chosen={preview.chosen.video}
            onChoose={(id) => void choose('video', id)}
            testId="video-camera-device"
          />
          <DeviceSelect
            id="video-mic-device"
            label={t('before.microphone')}
            devices={preview.devices.audio}
            chosen={preview.chosen.audio}
            onChoose={(id) => void choose('audio', id)}
            testId="video-mic-device"
          />
        </div>
      )}
      {failure?.kind === 'full' && (
        <Alert variant="warning" className="video-alert" role="alert" data-testid="video-full">
          {t('errors.full', { count: failure.cap })}
        </Alert>
      )}
      {failure?.kind === 'failed' && (
        <Alert variant="warning" className="video-alert" role="alert">
          {t('problems.failed')}
        </Alert>
      )}
      <div className="video-join-row">
        <span className="video-people" data-testid="video-people">
          {count > 0 ? t('before.people', { count }) : t('before.nobody')}
        </span>
        <Button
          onClick={() => onJoin(speaker ? media() : null, handOver)}
          disabled={joining || preview.asking}
          data-testid="video-join"
        >
          {joining ? t('before.joining') : speaker ? t('before.join') : t('before.joinWatcher')}
        </Button>
      </div>
    </div>
  );
}

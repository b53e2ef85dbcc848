import type { CallSnapshot } from '../engine/call-engine';
import { useTranslation } from 'react-i18next';
import { ToggleButton } from './toggle-button';
import {
  CameraIcon,
  CameraOffIcon,
  MicIcon,
  MicOffIcon,
  PhoneOffIcon,
  ScreenIcon,
} from './video-icons';

interface CallControlsProps {
  call: CallSnapshot;
  /** A watcher sends nothing: no switches, only Leave. */
  watcher: boolean;
  canShareScreen: boolean;
  /** The id of the words saying why the microphone is off, while a moderator's mute lasts. */
  mutedNoteId: string;
  onAudio: (on: boolean) => void;
  onVideo: (on: boolean) => void;
  onScreen: (on: boolean) => void;
  onLeave: () => void;
}

/** The call's buttons: microphone, camera, screen, leave. */
export function CallControls(props: CallControlsProps) {
  const { call, watcher } = props;
  const { t } = useTranslation('video');
  return (
    <div className="video-controls" role="group" aria-label={t('controls.label')}>
      {!watcher && (
        <>
          <ToggleButton
            pressed={call.audioOn}
            label={t('controls.microphone')}
            onIcon={MicIcon}
            offIcon={MicOffIcon}
            onToggle={() => props.onAudio(!call.audioOn)}
            disabled={call.mutedByModerator}
            describedBy={call.mutedByModerator ? props.mutedNoteId : undefined}
            testId="video-mic"
          />
          <ToggleButton
            pressed={call.videoOn}
            label={t('controls.camera')}
            onIcon={CameraIcon}
            offIcon={CameraOffIcon}
            onToggle={() => props.onVideo(!call.videoOn)}
            testId="video-camera"
          />
          {props.canShareScreen && (
            <ToggleButton
              pressed={call.screenOn}
              label={t('controls.screen')}
              onIcon={ScreenIcon}
              offIcon={ScreenIcon}
              onToggle={() => props.onScreen(!call.screenOn)}
              testId="video-screen"
              kind="share"
            />
          )}
        </>
      )}
      <button
        type="button"
        className="video-control video-leave"
        onClick={props.onLeave}
        data-testid="video-leave"
      >
        <PhoneOffIcon size={20} />
        <span>{t('controls.leave')}</span>
      </button>
    </div>
  );
}

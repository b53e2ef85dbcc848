import { SOUNDS, type ChatSettings } from '@chat/shared';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { usePreviewSound } from '../chat-context';
import { SoundKinds } from './sound-kinds';
import { PlayIcon } from '../../../../shared/ui/icons';

/** A volume drag sends one request when the hand stops, not one per pixel. */
const VOLUME_SAVE_DELAY_MS = 350;

interface SoundSettingsProps {
  settings: ChatSettings;
  onChange: (patch: Partial<ChatSettings>) => void;
}

export function SoundSettings({ settings, onChange }: SoundSettingsProps) {
  const { t } = useTranslation('chat');
  const preview = usePreviewSound();
  // While dragging, the slider shows the local value; the saved one takes over when it lands.
  const [dragging, setDragging] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const volume = dragging ?? settings.notification_volume;
  const disabled = settings.mute;

  const onVolume = (value: number) => {
    setDragging(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      onChange({ notification_volume: value });
      setDragging(null);
    }, VOLUME_SAVE_DELAY_MS);
  };

  return (
    <fieldset disabled={disabled} className="chat-sound-settings">
      <Form.Label htmlFor="setting-volume" className="d-flex justify-content-between mb-1">
        <span>{t('settings.notification_volume')}</span>
        <span className="text-body-secondary">{Math.round(volume * 100)}%</span>
      </Form.Label>
      <Form.Range
        id="setting-volume"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(event) => onVolume(Number(event.target.value))}
        data-testid="setting-notification_volume"
      />
      <SoundKinds
        settings={settings}
        onChange={onChange}
        volume={volume}
        fallback={
          <>
            <div className="mt-3 mb-1" id="sound-choice-label">
              {t('settings.soundChoice')}
            </div>
            <div role="radiogroup" aria-labelledby="sound-choice-label" className="chat-sounds">
              {SOUNDS.map((sound) => (
                <div
                  key={sound}
                  className={`chat-sound${settings.sound === sound ? ' is-selected' : ''}`}
                >
                  <Form.Check
                    type="radio"
                    name="sound"
                    id={`setting-sound-${sound}`}
                    label={t(`settings.sounds.${sound}`)}
                    checked={settings.sound === sound}
                    onChange={() => onChange({ sound })}
                    data-testid={`setting-sound-${sound}`}
                  />
                  <button
                    type="button"
                    className="chat-icon-btn"
                    aria-label={t('settings.preview', { sound: t(`settings.sounds.${sound}`) })}
                    title={t('settings.preview', { sound: t(`settings.sounds.${sound}`) })}
                    onClick={() => preview(sound, volume)}
                    data-testid={`preview-sound-${sound}`}
                  >
                    <PlayIcon size={14} />
                  </button>
                </div>
              ))}
            </div>
          </>
        }
      />
    </fieldset>
  );
}

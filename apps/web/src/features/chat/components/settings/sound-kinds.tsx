import { SOUND_KINDS, soundSettingKey, type ChatSettings } from '@chat/shared';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../../../shared/ui/icons';
import { useSoundCatalogue } from '../../sound-catalogue';
import { soundFor } from '../../sound-choice';
import { usePreviewSound } from '../chat-context';

interface SoundKindsProps {
  settings: ChatSettings;
  onChange: (patch: Partial<ChatSettings>) => void;
  volume: number;
  /** Shown while the site has no sounds of its own (or they could not be read). */
  fallback: ReactNode;
}

/**
 * A sound per kind of event, from the site's catalogue (admin area): "the site's default" or one
 * the person picks, each with a button to hear it.
 */
export function SoundKinds({ settings, onChange, volume, fallback }: SoundKindsProps) {
  const { t } = useTranslation('chat');
  const preview = usePreviewSound();
  const sounds = useSoundCatalogue();
  if (!sounds || sounds.length === 0) return <>{fallback}</>;

  return (
    <div className="mt-3" data-testid="sound-kinds">
      {SOUND_KINDS.map((kind) => {
        const key = soundSettingKey(kind);
        const chosen = settings[key];
        const fallbackSound = sounds.find((s) => s.default_for === kind);
        const kindLabel = t(`settings.soundKinds.${kind}`);
        return (
          <Form.Group key={kind} className="mb-2" controlId={`setting-${key}`}>
            <Form.Label className="mb-1">{kindLabel}</Form.Label>
            <div className="d-flex gap-2 align-items-center">
              <Form.Select
                value={chosen !== null && sounds.some((s) => s.id === chosen) ? chosen : ''}
                onChange={(e) =>
                  onChange({ [key]: e.target.value === '' ? null : Number(e.target.value) })
                }
                data-testid={`setting-${key}`}
              >
                <option value="">
                  {fallbackSound
                    ? t('settings.siteDefault', { sound: fallbackSound.name })
                    : t('settings.builtIn')}
                </option>
                {sounds.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Form.Select>
              <button
                type="button"
                className="chat-icon-btn"
                aria-label={t('settings.preview', { sound: kindLabel })}
                title={t('settings.preview', { sound: kindLabel })}
                onClick={() => preview(soundFor(settings, kind, sounds), volume)}
                data-testid={`preview-${key}`}
              >
                <PlayIcon size={14} />
              </button>
            </div>
          </Form.Group>
        );
      })}
    </div>
  );
}

import type { ChatSettings } from '@chat/shared';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useChat, useChatActions } from '../chat-context';
import { settle } from '../../../../lib/settle';
import { SettingSwitch } from './setting-switch';
import { SoundSettings } from './sound-settings';

type BooleanSetting = {
  [K in keyof ChatSettings]: ChatSettings[K] extends boolean ? K : never;
}[keyof ChatSettings];

const APPEARANCE: readonly BooleanSetting[] = ['show_avatars', 'show_gradients', 'show_time'];
const FILTERS: readonly BooleanSetting[] = ['show_guests', 'show_trolls'];

interface SettingsPanelProps {
  show: boolean;
  onHide: () => void;
}

/** The chat settings drawer; every change is saved at once and shows at once. */
export function SettingsPanel({ show, onHide }: SettingsPanelProps) {
  const { t } = useTranslation('chat');
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="end"
      className="chat-settings"
      data-testid="settings-panel"
    >
      <Offcanvas.Header closeButton closeLabel={t('header.settings')}>
        <Offcanvas.Title as="h2" className="h5">
          {t('settings.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <SettingsForm />
      </Offcanvas.Body>
    </Offcanvas>
  );
}

/** The settings themselves; the drawer and the "My profile" page both show them. */
export function SettingsForm() {
  const { t } = useTranslation('chat');
  const settings = useChat((s) => s.settings);
  const actions = useChatActions();
  const update = (patch: Partial<ChatSettings>) => settle(actions.updateSettings(patch));
  const switches = (names: readonly BooleanSetting[]) =>
    names.map((name) => (
      <SettingSwitch
        key={name}
        name={name}
        label={t(`settings.${name}`)}
        checked={settings[name]}
        onChange={(value) => update({ [name]: value })}
      />
    ));

  return (
    <>
      <h3 className="chat-settings-group">{t('settings.appearance')}</h3>
      {switches(APPEARANCE)}
      <h3 className="chat-settings-group">{t('settings.filters')}</h3>
      {switches(FILTERS)}
      <h3 className="chat-settings-group">{t('settings.sound')}</h3>
      <SettingSwitch
        name="mute"
        label={t('settings.mute')}
        checked={settings.mute}
        onChange={(value) => update({ mute: value })}
      />
      <SettingSwitch
        name="notification_new_message"
        label={t('settings.notification_new_message')}
        checked={settings.notification_new_message === 1}
        disabled={settings.mute}
        onChange={(value) => update({ notification_new_message: value ? 1 : 0 })}
      />
      <SoundSettings settings={settings} onChange={update} />
    </>
  );
}

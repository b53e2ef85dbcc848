import { DEFAULT_SOUND_CHOICES, type SoundChoices } from './admin/media';

/**
 * A user's chat settings (spec section 3) with the spec's defaults for a new user (section 9);
 * `sound_{kind}` is the catalogue sound chosen per kind of event (null: the site's default).
 */
export interface ChatSettings extends SoundChoices {
  show_avatars: boolean;
  show_gradients: boolean;
  show_guests: boolean;
  show_time: boolean;
  show_trolls: boolean;
  mute: boolean;
  notification_new_message: number;
  notification_volume: number;
  sound: string | null;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  show_avatars: true,
  show_gradients: true,
  show_guests: false,
  show_time: false,
  show_trolls: false,
  mute: false,
  notification_new_message: 1,
  notification_volume: 0.6,
  sound: 'ding',
  ...DEFAULT_SOUND_CHOICES,
};

/** Notification sounds the web app can play (synthesised in the browser, no files). */
export const SOUNDS = ['ding', 'pop', 'chime', 'bell'] as const;
export type SoundName = (typeof SOUNDS)[number];

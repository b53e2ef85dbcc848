import { soundSettingKey, type ChatSettings, type PublicSound, type SoundKind } from '@chat/shared';

/**
 * The site's sounds as last read (sound-catalogue.ts keeps it while the chat is open). Kept here,
 * free of the query library, because the stores that ring load with the navbar on every page.
 */
let known: readonly PublicSound[] | undefined;

export function rememberSoundCatalogue(sounds: readonly PublicSound[] | undefined): void {
  known = sounds;
}

/**
 * What plays for a kind of event: the person's choice if the site still has it, else the site's
 * default for the kind, else the built-in synthesised sound of their settings. A catalogue
 * sound is named by its URL (sound.ts plays a URL as a file).
 */
export function soundFor(
  settings: ChatSettings,
  kind: SoundKind,
  catalogue: readonly PublicSound[] | undefined = known,
): string {
  const list = catalogue ?? [];
  const chosen = settings[soundSettingKey(kind)];
  const sound =
    list.find((s) => s.id === chosen) ?? list.find((s) => s.default_for === kind) ?? null;
  return sound?.url ?? settings.sound ?? 'ding';
}

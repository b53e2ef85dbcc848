import type { DeviceParts } from '@chat/shared';
import type { TFunction } from 'i18next';

/**
 * A device in the reader's language: "Chrome 131 на Windows", "Неизвестный браузер на Linux".
 * The server sends brand names only (features/auth/device-name.ts), never a sentence, because a
 * notice is stored before anyone reads it in a language.
 */
export function deviceLabel(parts: DeviceParts, t: TFunction): string {
  const name = parts.browser === 'Yandex Browser' ? t('common:device.yandex') : parts.browser;
  const browser = name
    ? [name, parts.browser_version].filter(Boolean).join(' ')
    : t('common:device.unknownBrowser');
  return parts.os ? t('common:device.on', { browser, os: parts.os }) : browser;
}

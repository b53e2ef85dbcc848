import { DEFAULT_LOCALE, isLocale, type Locale } from '@chat/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, resources } from './resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: false,
  ns: NAMESPACES,
  defaultNS: 'common',
  // React escapes every text node itself; escaping here would show "&amp;" in nicks.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function translate(key: string, locale: Locale, params?: Record<string, string>): string {
  return i18n.t(key, { lng: locale, ...params });
}

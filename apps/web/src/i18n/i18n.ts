import { DEFAULT_LOCALE, isLocale, type Locale } from '@chat/shared';
import i18next, { type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { SHELL_NAMESPACES, type Namespace } from './namespaces';

export const i18n = i18next.createInstance();

/** Shared by the app (texts fetched per language and namespace) and the tests (all bundled). */
export const BASE_OPTIONS: InitOptions = {
  fallbackLng: false,
  defaultNS: 'common',
  // React escapes every text node itself; escaping here would show "&amp;" in nicks.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A component that printed a key before its namespace arrived renders again when it does.
  react: { bindI18nStore: 'added' },
};

/**
 * Starts i18n in `locale` with the shell's namespaces; resolves once they are there. Each text
 * file is a chunk of its own, so a page loads one language and only the namespaces it uses.
 */
export function startI18n(locale: Locale): Promise<unknown> {
  return i18n
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`./${lng}/${ns}.json`)))
    .init({
      ...BASE_OPTIONS,
      lng: locale,
      ns: SHELL_NAMESPACES,
      // The language is set at once (api calls send it); its texts still arrive asynchronously.
      initAsync: false,
      // A key read before its namespace was asked for (a prefixed `t('ns:key')` outside the
      // route's list) fetches that namespace rather than showing the key for good.
      saveMissing: true,
      missingKeyHandler: (_languages, ns) => void i18n.loadNamespaces(ns),
    });
}

/** Resolves once `namespaces` are loaded in the current language (at once when they are). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** A lazily imported module, handed over once the namespaces it renders with are loaded too. */
export function withNamespaces<T>(
  module: Promise<T>,
  namespaces: readonly Namespace[],
): Promise<T> {
  return Promise.all([module, loadNamespaces(namespaces)]).then(([loaded]) => loaded);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function translate(key: string, locale: Locale, params?: Record<string, string>): string {
  return i18n.t(key, { lng: locale, ...params });
}

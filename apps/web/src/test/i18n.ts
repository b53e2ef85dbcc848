import { DEFAULT_LOCALE } from '@chat/shared';
import { initReactI18next } from 'react-i18next';
import { BASE_OPTIONS, i18n } from '../i18n/i18n';
import { NAMESPACES, resources } from '../i18n/resources';

/** Tests get every text bundled and synchronously, where the app fetches them per namespace. */
export function startTestI18n(): void {
  void i18n
    .use(initReactI18next)
    .init({ ...BASE_OPTIONS, resources, lng: DEFAULT_LOCALE, ns: NAMESPACES, initAsync: false });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Beside index.html in the build; the server reads it (apps/server/src/http/page-head.ts). */
export const HEAD_TEXTS_FILE = 'head.json';

const LOCALES = ['ru', 'en'] as const;

/** Per locale: the product name, the site's description and every page title, from the texts. */
export function readHeadTexts(i18nDir: string) {
  const read = (locale: string, namespace: string) =>
    JSON.parse(readFileSync(join(i18nDir, locale, `${namespace}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const common = read(locale, 'common');
      return [
        locale,
        {
          appName: common.appName,
          description: common.description,
          titles: read(locale, 'titles'),
        },
      ];
    }),
  );
}

/**
 * Writes the head's texts into the build, so the server sends each page with its language,
 * title and description before any script runs, from the same texts the app shows (one source).
 */
export function headTexts(): Plugin {
  return {
    name: 'chat:head-texts',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: HEAD_TEXTS_FILE,
        source: JSON.stringify(readHeadTexts(join(import.meta.dirname, 'src/i18n'))),
      });
    },
  };
}

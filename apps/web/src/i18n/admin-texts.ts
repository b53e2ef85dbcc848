import { i18n } from './i18n';
import enAdmin from './admin/en/admin.json';
import enCatalog from './admin/en/admin-catalog.json';
import enGifts from './admin/en/admin-gifts.json';
import enMedia from './admin/en/admin-media.json';
import enPages from './admin/en/admin-pages.json';
import enSettings from './admin/en/admin-settings.json';
import ruAdmin from './admin/ru/admin.json';
import ruCatalog from './admin/ru/admin-catalog.json';
import ruGifts from './admin/ru/admin-gifts.json';
import ruMedia from './admin/ru/admin-media.json';
import ruPages from './admin/ru/admin-pages.json';
import ruSettings from './admin/ru/admin-settings.json';

/**
 * The admin area's texts, both languages, part of its chunk (imported by admin-page.tsx): they
 * are not in the first page's list of text files, which every visitor's first paint carries.
 */
const TEXTS = {
  en: {
    admin: enAdmin,
    'admin-catalog': enCatalog,
    'admin-gifts': enGifts,
    'admin-media': enMedia,
    'admin-pages': enPages,
    'admin-settings': enSettings,
  },
  ru: {
    admin: ruAdmin,
    'admin-catalog': ruCatalog,
    'admin-gifts': ruGifts,
    'admin-media': ruMedia,
    'admin-pages': ruPages,
    'admin-settings': ruSettings,
  },
};

for (const [lng, namespaces] of Object.entries(TEXTS))
  for (const [ns, texts] of Object.entries(namespaces))
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, texts);

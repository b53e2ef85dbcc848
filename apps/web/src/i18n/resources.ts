import enAuth from './en/auth.json';
import enChat from './en/chat.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enPages from './en/pages.json';
import enRealtime from './en/realtime.json';
import enShell from './en/shell.json';
import enTitles from './en/titles.json';
import enValidation from './en/validation.json';
import enIm from './en/im.json';
import enUploads from './en/uploads.json';
import enProfiles from './en/profiles.json';
import enNotifications from './en/notifications.json';
import enMy from './en/my.json';
import enSanctions from './en/sanctions.json';
import enModeration from './en/moderation.json';
import enComplaints from './en/complaints.json';
import enBalance from './en/balance.json';
import enPremium from './en/premium.json';
import enPresents from './en/presents.json';
import enSearch from './en/search.json';
import enForum from './en/forum.json';
import enAdmin from './admin/en/admin.json';
import enAdminSettings from './admin/en/admin-settings.json';
import enAdminCatalog from './admin/en/admin-catalog.json';
import enAdminMedia from './admin/en/admin-media.json';
import enAdminGifts from './admin/en/admin-gifts.json';
import enAdminPages from './admin/en/admin-pages.json';
import enArt from './en/art.json';
import enQuotes from './en/quotes.json';
import enSignIn from './en/sign-in.json';
import enVideo from './en/video.json';
import ruAuth from './ru/auth.json';
import ruChat from './ru/chat.json';
import ruCommon from './ru/common.json';
import ruErrors from './ru/errors.json';
import ruHome from './ru/home.json';
import ruPages from './ru/pages.json';
import ruRealtime from './ru/realtime.json';
import ruShell from './ru/shell.json';
import ruTitles from './ru/titles.json';
import ruValidation from './ru/validation.json';
import ruIm from './ru/im.json';
import ruUploads from './ru/uploads.json';
import ruProfiles from './ru/profiles.json';
import ruNotifications from './ru/notifications.json';
import ruMy from './ru/my.json';
import ruSanctions from './ru/sanctions.json';
import ruModeration from './ru/moderation.json';
import ruComplaints from './ru/complaints.json';
import ruBalance from './ru/balance.json';
import ruPremium from './ru/premium.json';
import ruPresents from './ru/presents.json';
import ruSearch from './ru/search.json';
import ruForum from './ru/forum.json';
import ruAdmin from './admin/ru/admin.json';
import ruAdminSettings from './admin/ru/admin-settings.json';
import ruAdminCatalog from './admin/ru/admin-catalog.json';
import ruAdminMedia from './admin/ru/admin-media.json';
import ruAdminGifts from './admin/ru/admin-gifts.json';
import ruAdminPages from './admin/ru/admin-pages.json';
import ruArt from './ru/art.json';
import ruQuotes from './ru/quotes.json';
import ruSignIn from './ru/sign-in.json';
import ruVideo from './ru/video.json';

// Every text of both languages at once, for the tests and the key parity check. The app never
// imports this: i18n.ts fetches one language's namespaces as they are needed.
export const resources = {
  ru: {
    common: ruCommon,
    titles: ruTitles,
    shell: ruShell,
    errors: ruErrors,
    auth: ruAuth,
    home: ruHome,
    pages: ruPages,
    validation: ruValidation,
    chat: ruChat,
    realtime: ruRealtime,
    im: ruIm,
    uploads: ruUploads,
    profiles: ruProfiles,
    notifications: ruNotifications,
    my: ruMy,
    sanctions: ruSanctions,
    moderation: ruModeration,
    complaints: ruComplaints,
    balance: ruBalance,
    premium: ruPremium,
    presents: ruPresents,
    search: ruSearch,
    forum: ruForum,
    art: ruArt,
    quotes: ruQuotes,
    'sign-in': ruSignIn,
    video: ruVideo,
    admin: ruAdmin,
    'admin-settings': ruAdminSettings,
    'admin-catalog': ruAdminCatalog,
    'admin-media': ruAdminMedia,
    'admin-gifts': ruAdminGifts,
    'admin-pages': ruAdminPages,
  },
  en: {
    common: enCommon,
    titles: enTitles,
    shell: enShell,
    errors: enErrors,
    auth: enAuth,
    home: enHome,
    pages: enPages,
    validation: enValidation,
    chat: enChat,
    realtime: enRealtime,
    im: enIm,
    uploads: enUploads,
    profiles: enProfiles,
    notifications: enNotifications,
    my: enMy,
    sanctions: enSanctions,
    moderation: enModeration,
    complaints: enComplaints,
    balance: enBalance,
    premium: enPremium,
    presents: enPresents,
    search: enSearch,
    forum: enForum,
    art: enArt,
    quotes: enQuotes,
    'sign-in': enSignIn,
    video: enVideo,
    admin: enAdmin,
    'admin-settings': enAdminSettings,
    'admin-catalog': enAdminCatalog,
    'admin-media': enAdminMedia,
    'admin-gifts': enAdminGifts,
    'admin-pages': enAdminPages,
  },
} as const;

export const NAMESPACES = Object.keys(resources.ru) as (keyof typeof resources.ru)[];

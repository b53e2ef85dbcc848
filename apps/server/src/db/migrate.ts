import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import * as foundation from './migrations/0001-foundation';
import * as roomMembers from './migrations/0002-room-members';
import * as chat from './migrations/0003-chat';
import * as jobsAttachments from './migrations/0004-jobs-attachments';
import * as im from './migrations/0005-im';
import * as gifs from './migrations/0006-gifs';
import * as profiles from './migrations/0007-profiles';
import * as social from './migrations/0008-social';
import * as moderation from './migrations/0009-moderation';
import * as economy from './migrations/0010-economy';
import * as testPayments from './migrations/0011-test-payments';
import * as recentSmileys from './migrations/0012-recent-smileys';
import * as jobOwners from './migrations/0013-job-owners';
import * as giftModeration from './migrations/0014-gift-moderation';
import * as accountNames from './migrations/0015-account-names';
import * as accountProviders from './migrations/0016-account-providers';
import * as messageRepliesEdits from './migrations/0017-message-replies-edits';
import * as roomPresence from './migrations/0018-room-presence';
import * as roomPresenceSweep from './migrations/0019-room-presence-sweep';
import * as forum from './migrations/0020-forum';
import * as search from './migrations/0021-search';
import * as forumPageIndexes from './migrations/0022-forum-page-indexes';
import * as forumPostBatchIndex from './migrations/0023-forum-post-batch-index';
import * as art from './migrations/0024-art';
import * as quotesPage from './migrations/0025-quotes-page';
import * as adminLog from './migrations/0026-admin-log';
import * as siteSettingsPermissions from './migrations/0027-site-settings-permissions';
import * as smileysFonts from './migrations/0028-smileys-fonts';
import * as framesSounds from './migrations/0029-frames-sounds';
import * as giftCatalogue from './migrations/0030-gift-catalogue';
import * as pagesReleases from './migrations/0031-pages-releases';
import * as signInMail from './migrations/0032-sign-in-mail';
import * as videoParticipants from './migrations/0033-video-participants';
import * as notificationCounts from './migrations/0034-notification-counts';
import * as searchWordsTables from './migrations/0035-search-words-tables';
import * as searchQuotes from './migrations/0036-search-quotes';

/** Migrations are listed in code, so they ship inside the build and run at start. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-room-members': roomMembers,
  '0003-chat': chat,
  '0004-jobs-attachments': jobsAttachments,
  '0005-im': im,
  '0006-gifs': gifs,
  '0007-profiles': profiles,
  '0008-social': social,
  '0009-moderation': moderation,
  '0010-economy': economy,
  '0011-test-payments': testPayments,
  '0012-recent-smileys': recentSmileys,
  '0013-job-owners': jobOwners,
  '0014-gift-moderation': giftModeration,
  '0015-account-names': accountNames,
  '0016-account-providers': accountProviders,
  '0017-message-replies-edits': messageRepliesEdits,
  '0018-room-presence': roomPresence,
  '0019-room-presence-sweep': roomPresenceSweep,
  '0020-forum': forum,
  '0021-search': search,
  '0022-forum-page-indexes': forumPageIndexes,
  '0023-forum-post-batch-index': forumPostBatchIndex,
  '0024-art': art,
  '0025-quotes-page': quotesPage,
  '0026-admin-log': adminLog,
  '0027-site-settings-permissions': siteSettingsPermissions,
  '0028-smileys-fonts': smileysFonts,
  '0029-frames-sounds': framesSounds,
  '0030-gift-catalogue': giftCatalogue,
  '0031-pages-releases': pagesReleases,
  '0032-sign-in-mail': signInMail,
  '0033-video-participants': videoParticipants,
  '0034-notification-counts': notificationCounts,
  '0035-search-words-tables': searchWordsTables,
  '0036-search-quotes': searchQuotes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(database: Database): Promise<string[]> {
  // Kysely looks for its own tables in every schema of the server: with several sites (or test
  // runs) sharing one PostgreSQL, another schema's tables would be taken for ours.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import { featureModule } from '../../platform/feature-module';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import { chatSearchSource } from './sources/chat.source';
import { forumSearchSource } from './sources/forum.source';
import { peopleSearchSource } from './sources/people.source';
import { SqliteBatchIndexer } from './sqlite-batch-indexer';

/**
 * One search over the forum, the chat history and people (docs/search.md). The sources of
 * the scopes are registered on `ctx.search`; a later kind (art) registers its own the same way.
 */
export const searchModule = featureModule({
  name: 'search',
  register(ctx) {
    const { database, events, log, rateLimits } = ctx.platform;
    ctx.search.register(forumSearchSource);
    ctx.search.register(chatSearchSource);
    ctx.search.register(peopleSearchSource(ctx.use('profilesRepository')));
    let catchUp = async (): Promise<void> => {};
    // PostgreSQL's expression indexes need no upkeep; SQLite's messages and posts are indexed
    // in batches (threads, fewer, by triggers).
    if (database.dialect === 'sqlite') {
      const indexer = new SqliteBatchIndexer(database.db, log);
      indexer.start();
      events.on('chat.message.updated', ({ message }) => void indexer.reindexMessage(message.id));
      ctx.onStop(() => indexer.stop());
      catchUp = () => indexer.catchUp();
    }
    ctx.provide({ search: new SearchService(database.db, ctx.search, rateLimits, catchUp) });
    ctx.routes(searchRoutes);
  },
});

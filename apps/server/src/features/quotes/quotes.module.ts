import { featureModule } from '../../platform/feature-module';
import { quotesSearchSource } from '../search/sources/quotes.source';
import { QuotesRepository } from './quotes.repository';
import { quotesRoutes } from './quotes.routes';
import { QuotesService } from './quotes.service';

/** The quotes page: kept chat messages, each person's collection, found by the search. */
export const quotesModule = featureModule({
  name: 'quotes',
  register(ctx) {
    const quotesRepository = new QuotesRepository(ctx.platform.database.db);
    ctx.provide({
      quotesRepository,
      quotes: new QuotesService(quotesRepository, ctx.use('messagesRepository')),
    });
    ctx.search.register(quotesSearchSource);
    ctx.routes(quotesRoutes);
  },
});

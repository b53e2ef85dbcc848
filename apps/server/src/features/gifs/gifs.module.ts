import { featureModule } from '../../platform/feature-module';
import { GifsRepository } from './gifs.repository';
import { gifsRoutes } from './gifs.routes';
import { GifsService } from './gifs.service';

/** The site's GIF library: categories, search, each account's recent GIFs. */
export const gifsModule = featureModule({
  name: 'gifs',
  register(ctx) {
    ctx.provide({ gifs: new GifsService(new GifsRepository(ctx.platform.database.db)) });
    ctx.routes(gifsRoutes);
  },
});

import { onCatalogChanged } from '../../../lib/cache/catalog-changes';
import type { ModuleContext } from '../../../platform/feature-module';
import type { AdminChanges } from '../admin-changes';
import { FramesRepository } from './frames.repository';
import { adminFramesRoutes } from './frames.routes';
import { AdminFramesService } from './frames.service';
import { SoundsRepository } from './sounds.repository';
import { soundsRoutes } from './sounds.routes';
import { AdminSoundsService } from './sounds.service';

/** The admin area's media: the frames and sounds catalogues, and the public sounds (issue 23). */
export function registerAdminMedia(ctx: ModuleContext, changes: AdminChanges): void {
  const { database, storage, cacheBus } = ctx.platform;
  const frames = new AdminFramesService(database.db, changes, new FramesRepository(), storage);
  const sounds = new AdminSoundsService(database, changes, new SoundsRepository(), storage);
  onCatalogChanged(cacheBus, 'sounds', () => sounds.invalidate());
  ctx.routes(adminFramesRoutes(frames), soundsRoutes(sounds));
}

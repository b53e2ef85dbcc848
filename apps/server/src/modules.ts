import { adminModule } from './features/admin/admin.module';
import { artModule } from './features/art/art.module';
import { authModule } from './features/auth/auth.module';
import { catalogModule } from './features/catalog/catalog.module';
import { chatModule } from './features/chat/chat.module';
import { economyModule } from './features/economy/economy.module';
import { forumModule } from './features/forum/forum.module';
import { friendsModule } from './features/friends/friends.module';
import { homeModule } from './features/home/home.module';
import { gifsModule } from './features/gifs/gifs.module';
import { imModule } from './features/im/im.module';
import { initModule } from './features/init/init.module';
import { moderationModule } from './features/moderation/moderation.module';
import { myModule } from './features/my/my.module';
import { notificationsModule } from './features/notifications/notifications.module';
import { opsModule } from './features/ops/ops.module';
import { pagesModule } from './features/pages/pages.module';
import { preferencesModule } from './features/preferences/preferences.module';
import { profilesModule } from './features/profiles/profiles.module';
import { quotesModule } from './features/quotes/quotes.module';
import { searchModule } from './features/search/search.module';
import { uploadsModule } from './features/uploads/uploads.module';
import { usersModule } from './features/users/users.module';
import { videoModule } from './features/video/video.module';

/**
 * The site's features, in the order they register: a module may use what those before it
 * provide, and looks up when called what those after it provide. Their routes are registered
 * in this order too.
 */
export const MODULES = [
  opsModule,
  catalogModule,
  gifsModule,
  usersModule,
  preferencesModule,
  authModule,
  pagesModule,
  initModule,
  uploadsModule,
  chatModule,
  quotesModule,
  notificationsModule,
  imModule,
  friendsModule,
  profilesModule,
  homeModule,
  moderationModule,
  videoModule,
  myModule,
  economyModule,
  forumModule,
  artModule,
  searchModule,
  adminModule,
] as const;

export type ModuleName = (typeof MODULES)[number]['name'];

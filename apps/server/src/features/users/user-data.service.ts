import type { Locale, UserData } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { CatalogService } from '../catalog/catalog.service';
import type { QuotesRepository } from '../quotes/quotes.repository';
import { presentUserData } from './user.presenter';
import type { UsersRepository } from './users.repository';

/** Gathers everything the client keeps about the signed-in user (init, sign-in answers). */
export class UserDataService {
  constructor(
    private readonly users: UsersRepository,
    private readonly quotes: QuotesRepository,
    private readonly catalog: CatalogService,
  ) {}

  async forUser(user: UserRow, locale: Locale): Promise<UserData> {
    const [smileyGroups, ignoredUsers, quotes] = await Promise.all([
      this.catalog.smileyGroups(locale),
      this.users.ignoredBy(user.id),
      this.quotes.messageIdsOf(user.id),
    ]);
    return presentUserData(user, { smileyGroups, ignoredUsers, quotes });
  }
}

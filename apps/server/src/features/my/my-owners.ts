import type { AccountsRepository } from '../auth/accounts.repository';
import type { PreferencesService } from '../preferences/preferences.service';

/**
 * The other owners of the users row whose columns the profile form and the password change
 * write (db/user-columns.ts): the account's e-mail, phone and password, the preference
 * `im_privacy`. Each writes its own columns; my writes only the profile's.
 */
export interface MyOwners {
  accounts: Pick<AccountsRepository, 'setContact' | 'setPassword'>;
  preferences: Pick<PreferencesService, 'setImPrivacy'>;
}

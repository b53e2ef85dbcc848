import type { ChatSettings, ImPrivacy } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { parseSettings } from '../users/user.presenter';
import type { PreferencesRepository } from './preferences.repository';

/** The account's preferences: chat settings, and who may write to it privately. */
export class PreferencesService {
  constructor(private readonly repo: PreferencesRepository) {}

  /** Applies a partial change to the chat settings; answers them whole. */
  async updateSettings(user: UserRow, patch: Partial<ChatSettings>): Promise<ChatSettings> {
    // Re-read: two quick toggles from two tabs must not undo each other.
    const stored = (await this.repo.settingsOf(user.id)) ?? user.settings;
    const settings = { ...parseSettings(stored), ...patch };
    await this.repo.setSettings(user.id, JSON.stringify(settings));
    return settings;
  }

  /**
   * Who may write to the account privately (the profile form's `im_privacy`, features/my),
   * written in the form's transaction when it passes one.
   */
  async setImPrivacy(userId: number, value: ImPrivacy, db?: Kysely<DB>): Promise<void> {
    await this.repo.setImPrivacy(userId, value, db);
  }
}

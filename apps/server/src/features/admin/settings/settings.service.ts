import {
  isSettingKey,
  SETTING_KEYS,
  settingSpec,
  type AdminSettings,
  type SettingKey,
  type SettingValue,
} from '@chat/shared';
import type { Viewer } from '../../../access/viewer';
import { conflict, invalid } from '../../../http/app-error';
import type { MessageKey } from '../../../http/messages';
import type { AdminChanges } from '../admin-changes';
import { formatSetting, setLiveSettings, settingsVersion, siteSetting } from './live-settings';
import type { SettingsRepository } from './settings.repository';
import { SETTINGS_VERSION_SETTING } from '../../../db/site-settings';
import { nextVersion } from './versions';

/** Why a value is refused, or null when the setting takes it. */
export function settingProblem(key: SettingKey, value: unknown): MessageKey | null {
  const spec = settingSpec(key);
  if (spec.type === 'boolean') return typeof value === 'boolean' ? null : 'invalid_type';
  if (spec.type === 'room' && value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'invalid_type';
  if (!Number.isInteger(value)) return 'setting.whole_number';
  if (spec.type === 'room') return value > 0 ? null : 'setting.room';
  return value >= spec.min && value <= spec.max ? null : 'setting.out_of_range';
}

/**
 * The site settings of the admin form: every value checked against the registry before any is
 * stored (a bad one refuses the whole change), the version moved in the same transaction (409
 * when another admin saved since), and the snapshot every reader uses reloaded after.
 */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly changes: AdminChanges,
  ) {}

  async load(): Promise<void> {
    const rows = await this.repo.settings(SETTING_KEYS);
    setLiveSettings(rows, rows.get(SETTINGS_VERSION_SETTING) ?? '');
  }

  async read(): Promise<AdminSettings> {
    const settings = Object.fromEntries(SETTING_KEYS.map((key) => [key, siteSetting(key)]));
    return { settings, updated_at: settingsVersion(), rooms: await this.repo.publicRooms() };
  }

  async update(
    viewer: Viewer,
    input: Record<string, unknown>,
    seen: string,
  ): Promise<AdminSettings> {
    const wanted = checked(input);
    await this.changes.change(viewer, 'settings', async (tx) => {
      if (typeof wanted.main_room_id === 'number') {
        const rooms = await this.repo.publicRooms(tx.db);
        if (!rooms.some((room) => room.id === wanted.main_room_id))
          throw invalid({ main_room_id: ['setting.room'] });
      }
      const before = await this.repo.settings(Object.keys(wanted), tx.db);
      if (!(await this.repo.bumpVersion(tx.db, seen, nextVersion(seen)))) throw conflict();
      for (const [key, value] of Object.entries(wanted))
        await this.repo.put(tx.db, key, formatSetting(value));
      return {
        action: 'settings.update',
        subjectType: 'settings',
        subjectId: null,
        before: Object.fromEntries(Object.keys(wanted).map((k) => [k, before.get(k) ?? null])),
        after: Object.fromEntries(Object.entries(wanted).map(([k, v]) => [k, formatSetting(v)])),
        result: null,
      };
    });
    await this.load();
    return this.read();
  }
}

/** The values of a change, each of its key's type and range; 422 naming every bad field. */
function checked(input: Record<string, unknown>): Partial<Record<SettingKey, SettingValue>> {
  const errors: Record<string, MessageKey[]> = {};
  const out: Partial<Record<SettingKey, SettingValue>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!isSettingKey(key)) {
      errors[key] = ['invalid_value'];
      continue;
    }
    const problem = settingProblem(key, value);
    if (problem) errors[key] = [problem];
    else out[key] = value as SettingValue;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return out;
}

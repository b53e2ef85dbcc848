import { SETTING_KEYS, settingSpec, type SettingKey, type SettingValue } from '@chat/shared';

/**
 * The site settings as the whole server reads them, synchronously: what is stored, parsed and
 * checked against the registry (SITE_SETTINGS). Loaded at start and after every change on any
 * node (settings.service.ts); one process serves one site, so the snapshot is the process's.
 */
let stored: Partial<Record<SettingKey, SettingValue>> = {};
let version = '';

/** A stored text as its setting's value, or undefined when absent or not a valid value. */
export function parseSetting(key: SettingKey, text: string | undefined): SettingValue | undefined {
  if (text === undefined) return undefined;
  const spec = settingSpec(key);
  if (spec.type === 'boolean') return text === '1' ? true : text === '0' ? false : undefined;
  if (!/^\d{1,12}$/.test(text.trim())) return undefined;
  const value = Number(text);
  if (spec.type === 'room') return value > 0 ? value : undefined;
  return value >= spec.min && value <= spec.max ? value : undefined;
}

export function formatSetting(value: SettingValue): string | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

export function setLiveSettings(rows: ReadonlyMap<string, string>, at: string): void {
  const next: Partial<Record<SettingKey, SettingValue>> = {};
  for (const key of SETTING_KEYS) {
    const value = parseSetting(key, rows.get(key));
    if (value !== undefined) next[key] = value;
  }
  stored = next;
  version = at;
}

export function settingsVersion(): string {
  return version;
}

/** The stored value, if an admin (or the seed) stored one. */
export function storedSetting(key: SettingKey): SettingValue | undefined {
  return stored[key];
}

/** The value in force: the stored one, else the registry's default. */
export function siteSetting(key: SettingKey): SettingValue {
  return stored[key] ?? settingSpec(key).default;
}

/**
 * For settings the environment also sets (MESSAGE_RATE_LIMIT, UPLOAD_MAX_BYTES): an admin's
 * stored value wins; until one is stored, the environment's (tests and benchmarks set theirs
 * there and never store one).
 */
export function numberSetting(key: SettingKey, fallback: number): number {
  const value = stored[key];
  return typeof value === 'number' ? value : fallback;
}

export function flagSetting(key: SettingKey): boolean {
  return siteSetting(key) === true;
}

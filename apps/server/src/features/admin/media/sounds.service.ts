import type { adminSoundCreateBody, adminSoundPatchBody } from '@chat/shared';
import { type AdminSound, type Locale, type PublicSound, type SoundKind } from '@chat/shared';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../../access/viewer';
import type { SoundsTable } from '../../../db/admin-media-schema';
import type { Database } from '../../../db/database';
import type { DB } from '../../../db/schema';
import { seedOnce } from '../../../db/seed/seed-once';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import type { FileStorage } from '../../../lib/storage/file-storage';
import type { AdminChanges, AdminTx } from '../admin-changes';
import { checkedSound } from './media-files';
import { presentAdminSound, presentPublicSound } from './media.presenter';
import type { SoundRow, SoundsRepository } from './sounds.repository';
import { beepWav } from './wav';

type CreateBody = z.output<typeof adminSoundCreateBody>;
type PatchBody = z.output<typeof adminSoundPatchBody>;

/** The defaults a fresh site starts with: beeps written by code, one per kind of event. */
const DEFAULT_SOUNDS: {
  kind: SoundKind;
  ru: string;
  en: string;
  tones: { hz: number; ms: number }[];
}[] = [
  { kind: 'message', ru: 'Капля', en: 'Drop', tones: [{ hz: 660, ms: 120 }] },
  {
    kind: 'mention',
    ru: 'Два тона',
    en: 'Two tones',
    tones: [
      { hz: 880, ms: 110 },
      { hz: 1320, ms: 180 },
    ],
  },
  {
    kind: 'im',
    ru: 'Колокольчик',
    en: 'Little bell',
    tones: [
      { hz: 1047, ms: 90 },
      { hz: 1319, ms: 90 },
      { hz: 1568, ms: 160 },
    ],
  },
  {
    kind: 'notification',
    ru: 'Сигнал',
    en: 'Signal',
    tones: [
      { hz: 523, ms: 150 },
      { hz: 784, ms: 200 },
    ],
  },
];
const SEEDED_KEY = 'default_sounds_seeded_at';

/**
 * The notification sounds: the admin area's catalogue, and the active ones people choose per
 * kind of event. Each kind has at most one default; naming a new one unsets the old in the same
 * transaction (and a unique index makes two impossible). A withdrawn sound is no one's default.
 */
export class AdminSoundsService {
  private publicList: Promise<SoundRow[]> | null = null;

  constructor(
    private readonly database: Database,
    private readonly changes: AdminChanges,
    private readonly repo: SoundsRepository,
    private readonly storage: FileStorage,
  ) {}

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  /** The catalogue changed (on any node): the public list is read again. */
  invalidate(): void {
    this.publicList = null;
  }

  async list(): Promise<AdminSound[]> {
    return (await this.repo.list(this.db)).map(presentAdminSound);
  }

  async publicSounds(locale: Locale): Promise<PublicSound[]> {
    this.publicList ??= this.repo.list(this.db, true).catch((error: unknown) => {
      this.publicList = null;
      throw error;
    });
    return (await this.publicList).map((row) => presentPublicSound(row, locale));
  }

  /** The stored file of a sound, by its public name. */
  open(name: string) {
    return this.storage.open(`sounds/${name}`);
  }

  async create(actor: Viewer, body: CreateBody): Promise<AdminSound> {
    const file = checkedSound(body.file);
    const active = body.active !== false;
    const defaultFor = body.default_for ?? null;
    if (defaultFor && !active) throw invalid({ default_for: ['sound.default_inactive'] });
    await this.storage.put(file.key, file.bytes, { contentType: file.mime });
    return this.changes.change(actor, 'sounds', async (tx) => {
      const at = nowIso();
      if (defaultFor) await this.repo.clearDefault(tx.db, defaultFor, null, at);
      const id = await this.repo.insert(tx.db, {
        name_ru: body.name_ru,
        name_en: body.name_en,
        file: file.key,
        mime: file.mime,
        size: file.bytes.length,
        default_for: defaultFor,
        position: body.position ?? 0,
        active: active ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
      const after = presentAdminSound((await this.repo.find(tx.db, id))!);
      return {
        action: 'sounds.create',
        subjectType: 'sound',
        subjectId: id,
        before: null,
        after,
        result: after,
      };
    });
  }

  async update(actor: Viewer, id: number, body: PatchBody): Promise<AdminSound> {
    const file = body.file === undefined ? null : checkedSound(body.file);
    if (file) await this.storage.put(file.key, file.bytes, { contentType: file.mime });
    const outcome = await this.changes.change(actor, 'sounds', async (tx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      const active = body.active ?? row.active === 1;
      const defaultFor = body.default_for === undefined ? row.default_for : body.default_for;
      if (defaultFor && !active) throw invalid({ default_for: ['sound.default_inactive'] });
      const at = nowIso();
      // Checked before the old default is unset, so a stale edit changes nothing at all.
      if (row.updated_at !== body.updated_at) throw conflict();
      if (defaultFor && defaultFor !== row.default_for)
        await this.repo.clearDefault(tx.db, defaultFor, id, at);
      const patch: Updateable<SoundsTable> = {
        name_ru: body.name_ru,
        name_en: body.name_en,
        default_for: defaultFor,
        position: body.position,
        active: active ? 1 : 0,
        ...(file ? { file: file.key, mime: file.mime, size: file.bytes.length } : {}),
        updated_at: at,
      };
      if (!(await this.repo.update(tx.db, id, body.updated_at, patch))) throw conflict();
      const after = presentAdminSound((await this.repo.find(tx.db, id))!);
      return {
        action: 'sounds.update',
        subjectType: 'sound',
        subjectId: id,
        before: presentAdminSound(row),
        after,
        result: { after, oldFile: file ? row.file : null },
      };
    });
    if (outcome.oldFile) await this.storage.delete(outcome.oldFile);
    return outcome.after;
  }

  /** Those who chose a deleted sound hear the kind's default again (the web falls back). */
  async remove(actor: Viewer, id: number): Promise<void> {
    const file = await this.changes.change(actor, 'sounds', async (tx: AdminTx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      await this.repo.delete(tx.db, id);
      return {
        action: 'sounds.delete',
        subjectType: 'sound',
        subjectId: id,
        before: presentAdminSound(row),
        after: null,
        result: row.file,
      };
    });
    await this.storage.delete(file);
  }

  /**
   * A fresh site's default sounds, once per site (its own marker: an admin who deletes them
   * does not see them come back). The files have fixed names, so two nodes write the same.
   */
  async seedDefaults(): Promise<void> {
    const done = await this.db
      .selectFrom('site_settings')
      .select('key')
      .where('key', '=', SEEDED_KEY)
      .executeTakeFirst();
    if (done) return;
    for (const sound of DEFAULT_SOUNDS)
      await this.storage.put(`sounds/default-${sound.kind}.wav`, beepWav(sound.tones), {
        contentType: 'audio/wav',
      });
    const at = nowIso();
    await seedOnce(this.database, SEEDED_KEY, at, async (trx) => {
      await trx
        .insertInto('sounds')
        .values(
          DEFAULT_SOUNDS.map((s, i) => ({
            name_ru: s.ru,
            name_en: s.en,
            file: `sounds/default-${s.kind}.wav`,
            mime: 'audio/wav',
            size: beepWav(s.tones).length,
            default_for: s.kind,
            position: i + 1,
            active: 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .onConflict((oc) => oc.column('file').doNothing())
        .execute();
    });
  }
}

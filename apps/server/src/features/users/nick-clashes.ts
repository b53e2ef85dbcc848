import { hasInvisibleCharacters, mixesScripts } from '@chat/shared';
import { hasPermission } from '../../access/permissions';
import type { Database } from '../../db/database';
import { isReservedSkeleton, nickSkeleton } from '../../lib/nick-skeleton';
import { UsersRepository } from './users.repository';

export interface ClashAccount {
  id: number;
  nick: string;
  slug: string;
  createdAt: string;
  deleted: boolean;
  /** Whether the row holds the skeleton (the first of its group when the column came). */
  holdsSkeleton: boolean;
}

export interface NickClashes {
  /** Accounts whose nicks share a skeleton today (deleted accounts by their kept skeleton). */
  groups: { skeleton: string; accounts: ClashAccount[] }[];
  /** Live accounts, staff aside, whose nick looks like a reserved one ("аdmin", "Support"). */
  reserved: ClashAccount[];
  /** Live accounts whose nick today's rules refuse (fillers, mixed scripts), registered before. */
  rules: (ClashAccount & { problem: 'invisible' | 'mixed_scripts' })[];
}

/**
 * The look-alike report for admins (`npm run ops -- nick-clashes`; issue 19, point 2): today's
 * skeletons of every nick, so it also finds what a newer confusables table joins.
 */
export async function findNickClashes(database: Database): Promise<NickClashes> {
  const rows = await new UsersRepository(database.db).names();
  const bySkeleton = new Map<string, ClashAccount[]>();
  const out: NickClashes = { groups: [], reserved: [], rules: [] };
  for (const row of rows) {
    const deleted = row.deleted_at !== null;
    const skeleton = deleted ? row.nick_skeleton : nickSkeleton(row.nick);
    if (skeleton === null) continue;
    const account: ClashAccount = {
      id: row.id,
      nick: row.nick,
      slug: row.slug,
      createdAt: row.created_at,
      deleted,
      holdsSkeleton: row.nick_skeleton === skeleton,
    };
    bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), account]);
    if (deleted) continue;
    // Staff speak for the site: their holding "admin" is the point of reserving it.
    if (isReservedSkeleton(skeleton) && !hasPermission(row, 'moderation.log'))
      out.reserved.push(account);
    const nick = row.nick.normalize('NFKC');
    if (hasInvisibleCharacters(nick)) out.rules.push({ ...account, problem: 'invisible' });
    else if (mixesScripts(nick)) out.rules.push({ ...account, problem: 'mixed_scripts' });
  }
  for (const [skeleton, accounts] of bySkeleton)
    if (accounts.length > 1 && accounts.some((a) => !a.deleted))
      out.groups.push({ skeleton, accounts });
  return out;
}

/** The lines the command prints; the report is clean when it has only the summary. */
export function describeNickClashes(report: NickClashes): string[] {
  const who = (a: ClashAccount) =>
    `#${a.id} ${JSON.stringify(a.nick)} /profile/${a.slug}` +
    `${a.deleted ? ' (deleted)' : ''}, since ${a.createdAt}`;
  const lines: string[] = [];
  for (const group of report.groups) {
    lines.push(`look-alikes (${group.accounts.length}):`);
    for (const a of group.accounts) lines.push(`  ${who(a)}${a.holdsSkeleton ? '' : ' *'}`);
  }
  for (const a of report.reserved) lines.push(`looks like a reserved nick: ${who(a)}`);
  for (const a of report.rules) lines.push(`refused today (${a.problem}): ${who(a)}`);
  const total = report.groups.length + report.reserved.length + report.rules.length;
  lines.push(
    total === 0
      ? 'nick-clashes: no look-alike nicks'
      : `nick-clashes: ${report.groups.length} group(s), ${report.reserved.length} reserved, ` +
          `${report.rules.length} against today's rules (* registered before the check)`,
  );
  return lines;
}

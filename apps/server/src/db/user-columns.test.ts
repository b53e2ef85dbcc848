/**
 * The users row's owners (db/user-columns.ts): every write of the row in the server's code is
 * found and its columns read by the TypeScript checker (object literals, spreads, computed keys
 * of a union of names, typed variables, `set((eb) => ...)` callbacks) or from the SQL text of a
 * raw statement; each column must be written only from its owner's files, or by a write named
 * in CROSS_OWNER_WRITES. A write whose columns cannot be told fails too. Test code, the hostile
 * sweep's worlds, migrations and the seed set up rows as they please and are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { CROSS_OWNER_WRITES, USER_COLUMN_OWNERS, type UserColumnOwner } from './user-columns';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const NOT_SCANNED_DIRS = new Set(['test', 'hostile', 'migrations', 'seed']);
const isTestCode = (name: string) => /\.test\.ts$|-test-kit\.ts$|^fake-/.test(name);

interface UserWrite {
  file: string;
  method: string;
  line: number;
  kind: 'update' | 'insert';
  /** Undefined when the columns could not be told. */
  columns: string[] | undefined;
}

function serverFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SCANNED_DIRS.has(entry.name) ? [] : serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTestCode(entry.name)
      ? [path]
      : [];
  });
}

const WRITES_USERS = /(updateTable|insertInto)\(\s*'users'\s*\)|update\s+users\s+set/i;

function program(files: string[], virtual: Record<string, string> = {}): ts.Program {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => virtual[name] ?? readFile(name);
  host.fileExists = (name) => name in virtual || fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    name in virtual
      ? ts.createSourceFile(name, virtual[name]!, language, true)
      : getSourceFile(name, language, ...rest);
  return ts.createProgram([...files, ...Object.keys(virtual)], options, host);
}

/** `<chain>.updateTable('users')` or `.insertInto('users')` somewhere below this expression. */
function usersCall(expr: ts.Expression, method: 'updateTable' | 'insertInto'): boolean {
  let node: ts.Node = expr;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === method
    ) {
      const [table] = node.arguments;
      return table !== undefined && ts.isStringLiteralLike(table) && table.text === 'users';
    }
    node = ts.isCallExpression(node) ? node.expression : node.expression;
  }
  return false;
}

function namesOfType(checker: ts.TypeChecker, type: ts.Type): string[] | undefined {
  const parts = type.isUnion() ? type.types : [type];
  const names = new Set<string>();
  for (const part of parts) {
    if (checker.getIndexInfosOfType(part).length > 0) return undefined;
    for (const symbol of checker.getPropertiesOfType(part)) names.add(symbol.name);
  }
  return [...names];
}

/** The column names a `set(...)` argument writes, or undefined when they cannot be told. */
function columnsOf(checker: ts.TypeChecker, arg: ts.Expression): string[] | undefined {
  let expr = arg;
  while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) {
    if (ts.isBlock(expr.body)) {
      const signature = checker.getSignatureFromDeclaration(expr);
      return signature
        ? namesOfType(checker, checker.getReturnTypeOfSignature(signature))
        : undefined;
    }
    return columnsOf(checker, expr.body);
  }
  if (!ts.isObjectLiteralExpression(expr))
    return namesOfType(checker, checker.getTypeAtLocation(expr));
  const names: string[] = [];
  for (const property of expr.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = namesOfType(checker, checker.getTypeAtLocation(property.expression));
      if (!spread) return undefined;
      names.push(...spread);
    } else if (property.name && ts.isComputedPropertyName(property.name)) {
      const key = checker.getTypeAtLocation(property.name.expression);
      const keys = (key.isUnion() ? key.types : [key]).map((t) =>
        t.isStringLiteral() ? t.value : undefined,
      );
      if (keys.some((k) => k === undefined)) return undefined;
      names.push(...(keys as string[]));
    } else if (
      property.name &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ) {
      names.push(property.name.text);
    } else return undefined;
  }
  return names;
}

function enclosingName(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      (ts.isMethodDeclaration(at) ||
        ts.isFunctionDeclaration(at) ||
        ts.isPropertyAssignment(at) ||
        ts.isVariableDeclaration(at)) &&
      at.name &&
      ts.isIdentifier(at.name)
    )
      return at.name.text;
  }
  return '(top level)';
}

/** The columns of a raw `update users set a = ..., b = ...` statement. */
function rawColumns(text: string): string[] {
  const clause =
    /update\s+users\s+set\s+([\s\S]*?)(?:\s+where\s|\s+from\s|$)/i.exec(text)?.[1] ?? '';
  return [...clause.matchAll(/(?:^|,)\s*(\w+)\s*=/g)].map((m) => m[1]!);
}

function userWrites(files: string[], virtual: Record<string, string> = {}): UserWrite[] {
  const prog = program(files, virtual);
  const checker = prog.getTypeChecker();
  const writes: UserWrite[] = [];
  for (const path of [...files, ...Object.keys(virtual)]) {
    const source = prog.getSourceFile(path)!;
    const file = relative(SRC, path).split(sep).join('/');
    const at = (node: ts.Node) => ({
      file,
      method: enclosingName(node),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        const [arg] = node.arguments;
        if (name === 'set' && arg && usersCall(node.expression.expression, 'updateTable'))
          writes.push({ ...at(node), kind: 'update', columns: columnsOf(checker, arg) });
        if (name === 'insertInto' && usersCall(node, 'insertInto'))
          writes.push({ ...at(node), kind: 'insert', columns: [] });
      }
      if (
        (ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateExpression(node) ||
          ts.isStringLiteral(node)) &&
        /update\s+users\s+set/i.test(node.getText())
      )
        writes.push({ ...at(node), kind: 'update', columns: rawColumns(node.getText()) });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

const OWNER_OF = new Map<string, UserColumnOwner>(
  (Object.keys(USER_COLUMN_OWNERS) as UserColumnOwner[]).flatMap((owner) =>
    USER_COLUMN_OWNERS[owner].columns.map((column) => [column, owner] as const),
  ),
);

const writesFrom = (owner: UserColumnOwner, file: string) =>
  USER_COLUMN_OWNERS[owner].writers.some(
    (w) => file === w || (w.endsWith('/') && file.startsWith(w)),
  );

/** What is wrong with these writes, one line each; also which cross-owner writes were used. */
function offences(writes: UserWrite[]): { offences: string[]; used: Set<number> } {
  const out: string[] = [];
  const used = new Set<number>();
  for (const write of writes) {
    const where = `${write.file}:${write.line} (${write.method})`;
    if (write.kind === 'insert') {
      // A new account is the accounts' (features/auth/accounts.repository.ts).
      if (!writesFrom('accounts', write.file)) out.push(`${where} inserts a users row`);
      continue;
    }
    if (!write.columns) {
      out.push(`${where}: the columns written cannot be told; use an owner's typed changes`);
      continue;
    }
    for (const column of write.columns) {
      const owner = OWNER_OF.get(column);
      if (!owner) {
        out.push(`${where} writes ${column}, which has no owner in db/user-columns.ts`);
        continue;
      }
      if (writesFrom(owner, write.file)) continue;
      const allowed = CROSS_OWNER_WRITES.findIndex(
        (c) =>
          c.file === write.file &&
          c.method === write.method &&
          (c.columns === 'all' || c.columns.includes(column as never)),
      );
      if (allowed >= 0) used.add(allowed);
      else out.push(`${where} writes ${column}, a column of ${owner}`);
    }
  }
  return { offences: out, used };
}

describe('the users row’s owners (db/user-columns.ts)', () => {
  const files = serverFiles().filter((path) => WRITES_USERS.test(readFileSync(path, 'utf8')));
  const writes = userWrites(files);

  it('finds the row’s writes where they are (the scan sees them)', () => {
    const at = (file: string) => writes.filter((w) => w.file === file);
    expect(at('features/auth/accounts.repository.ts').length).toBeGreaterThan(3);
    expect(at('features/preferences/preferences.repository.ts')).not.toEqual([]);
    // Computed keys of a union of names (sanctions), callbacks (counters), raw SQL (messages).
    expect(at('features/moderation/bans.repository.ts').flatMap((w) => w.columns ?? [])).toEqual(
      expect.arrayContaining(['gag_until', 'ban_until', 'is_troll']),
    );
    expect(at('features/profiles/profiles.repository.ts').flatMap((w) => w.columns ?? [])).toEqual(
      expect.arrayContaining(['room_visits', 'stealth_visits', 'status']),
    );
    expect(at('features/chat/message-insert.ts').flatMap((w) => w.columns ?? [])).toContain(
      'public_messages',
    );
  });

  it('each column is written only by its owner, or by a write named with its reason', () => {
    const { offences: found, used } = offences(writes);
    expect(found).toEqual([]);
    // A named exception that no longer happens is taken out of the list.
    expect(CROSS_OWNER_WRITES.filter((_, i) => !used.has(i))).toEqual([]);
  });

  it('refuses a feature writing another owner’s columns, however it spells the write', () => {
    const bad = join(SRC, 'features/chat/bad-writer.ts');
    const found = offences(
      userWrites([], {
        [bad]: `
          import type { Kysely } from 'kysely';
          import type { DB, UserUpdate } from '../../db/schema';
          export async function promote(db: Kysely<DB>, id: number) {
            await db.updateTable('users').set({ role: 'admin' }).where('id', '=', id).execute();
          }
          export async function anything(db: Kysely<DB>, id: number, changes: UserUpdate) {
            await db.updateTable('users').set(changes).where('id', '=', id).execute();
          }
          export async function quiet(db: Kysely<DB>, id: number, on: boolean) {
            const column = on ? ('settings' as const) : ('im_privacy' as const);
            await db.updateTable('users').set({ [column]: '{}' }).where('id', '=', id).execute();
          }
          export async function rich(db: Kysely<DB>, id: number) {
            await db.updateTable('users').set((eb) => ({ balance: eb('balance', '+', 1) })).where('id', '=', id).execute();
          }
          export const raw = 'update users set password_hash = null where id = ?';
          export async function signUp(db: Kysely<DB>) {
            await db.insertInto('users').values({} as never).execute();
          }
        `,
      }),
    ).offences;
    const lines = found.join('\n');
    expect(lines).toMatch(/\(promote\) writes role, a column of accounts/);
    // The generic update writes every column: each one outside chat's is refused.
    expect(lines).toMatch(/\(anything\) writes password_hash, a column of accounts/);
    expect(lines).toMatch(/\(anything\) writes about, a column of profiles/);
    expect(lines).toMatch(/\(quiet\) writes settings, a column of preferences/);
    expect(lines).toMatch(/\(quiet\) writes im_privacy, a column of preferences/);
    expect(lines).toMatch(/\(rich\) writes balance, a column of economy/);
    expect(lines).toMatch(/\(raw\) writes password_hash, a column of accounts/);
    expect(lines).toMatch(/\(signUp\) inserts a users row/);
  });

  it('every column of the migrated table has an owner, and every owned column exists', async () => {
    const database = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(database);
      const { rows } = await sql<{ name: string }>`pragma table_info(users)`.execute(database.db);
      const live = rows.map((r) => r.name).filter((name) => name !== 'id');
      expect(live.filter((name) => !OWNER_OF.has(name))).toEqual([]);
      expect([...OWNER_OF.keys()].filter((name) => !live.includes(name))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

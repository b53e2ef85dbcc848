/**
 * Checks run by hand against a live site, with the server's own configuration (DATABASE_URL,
 * DATA_DIR):
 *
 *   npm run ops -- ledger        every wallet against its ledger sums; exit 1 when any differs
 *   npm run ops -- nick-clashes  accounts whose nicks look alike (same confusable skeleton),
 *                                look like a reserved nick, or break today's nick rules; exit 1
 *                                when any does
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import type { Database } from '../src/db/database';
import { checkLedger, describeLedgerCheck } from '../src/features/economy/ledger-check';
import { describeNickClashes, findNickClashes } from '../src/features/users/nick-clashes';

/** Runs a read-only check on the site's database and closes it. */
async function withDatabase(
  databaseUrl: string,
  check: (database: Database) => Promise<boolean>,
): Promise<boolean> {
  const database = openDatabase(databaseUrl);
  try {
    return await check(database);
  } finally {
    // SQLite's checkpoint worker is unref'd: hold the loop open until it has stopped.
    const keepAlive = setInterval(() => undefined, 1000);
    await database.close();
    clearInterval(keepAlive);
  }
}

const CHECKS: Record<string, (databaseUrl: string) => Promise<boolean>> = {
  ledger: (databaseUrl) =>
    withDatabase(databaseUrl, async (database) => {
      const mismatches = await checkLedger(database);
      for (const line of describeLedgerCheck(mismatches)) console.log(line);
      return mismatches.length === 0;
    }),
  'nick-clashes': (databaseUrl) =>
    withDatabase(databaseUrl, async (database) => {
      const report = await findNickClashes(database);
      const lines = describeNickClashes(report);
      for (const line of lines) console.log(line);
      return lines.length === 1;
    }),
};

const [name] = process.argv.slice(2);
const check = name ? CHECKS[name] : undefined;
if (!check) {
  console.error(`usage: npm run ops -- <${Object.keys(CHECKS).join('|')}>`);
  process.exit(name ? 1 : 0);
}
try {
  process.exitCode = (await check(loadConfig().databaseUrl)) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}

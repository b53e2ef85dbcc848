/**
 * Checks run by hand against a live site, with the server's own configuration (DATABASE_URL,
 * DATA_DIR):
 *
 *   npm run ops -- ledger     every wallet against its ledger sums; exit 1 when any differs
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { checkLedger, describeLedgerCheck } from '../src/features/economy/ledger-check';

const CHECKS: Record<string, (databaseUrl: string) => Promise<boolean>> = {
  ledger: async (databaseUrl) => {
    const database = openDatabase(databaseUrl);
    try {
      const mismatches = await checkLedger(database);
      for (const line of describeLedgerCheck(mismatches)) console.log(line);
      return mismatches.length === 0;
    } finally {
      // SQLite's checkpoint worker is unref'd: hold the loop open until it has stopped.
      const keepAlive = setInterval(() => undefined, 1000);
      await database.close();
      clearInterval(keepAlive);
    }
  },
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

/**
 * A SQLite connection for a plain `node -e` child process (a lock holder, a crasher), through the same
 * driver as the test process: `CHILD_OPEN_DB` defines `openDb(path)`, and `childSqliteEnv()` tells the
 * child which binding that is. Both bindings have `prepare(sql).run()` and `exec(sql)`; pragmas go
 * through `exec`.
 */
import { join } from 'node:path';
import { sqliteDriver } from '../../src/store/sqlite/driver.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

export const CHILD_OPEN_DB = `
const openDb = (path) => process.env.MNEMO_CHILD_SQLITE === 'node'
  ? new (process.getBuiltinModule('node:sqlite').DatabaseSync)(path)
  : new (require(process.env.MNEMO_CHILD_SQLITE))(path);
`;

export function childSqliteEnv(): Record<string, string> {
  const name = sqliteDriver().name;
  return { MNEMO_CHILD_SQLITE: name === 'node' ? 'node' : join(REPO_ROOT, 'node_modules', 'better-sqlite3') };
}

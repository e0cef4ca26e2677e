/**
 * @module store/sqlite/result-codes
 * SQLite's result codes by name (`SQLITE_BUSY`, `SQLITE_IOERR_SHMSIZE`…). better-sqlite3 puts the name
 * on its errors' `code`; node:sqlite puts `ERR_SQLITE_ERROR` there and the number on `errcode`. The
 * store decides what a failure means by name (driver.ts), so both drivers' errors are read through
 * `sqliteCode`.
 */

/** Primary codes (the low byte of an extended code). */
const PRIMARY: Readonly<Record<number, string>> = {
  0: 'OK', 1: 'ERROR', 2: 'INTERNAL', 3: 'PERM', 4: 'ABORT', 5: 'BUSY', 6: 'LOCKED', 7: 'NOMEM', 8: 'READONLY',
  9: 'INTERRUPT', 10: 'IOERR', 11: 'CORRUPT', 12: 'NOTFOUND', 13: 'FULL', 14: 'CANTOPEN', 15: 'PROTOCOL',
  16: 'EMPTY', 17: 'SCHEMA', 18: 'TOOBIG', 19: 'CONSTRAINT', 20: 'MISMATCH', 21: 'MISUSE', 22: 'NOLFS',
  23: 'AUTH', 24: 'FORMAT', 25: 'RANGE', 26: 'NOTADB', 27: 'NOTICE', 28: 'WARNING', 100: 'ROW', 101: 'DONE',
};

/** Extended codes: the name at index i is `primary | ((i + 1) << 8)`. */
const EXTENDED: Readonly<Record<number, readonly string[]>> = {
  0: ['LOAD_PERMANENTLY', 'SYMLINK'],
  1: ['MISSING_COLLSEQ', 'RETRY', 'SNAPSHOT', 'RESERVESIZE', 'KEY', 'UNABLE'],
  4: ['', 'ROLLBACK'],
  5: ['RECOVERY', 'SNAPSHOT', 'TIMEOUT'],
  6: ['SHAREDCACHE', 'VTAB'],
  8: ['RECOVERY', 'CANTLOCK', 'ROLLBACK', 'DBMOVED', 'CANTINIT', 'DIRECTORY'],
  10: [
    'READ', 'SHORT_READ', 'WRITE', 'FSYNC', 'DIR_FSYNC', 'TRUNCATE', 'FSTAT', 'UNLOCK', 'RDLOCK', 'DELETE', 'BLOCKED',
    'NOMEM', 'ACCESS', 'CHECKRESERVEDLOCK', 'LOCK', 'CLOSE', 'DIR_CLOSE', 'SHMOPEN', 'SHMSIZE', 'SHMLOCK', 'SHMMAP',
    'SEEK', 'DELETE_NOENT', 'MMAP', 'GETTEMPPATH', 'CONVPATH', 'VNODE', 'AUTH', 'BEGIN_ATOMIC', 'COMMIT_ATOMIC',
    'ROLLBACK_ATOMIC', 'DATA', 'CORRUPTFS', 'IN_PAGE', 'BADKEY', 'CODEC',
  ],
  11: ['VTAB', 'SEQUENCE', 'INDEX'],
  14: ['NOTEMPDIR', 'ISDIR', 'FULLPATH', 'CONVPATH', 'DIRTYWAL', 'SYMLINK'],
  19: ['CHECK', 'COMMITHOOK', 'FOREIGNKEY', 'FUNCTION', 'NOTNULL', 'PRIMARYKEY', 'TRIGGER', 'UNIQUE', 'VTAB', 'ROWID', 'PINNED', 'DATATYPE'],
  23: ['USER'],
  27: ['RECOVER_WAL', 'RECOVER_ROLLBACK', 'RBU'],
  28: ['AUTOINDEX'],
};

/** `SQLITE_…` for a (primary or extended) result code; undefined for a number SQLite does not define. */
export function resultCodeName(code: number): string | undefined {
  const primary = PRIMARY[code & 0xff];
  if (primary === undefined) return undefined;
  const ext = code >> 8;
  if (ext === 0) return `SQLITE_${primary}`;
  const name = EXTENDED[code & 0xff]?.[ext - 1];
  return name ? `SQLITE_${primary}_${name}` : undefined;
}

/** The SQLite code name of an error from either driver (`SQLITE_BUSY`…), or its own code, or ''. */
export function sqliteCode(err: unknown): string {
  const e = err as { code?: unknown; errcode?: unknown } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('SQLITE_')) return code;
  if (typeof e?.errcode === 'number') return resultCodeName(e.errcode) ?? code;
  return code;
}

/**
 * @module store/sqlite/drivers/better-sqlite3-module
 * Loads better-sqlite3 when it is first needed. It is an optional peer of mnemo: absent where Node has
 * node:sqlite, and never loaded there (its addon is built for one Node ABI and fails under another).
 * The hook bundle replaces this module with a plain `require` (scripts/build.mjs), so that the
 * package's JavaScript is bundled in and only the addon is read from node_modules.
 */
import { createRequire } from 'node:module';
import type { BetterSqlite3Module } from './better-sqlite3.ts';

export function requireBetterSqlite3(): BetterSqlite3Module {
  return createRequire(import.meta.url)('better-sqlite3') as BetterSqlite3Module;
}

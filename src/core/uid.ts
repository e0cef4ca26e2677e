/**
 * @module core/uid
 * Ids for captured events: unique across processes and machines without loading node:crypto
 * (which costs every hook a few milliseconds at start-up). Time, pid and 64 random bits.
 */

let counter = 0;

export function newUid(pid: number = typeof process !== 'undefined' ? process.pid : 0): string {
  const rand = Math.floor(Math.random() * 0x100000000).toString(36) + Math.floor(Math.random() * 0x100000000).toString(36);
  return `${Date.now().toString(36)}-${pid.toString(36)}-${(counter++).toString(36)}-${rand}`;
}

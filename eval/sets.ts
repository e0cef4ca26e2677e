/**
 * @module eval/sets
 * The two labelled sets and the transcript folders each was written about (eval/data/README.md).
 */
export type SetName = 'v1' | 'v2';
export type StoreName = 'all' | 'v1' | 'v2';

export const SET_ROOTS: Readonly<Record<SetName, readonly string[]>> = {
  v1: ['DRMacIver-claude-reliability', 'marot-spotter', 'oneryalcin-fasthooks', 'tomjnsn-agentlogs'],
  v2: ['tonyandrewmeyer-charming-with-claude', 'tensiondriven-athena', 'entireio-cli', 'yutakobayashidev-repiq', 'ujuc-agent-stuff'],
};

/** Which sets' sessions each store holds: `all` both (the figures quoted), the others their own only. */
export const STORE_SETS: Readonly<Record<StoreName, readonly SetName[]>> = { all: ['v1', 'v2'], v1: ['v1'], v2: ['v2'] };

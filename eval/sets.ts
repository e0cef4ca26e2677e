/**
 * @module eval/sets
 * The labelled sets and the transcript folders each was written about (eval/data/README.md). v3 asks
 * about sessions of both earlier sets' folders, so it brings no folder of its own; v4 asks about five sessions
 * of four projects none of the others has seen; v5 four sessions of three more, written after round 6; v6 four
 * sessions of one more project (ClusterCockpit/cc-backend), written in round 9.
 */
export type SetName = 'v1' | 'v2' | 'v3' | 'v4' | 'v5' | 'v6';
/** The sets split into dev and test halves (`questions-<set>.split.json`). */
export const SPLIT_SETS = ['v2', 'v3', 'v4', 'v5', 'v6'] as const;
export type StoreName = 'all' | 'v1' | 'v2';

export const SET_ROOTS: Readonly<Record<SetName, readonly string[]>> = {
  v1: ['DRMacIver-claude-reliability', 'marot-spotter', 'oneryalcin-fasthooks', 'tomjnsn-agentlogs'],
  v2: ['tonyandrewmeyer-charming-with-claude', 'tensiondriven-athena', 'entireio-cli', 'yutakobayashidev-repiq', 'ujuc-agent-stuff'],
  v3: [],
  v4: ['FSM1-cipher-box', 'Safecast-safecast-map-MCP', 'Smartagent-so-Personal_AI_Infrastructure', 'd-kimuson-claude-code-viewer'],
  v5: ['nakamura-shuta-tij', 'punt-labs-langlearn-tts', 'PackmindHub-context-evaluator'],
  v6: ['ClusterCockpit-cc-backend'],
};

/** Which sets each store is asked: `all` every set over every session (the figures quoted), the others their own only. */
export const STORE_SETS: Readonly<Record<StoreName, readonly SetName[]>> = { all: ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'], v1: ['v1'], v2: ['v2'] };

/**
 * @module core/extract/failure-reading
 * What a failed call's text says: its error line, the test that failed, and for a host that flags
 * nothing, whether its text reads as a failure. One entry, so that the hook loads these only for the
 * calls that need them (hook-failures.cjs, scripts/build.mjs): a failed call, or a host's plain-text
 * shell answer.
 */
export { textVerdict } from './failure-text.ts';
export { rankedErrorLine } from './error-line.ts';
export { failedTest } from './failed-test.ts';

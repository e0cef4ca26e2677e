/**
 * @module hooks/main
 * Entry of the hook bundle (`plugin/dist/hook.cjs`): kept apart from the CLI so a hook loads only
 * what hooks need. CommonJS has no top-level await, hence the promise.
 */
import { runHook } from './entry.ts';

void runHook(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

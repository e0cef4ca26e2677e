/**
 * @module hooks/main
 * Entry of the hook bundle (`plugin/dist/hook.js`): kept apart from the CLI so a hook loads only
 * what hooks need.
 */
import { runHook } from './entry.ts';

process.exitCode = await runHook(process.argv.slice(2));

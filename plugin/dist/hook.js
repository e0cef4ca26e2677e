// The hook entry of earlier installs: the hook is hook.cjs now (CommonJS starts faster). Re-run `mnemo install` to call it directly.
import{createRequire}from'node:module';createRequire(import.meta.url)('./hook.cjs');

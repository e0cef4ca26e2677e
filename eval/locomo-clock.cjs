// Preloaded (NODE_OPTIONS=--require) into the hook processes of the LoCoMo replay (eval/locomo.ts):
// shifts Date.now() by MNEMO_EVAL_CLOCK_OFFSET_MS, so a hook stamps its event with the LoCoMo
// session's date (plus the real time elapsed since the session's replay began), as if the machine
// had lived through the conversation. Only the clock moves; the hook code is the plugin's own.
'use strict';
const offset = Number(process.env.MNEMO_EVAL_CLOCK_OFFSET_MS);
if (Number.isFinite(offset) && offset !== 0) {
  const realNow = Date.now;
  Date.now = () => realNow() + offset;
}

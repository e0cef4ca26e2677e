// A node:test reporter that prints, once the run is over, how long each test file's tests took (the
// slowest first): what decides whether a file nears the runner's per-file limit (scripts/run-tests.mjs).
// Summed from the top-level tests of each file; module loading before the first test is not in it.
const SHOWN = 15;

export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (!file || nesting !== 0 || typeof details?.duration_ms !== 'number') continue;
    files.set(file, (files.get(file) ?? 0) + details.duration_ms);
  }
  const root = new URL('..', import.meta.url).pathname;
  const rows = [...files].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  if (rows.length === 0) return;
  yield `# slowest test files (s, summed over their top-level tests):\n`;
  for (const [file, ms] of rows) yield `#   ${(ms / 1000).toFixed(1).padStart(6)}  ${file.startsWith(root) ? file.slice(root.length) : file}\n`;
}

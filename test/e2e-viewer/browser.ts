/**
 * Headless Chromium for the viewer's end-to-end tests: Debian's `chromium` driven by playwright-core
 * (no browser download), with the flags this sandbox needs and a fresh profile per launch.
 * CI installs it with `apt-get install -y chromium`; without it the tests skip, except under CI.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.MNEMO_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. Under CI a missing browser is a failure, not a skip. */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const why = `${CHROMIUM} not found (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(`viewer e2e: ${why}`);
  return why;
}

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors, failed requests and requests that left 127.0.0.1, collected as the page runs. */
  readonly problems: string[];
  close(): Promise<void>;
}

export async function launch(opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'mnemo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    colorScheme: opts.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.hostname !== '127.0.0.1') problems.push(`request left the machine: ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    // Expected: a live stream cut when the page navigates or closes, and an API read the page itself
    // aborted because a newer one replaced it (useApi aborts the previous request; on a loaded machine
    // the first may still be in flight when the next keystroke arrives).
    if (r.url().endsWith('/api/stream')) return;
    if (why === 'net::ERR_ABORTED' && r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/')) return;
    problems.push(`request failed: ${r.url()} ${why}`);
  });
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

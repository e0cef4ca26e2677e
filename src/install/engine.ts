/**
 * @module install/engine
 * `install` and `uninstall`: read the files, let the pure planner decide, then write (or, on a dry
 * run, only describe). Every file is read and every edit computed before the first write, so a
 * refusal (a broken settings file) leaves everything untouched.
 */
import path from 'node:path';
import type { AssistantSpec, FileChange, HookFeatures, InstallOptions, InstallReport, Scope, SpecContext, UninstallOptions } from './types.ts';
import { InstallError } from './errors.ts';
import { assistantSpec } from './registry.ts';
import { isWindowsPath, pathApiFor } from './paths.ts';
import { manifestPath, parseManifest, serializeManifest, type Manifest, type ManifestFile } from './manifest.ts';
import { planInstall, planUninstall, type FileOp, type Snapshot } from './reconcile.ts';
import { isDirectory, missingDirs, readBytes, removeEmptyDirs, removeFile, writeAtomic } from './file-io.ts';
import { decodeText } from './text-codec.ts';
import { jsonEqual } from './jsonc-doc.ts';

interface Request {
  readonly spec: AssistantSpec;
  readonly ctx: SpecContext;
  readonly target: string;
  readonly manifestPath: string;
  readonly dryRun: boolean;
  readonly label: string;
}

function checkArgv(name: string, argv: unknown): readonly string[] {
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string' && a !== '')) {
    throw new InstallError('INVALID_OPTIONS', `${name} must be a non-empty list of non-empty strings, e.g. ['node', '/path/to/hook.js'].`);
  }
  return argv as readonly string[];
}

/** Validates the options and resolves the scope; the only place that consults the working directory. */
function resolveRequest(opts: UninstallOptions & { readonly hookFeatures?: HookFeatures }, hookCommand: readonly string[], mcpCommand: readonly string[]): Request {
  const spec = assistantSpec(opts.assistant);
  const p = pathApiFor(opts.home);
  if (typeof opts.home !== 'string' || !p.isAbsolute(opts.home)) {
    throw new InstallError('INVALID_OPTIONS', `home must be an absolute path (got ${JSON.stringify(opts.home)}).`);
  }
  if (typeof opts.dataDir !== 'string' || opts.dataDir === '') {
    throw new InstallError('INVALID_OPTIONS', 'dataDir must be a path.');
  }
  const scope: Scope = opts.projectDir === undefined ? 'user' : 'project';
  if (!spec.scopes.includes(scope)) {
    throw new InstallError('UNSUPPORTED_SCOPE', `${spec.title} supports only ${spec.scopes.join(' and ')} scope installs.`);
  }
  let projectDir: string | undefined;
  if (opts.projectDir !== undefined) {
    projectDir = p.isAbsolute(opts.projectDir) || isWindowsPath(opts.projectDir) ? p.normalize(opts.projectDir) : path.resolve(opts.projectDir);
  }
  const target = projectDir ?? p.normalize(opts.home);
  const ctx: SpecContext = {
    scope,
    home: p.normalize(opts.home),
    projectDir,
    path: p,
    windows: isWindowsPath(opts.home),
    os: isWindowsPath(opts.home) ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux',
    hookCommand,
    mcpCommand,
    dataDir: opts.dataDir,
    hookFeatures: opts.hookFeatures ?? { execForm: false, background: false },
  };
  return {
    spec,
    ctx,
    target,
    manifestPath: manifestPath(pathApiFor(opts.dataDir), opts.dataDir, spec.name, scope, target),
    dryRun: opts.dryRun === true,
    label: `${spec.title} (${scope === 'user' ? 'user scope' : `project ${target}`})`,
  };
}

async function loadManifest(file: string): Promise<Manifest | undefined> {
  const bytes = await readBytes(file);
  return bytes === undefined ? undefined : parseManifest(decodeText(bytes, file).text, file);
}

async function snapshotOf(paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
  const snap = new Map<string, Uint8Array | undefined>();
  for (const p of paths) snap.set(p, await readBytes(p));
  return snap;
}

/** True when every file still holds what the snapshot saw (a host may rewrite its state file any time). */
async function unchangedSince(snapshot: Snapshot): Promise<boolean> {
  for (const [p, bytes] of snapshot) {
    const now = await readBytes(p);
    if (now === undefined || bytes === undefined ? now !== bytes : Buffer.compare(now, bytes) !== 0) return false;
  }
  return true;
}

/** Plans against a snapshot that did not change while planning; retries a few times if it did. */
async function stablePlan<T>(paths: readonly string[], plan: (s: Snapshot) => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const snapshot = await snapshotOf(paths);
    const result = plan(snapshot);
    if (attempt >= 2 || (await unchangedSince(snapshot))) return result;
  }
}

function toChanges(ops: readonly FileOp[]): FileChange[] {
  return ops.map((op) => ({ path: op.path, action: op.action, diff: op.diff, ...(op.method ? { method: op.method } : {}) }));
}

function report(
  req: Request,
  status: InstallReport['status'],
  ops: readonly FileOp[],
  message: string,
  notes: readonly string[],
): InstallReport {
  const done = (a: FileOp['action'][]): string[] => (req.dryRun ? [] : ops.filter((o) => a.includes(o.action)).map((o) => o.path));
  return {
    assistant: req.spec.name,
    scope: req.ctx.scope,
    target: req.target,
    dryRun: req.dryRun,
    status,
    files: toChanges(ops),
    created: done(['create']),
    changed: done(['modify', 'restore']),
    deleted: done(['delete']),
    diff: ops.map((o) => o.diff).filter((d) => d !== '').join(''),
    manifestPath: req.manifestPath,
    message,
    notes,
  };
}

function count(ops: readonly FileOp[]): number {
  return ops.filter((o) => o.action !== 'unchanged').length;
}

/**
 * Adds mnemo's hooks and MCP server to an assistant's configuration. Idempotent: a second run with the
 * same commands changes no byte; a run with new commands replaces our old entries.
 */
export async function install(opts: InstallOptions): Promise<InstallReport> {
  const hookCommand = checkArgv('hookCommand', opts.hookCommand);
  const mcpCommand = checkArgv('mcpCommand', opts.mcpCommand);
  const req0 = resolveRequest(opts, hookCommand, mcpCommand);
  if (req0.ctx.projectDir !== undefined && !(await isDirectory(req0.ctx.projectDir))) {
    throw new InstallError('INVALID_OPTIONS', `Project directory ${req0.ctx.projectDir} does not exist.`);
  }
  const manifest = await loadManifest(req0.manifestPath);
  const req: Request = { ...req0, ctx: { ...req0.ctx, previousHookCommand: manifest?.hookCommand } };
  const files = req.spec.files(req.ctx);
  const plan = await stablePlan(
    files.map((f) => f.path),
    (s) => planInstall(files, s, manifest),
  );
  const notes = req.spec.notes?.(req.ctx) ?? [];
  const n = count(plan.ops);
  const sameManifest =
    manifest !== undefined &&
    jsonEqual(manifest.files, plan.entries) &&
    jsonEqual(manifest.hookCommand, hookCommand) &&
    jsonEqual(manifest.mcpCommand, mcpCommand);
  if (n === 0 && sameManifest) {
    return report(req, 'already-installed', plan.ops, `mnemo is already installed in ${req.label}; nothing changed.`, []);
  }
  if (req.dryRun) {
    const what = n === 0 ? 'no configuration file would change' : `${n} file${n === 1 ? '' : 's'} would change`;
    return report(req, 'installed', plan.ops, `Dry run: installing mnemo into ${req.label}: ${what}; nothing was written.`, notes);
  }
  const entries: ManifestFile[] = [];
  for (const e of plan.entries) {
    const op = plan.ops.find((o) => o.path === e.path);
    entries.push(op?.action === 'create' ? { ...e, createdDirs: await missingDirs(e.path) } : e);
  }
  const next: Manifest = {
    version: 1,
    assistant: req.spec.name,
    scope: req.ctx.scope,
    target: req.target,
    hookCommand,
    mcpCommand,
    installedAt: new Date().toISOString(),
    files: entries,
  };
  // The manifest first: if we are interrupted between files, uninstall still knows what to undo.
  await writeAtomic(req.manifestPath, new TextEncoder().encode(serializeManifest(next)));
  for (const op of plan.ops) if (op.after !== undefined) await writeAtomic(op.path, op.after);
  const what = n === 0 ? 'configuration already up to date' : `${n} file${n === 1 ? '' : 's'} changed`;
  return report(req, 'installed', plan.ops, `Installed mnemo into ${req.label}: ${what}.`, notes);
}

/**
 * Takes mnemo out of an assistant's configuration. Files untouched since the install get their
 * original bytes back (files we created are deleted); files the user has changed lose only our entries.
 */
export async function uninstall(opts: UninstallOptions): Promise<InstallReport> {
  const probe = resolveRequest(opts, ['mnemo'], ['mnemo']);
  const manifest = await loadManifest(probe.manifestPath);
  if (manifest === undefined) {
    return report(
      probe,
      'not-installed',
      [],
      `mnemo is not installed in ${probe.label}: there is no install record at ${probe.manifestPath}. Nothing was changed.`,
      [],
    );
  }
  const req = resolveRequest(opts, manifest.hookCommand, manifest.mcpCommand);
  const files = req.spec.files({ ...req.ctx, previousHookCommand: manifest.hookCommand });
  const plan = await stablePlan(
    manifest.files.map((f) => f.path),
    (s) => planUninstall(files, s, manifest),
  );
  const n = count(plan.ops);
  if (req.dryRun) {
    return report(req, 'uninstalled', plan.ops, `Dry run: removing mnemo from ${req.label}: ${n} file${n === 1 ? '' : 's'} would change; nothing was written.`, plan.notes);
  }
  for (const op of plan.ops) {
    if (op.action === 'delete') await removeFile(op.path);
    else if (op.after !== undefined) await writeAtomic(op.path, op.after);
  }
  await removeEmptyDirs(plan.dirsToRemove);
  await removeFile(req.manifestPath);
  return report(req, 'uninstalled', plan.ops, `Removed mnemo from ${req.label}: ${n} file${n === 1 ? '' : 's'} changed.`, plan.notes);
}

/**
 * @module install/types
 * The installer's vocabulary. An assistant is described by a pure {@link AssistantSpec}: which files
 * hold its configuration and how to add or remove our entries in their text. The engine does all
 * reading, writing and bookkeeping, so adding an assistant is one file of pure text transforms.
 */
import type { PathApi } from './paths.ts';

/** User scope edits the assistant's files under the home directory; project scope edits files in one repository. */
export type Scope = 'user' | 'project';

/** What the CLI passes to `install`. Paths are absolute; `home` is never looked up inside the logic. */
export interface InstallOptions {
  readonly assistant: string;
  /** The user's home directory (Linux, macOS or Windows form). */
  readonly home: string;
  /** Install into this project instead of the user's configuration. */
  readonly projectDir?: string;
  /** Compute and describe the change without writing anything. */
  readonly dryRun?: boolean;
  /** mnemo's data directory; the install manifest lives under `install/` in it. */
  readonly dataDir: string;
  /** How the host should run our hook; the installer appends the event name, e.g. `['node', '/x/hook.js']`. */
  readonly hookCommand: readonly string[];
  /** How the host should start our MCP server, e.g. `['node', '/x/cli.js', 'mcp']`. */
  readonly mcpCommand: readonly string[];
  /** What the installed host's hooks support (Claude Code: see {@link HookFeatures}); none when unknown. */
  readonly hookFeatures?: HookFeatures;
}

/**
 * Hook options of the installed host. `execForm`: `command` + `args`, spawned without a shell;
 * `background`: `async: true`, the host does not wait for a hook that answers nothing.
 */
export interface HookFeatures {
  readonly execForm: boolean;
  readonly background: boolean;
}

/** What `uninstall` needs: the commands come from the manifest written at install time. */
export type UninstallOptions = Omit<InstallOptions, 'hookCommand' | 'mcpCommand' | 'hookFeatures'>;

/** What happened (or, on a dry run, would happen) to one file. */
export type FileAction = 'create' | 'modify' | 'delete' | 'restore' | 'unchanged';

/** One file's part of a report. */
export interface FileChange {
  readonly path: string;
  readonly action: FileAction;
  /**
   * `exact`: the file's original bytes were put back (it was untouched since our install);
   * `surgical`: only our entries were taken out because the user changed the file since.
   */
  readonly method?: 'exact' | 'surgical';
  /** A unified diff of the change; empty when unchanged. */
  readonly diff: string;
}

/** The outcome of an install or uninstall, complete enough to print a --dry-run. */
export interface InstallReport {
  readonly assistant: string;
  readonly scope: Scope;
  /** The home directory (user scope) or project directory (project scope) that was targeted. */
  readonly target: string;
  readonly dryRun: boolean;
  readonly status: 'installed' | 'already-installed' | 'uninstalled' | 'not-installed';
  readonly files: readonly FileChange[];
  /** Paths of files created, modified (or restored) and deleted. Empty on a dry run. */
  readonly created: readonly string[];
  readonly changed: readonly string[];
  readonly deleted: readonly string[];
  /** Every file's diff, concatenated: what --dry-run prints. */
  readonly diff: string;
  /** Where the manifest that makes uninstall exact is (or would be) kept. */
  readonly manifestPath: string;
  /** One line for a person. */
  readonly message: string;
  /** Things the user should know (e.g. a restart is needed, a project server needs approval). */
  readonly notes: readonly string[];
}

/** Everything an assistant spec may use to decide what to write. Pure data. */
export interface SpecContext {
  readonly scope: Scope;
  readonly home: string;
  readonly projectDir: string | undefined;
  /** node:path flavour matching `home` (win32 for `C:\Users\…`), so Windows paths work on any machine. */
  readonly path: PathApi;
  /** Windows-form paths: hosts there run hook commands through different shells. */
  readonly windows: boolean;
  /** The operating system whose per-user folders to use (VS Code and Trae keep settings in OS-specific places). */
  readonly os: 'linux' | 'darwin' | 'win32';
  readonly hookCommand: readonly string[];
  readonly mcpCommand: readonly string[];
  /** The hook command of the previous install (from its manifest), so its entries are recognised and replaced. */
  readonly previousHookCommand?: readonly string[] | undefined;
  /** mnemo's data directory, for hosts that need it passed to the server explicitly. */
  readonly dataDir: string;
  /** What the installed host's hooks support; plain synchronous shell commands when absent. */
  readonly hookFeatures?: HookFeatures;
}

/**
 * One configuration file of an assistant and the pure edits that put our entries in and take them out.
 * `add` must return its input unchanged when our entries are already there as wanted (idempotence);
 * `remove` must leave everything that is not ours alone.
 */
export interface ConfigFile {
  readonly path: string;
  /**
   * Our entries added to `current` (undefined when the file does not exist yet).
   * Throws {@link InstallError} `INVALID_CONFIG` when the text cannot be edited safely.
   */
  add(current: string | undefined): string;
  /**
   * Our entries taken out of `current`. `original` is the file as it was before our first install
   * (when known), so that values we replaced can be put back and containers we created removed.
   */
  remove(current: string, original: string | undefined): string;
  /** True when a file we created holds nothing of the user's any more and can be deleted. */
  isEmpty(text: string): boolean;
}

/** An assistant mnemo can install into. One file each under `assistants/`. */
export interface AssistantSpec {
  /** The name used on the command line: `mnemo install <name>`. */
  readonly name: string;
  /** The product's own name, for messages. */
  readonly title: string;
  readonly scopes: readonly Scope[];
  /** The files to edit for this context. Pure. */
  files(ctx: SpecContext): readonly ConfigFile[];
  /** Advice printed after an install (restart, approvals, feature flags). */
  notes?(ctx: SpecContext): readonly string[];
}

/**
 * @module install/errors
 * One error type for the installer, with a stable code, so the CLI can tell a person exactly what to
 * fix (which file, which position) and tests can assert on the cause rather than on wording.
 */

/** Why an install or uninstall was refused. Nothing has been written when one of these is thrown. */
export type InstallErrorCode =
  | 'UNKNOWN_ASSISTANT'
  | 'UNSUPPORTED_SCOPE'
  | 'INVALID_OPTIONS'
  | 'INVALID_CONFIG'
  | 'UNSAFE_EDIT';

/**
 * Raised before any write when the request or a user's file cannot be handled safely.
 * `file` names the configuration file at fault, when there is one.
 */
export class InstallError extends Error {
  readonly code: InstallErrorCode;
  readonly file: string | undefined;

  constructor(code: InstallErrorCode, message: string, file?: string) {
    super(message);
    this.name = 'InstallError';
    this.code = code;
    this.file = file;
  }
}

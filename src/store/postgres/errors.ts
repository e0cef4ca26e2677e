/**
 * @module store/postgres/errors
 * PostgreSQL and socket errors as the contract's codes, so the sync engine knows what to retry.
 */
import { TeamServerError, type TeamErrorCode } from '../../core/team/contract.ts';

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ENOENT']);

const TLS_REFUSED = /^(ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|CERT_SIGNATURE_FAILURE|CERT_UNTRUSTED|CERT_REJECTED|ERR_SSL_.*)$/;

/** The contract code of a thrown error. */
export function codeOf(err: unknown): TeamErrorCode {
  if (err instanceof TeamServerError) return err.code;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (NETWORK.has(code)) return 'UNREACHABLE';
  // 08: connection exception; 57P01-03: shutdown / restart; 53: out of resources; 40001/40P01: try again.
  if (/^08/.test(code) || /^57P0[123]$/.test(code) || /^53/.test(code) || code === '40001' || code === '40P01') return 'UNREACHABLE';
  if (/Connection terminated|timeout expired|Connection ended|socket hang up|Client has encountered a connection error/i.test(message)) return 'UNREACHABLE';
  if (code === '28P01' || code === '28000') return 'AUTH';
  // The server's certificate was not accepted (chain, host name, expiry): a setting to fix, not a retry.
  if (TLS_REFUSED.test(code)) return 'AUTH';
  if (code === '42501') return 'FORBIDDEN';
  if (code === '3D000') return 'INVALID';
  if (/^2[23]/.test(code) || code === '54000') return 'INVALID';
  return 'INTERNAL';
}

/** Wrap any error as a TeamServerError, keeping PostgreSQL's message (it names the failed rule). */
export function asTeamError(err: unknown, doing: string): TeamServerError {
  if (err instanceof TeamServerError) return err;
  const code = codeOf(err);
  const msg = (err as Error)?.message ?? String(err);
  const hint =
    code === 'UNREACHABLE'
      ? ' (the server is unreachable or restarting; nothing is lost, try again later)'
      : code === 'AUTH'
        ? TLS_REFUSED.test(String((err as { code?: unknown })?.code ?? ''))
          ? ' (the server’s certificate was not accepted: check sslrootcert and the host name in the URL, or sslmode)'
          : ' (check the role name and the password in ~/.pgpass, PGPASSWORD or the service file)'
        : '';
  return new TeamServerError(code, `${doing}: ${msg}${hint}`, { cause: err });
}

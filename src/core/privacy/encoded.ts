/**
 * @module core/privacy/encoded
 * Base64 blobs that are credentials once decoded: a Docker `config.json` (`.dockerconfigjson`), a
 * service-account file or a PEM private key stored base64-encoded (a kubeconfig's `client-key-data`,
 * a Kubernetes Secret's `data`). Only the blob's start is decoded: the telling keys come first.
 */

/** How much of a blob is decoded (base64 characters; a multiple of 4). */
const HEAD = 1024;

function head(token: string): string {
  const end = Math.min(token.length, HEAD) & ~3;
  return Buffer.from(token.slice(0, end), 'base64').toString('latin1');
}

/** A JSON key that holds a credential, near the start of a decoded JSON document. */
const CREDENTIAL_KEY_RE = /"(?:auths?|password|passwd|secret|client_secret|private_key|token|access_token|refresh_token|id_token|api_?key|credentials?|identitytoken|registrytoken)"\s*:/i;

/** A base64 run that decodes to JSON naming a credential (`{"auths":{"…":{"auth":"…"}}}`). */
export function decodedHoldsCredential(token: string): boolean {
  const text = head(token);
  return text.charCodeAt(0) === 123 /* { */ && CREDENTIAL_KEY_RE.test(text);
}

/** A base64 run that decodes to a PEM private key (`-----BEGIN … PRIVATE KEY-----`). */
export function decodedHoldsPrivateKey(token: string): boolean {
  const text = head(token.slice(0, 120));
  return text.startsWith('-----BEGIN ') && /PRIVATE KEY|SSH2 ENCRYPTED/.test(text.slice(0, 80));
}

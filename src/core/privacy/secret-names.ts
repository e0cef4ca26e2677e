/**
 * @module core/privacy/secret-names
 * Whether a key or variable name holds a secret (`DB_PASSWORD`, `apiKey`, `X-Api-Key`), and which
 * kind, from the name's parts; names that describe a secret (`passwordField`, `max_tokens`) do not.
 */
import { rememberLast } from './remember-last.ts';

/** Whole name parts that mean "the value is a secret". */
const SECRET_PARTS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'pass', 'secret', 'secrets', 'token', 'apikey',
  'accesskey', 'privatekey', 'secretkey', 'clientsecret', 'authtoken', 'accesstoken',
  'refreshtoken', 'credential', 'credentials', 'cookie', 'auth', 'authorization', 'bearer',
  'sessionkey', 'pat', 'pw',
  // A Wi-Fi or IPsec pre-shared key (`psk="…"` in wpa_supplicant.conf, nmcli's `wifi-sec.psk`).
  'psk',
  // Redis's replica password (`masterauth` in redis.conf, beside `requirepass`).
  'masterauth',
]);
/**
 * Other languages' words for a password as ASCII names take them (`KENNWORT`, `MOT_DE_PASSE`,
 * `SENHA`, `HASLO`, `KATA_SANDI`): the hint scan finds them too (hint-sets' SECRET_WORDS).
 */
export const PASSWORD_WORDS: ReadonlySet<string> = new Set([
  'passwort', 'kennwort', 'passe', 'motdepasse', 'parola', 'parol', 'haslo', 'senha', 'contrasena', 'contrasenya', 'clave',
  'wachtwoord', 'salasana', 'losenord', 'heslo', 'jelszo', 'sifre', 'sandi', 'jeton',
]);
/** What a credential word says the value is: a password (typed by a person) or a generated secret. */
export type WordClass = 'password' | 'secret' | 'weak';

/**
 * Credential words of other languages (prose-credentials' prose; here, names such as `"パスワード"`),
 * found in prose by one regex that runs only on texts holding a letter outside ASCII (accented Latin, Cyrillic, Arabic, Devanagari, kana, CJK, Hangul): adding them to the
 * hint scan would slow every text's scan by a third, for words that come with such letters around them.
 */
export const WIDE_WORDS: ReadonlyMap<string, WordClass> = new Map<string, WordClass>([
  ['密码', 'password'], ['密碼', 'password'], ['口令', 'password'], ['パスワード', 'password'], ['暗証番号', 'password'], ['비밀번호', 'password'], ['암호', 'password'],
  ['пароль', 'password'], ['парол', 'password'], ['contraseña', 'password'], ['hasło', 'password'], ['şifre', 'password'], ['mật khẩu', 'password'], ['पासवर्ड', 'password'], ['كلمة المرور', 'password'],
  ['令牌', 'secret'], ['密钥', 'secret'], ['秘钥', 'secret'], ['私钥', 'secret'], ['凭证', 'secret'], ['凭据', 'secret'], ['金鑰', 'secret'], ['密鑰', 'secret'], ['憑證', 'secret'], ['權杖', 'secret'],
  ['トークン', 'secret'], ['秘密鍵', 'secret'], ['シークレット', 'secret'], ['認証情報', 'secret'], ['アクセスキー', 'secret'], ['토큰', 'secret'], ['시크릿', 'secret'], ['비밀 키', 'secret'], ['인증 정보', 'secret'],
  ['токен', 'secret'], ['ключ', 'secret'], ['секрет', 'secret'], ['clé', 'secret'], ['schlüssel', 'secret'], ['chiave', 'secret'],
  ['chave', 'secret'], ['sleutel', 'secret'], ['klucz', 'secret'],
  ['kennwort', 'password'], ['wachtwoord', 'password'], ['parola', 'password'], ['sandi', 'password'], ['haslo', 'password'],
  ['キー', 'weak'], ['키', 'weak'], ['鍵', 'weak'],
]);
let wideName: RegExp | undefined;

/** `key` is secret after these (`api_key`, `AccountKey`, `SECRET_KEY`); not after `public`, `sort`… */
const KEY_QUALIFIERS: ReadonlySet<string> = new Set([
  'api', 'access', 'secret', 'private', 'client', 'master', 'signing', 'sign', 'encryption', 'enc',
  'auth', 'session', 'account', 'storage', 'shared', 'service', 'app', 'license', 'webhook', 'bot',
  'admin', 'consumer', 'deploy', 'crypt', 'cipher', 'hmac', 'jwt', 'subscription', 'function',
  'host', 'x', 'rest', 'server', 'management', 'write', 'read',
]);
const KEY_NOT_SECRET: ReadonlySet<string> = new Set([
  'public', 'publishable', 'foreign', 'sort', 'partition', 'cache', 'hot', 'idempotency', 'lookup',
  'map', 'unique', 'composite', 'shortcut', 'row', 'column', 'translation', 'i18n', 'react',
  'dedupe', 'group', 'routing', 'shard', 'object', 'bucket', 'kms', 'keyboard', 'primary',
  'registry', 'storage', 'state', 'query',
]);
/** Whether `part` before `key` makes the name describe a key that is no secret (`public_key`, `sort_key`). */
export function isNotSecretKeyQualifier(part: string): boolean {
  return KEY_NOT_SECRET.has(part) || NOT_SECRET_AFTER.has(part);
}

/**
 * Parts after the secret word that make the name describe the secret rather than hold it:
 * `passwordField`, `token_type`, `tokenCount`, `secretName`, `auth_url`, `TOKEN_EXPIRY`.
 */
const NOT_SECRET_AFTER: ReadonlySet<string> = new Set([
  'field', 'fields', 'input', 'inputs', 'label', 'name', 'names', 'id', 'ids', 'type', 'types',
  'length', 'len', 'count', 'counts', 'min', 'max', 'size', 'limit', 'limits', 'file', 'files',
  'path', 'paths', 'dir', 'url', 'uri', 'endpoint', 'host', 'prompt', 'placeholder', 'policy',
  'policies', 'regex', 're', 'pattern', 'rule', 'rules', 'required', 'hint', 'help', 'expiry',
  'expires', 'expiration', 'expired', 'ttl', 'timeout', 'kind', 'header', 'env', 'var', 'vars',
  'prefix', 'suffix', 'format', 'mode', 'strategy', 'provider', 'manager', 'store', 'service',
  'helper', 'util', 'utils', 'validator', 'validation', 'schema', 'enabled', 'disabled', 'visible',
  'visibility', 'error', 'errors', 'message', 'msg', 'changed', 'at', 'date', 'time', 'since',
  'version', 'index', 'idx', 'budget', 'usage', 'window', 'estimate', 'estimator', 'class',
  'component', 'module', 'method', 'fn', 'func', 'callback', 'handler', 'strength', 'source',
  'flow', 'method', 'methods', 'scope', 'scopes', 'state', 'status', 'location', 'ref', 'arn',
  'key', 'keys', 'option', 'options', 'config', 'settings', 'form', 'dialog', 'modal', 'button',
  'page', 'view', 'screen', 'test', 'tests', 'spec', 'mock', 'stub', 'fixture', 'example',
  'length', 'hash', 'hashed', 'digest', 'salt', 'rounds', 'cost', 'algorithm', 'algo', 'level',
  'reset', 'forgot', 'command', 'cmd', 'stdin', 'from', 'mask', 'masked', 'visible', 'toggle',
  'list', 'map', 'set', 'bucket', 'table', 'column', 'param', 'parameter', 'parameters', 'query',
  'response', 'request', 'result', 'counter', 'total', 'used', 'remaining', 'rate', 'balance',
  'arg', 'args', 'argument', 'arguments',
]);

/**
 * Split an identifier into lower-case parts: `X-Api-Key` → x api key, `SECRET_KEY_BASE` → secret
 * key base, `passwordField` → password field, `PGPASSWORD` → pgpassword.
 */
export function identifierParts(name: string): string[] {
  const parts: string[] = [];
  // The part being read is name.slice(start, i): letters and digits only.
  let start = 0;
  const n = name.length;
  for (let i = 0; i < n; i++) {
    const code = name.charCodeAt(i);
    const isUpper = code >= 65 && code <= 90;
    if (!isUpper && !(code >= 97 && code <= 122) && !(code >= 48 && code <= 57)) {
      if (i > start) parts.push(name.slice(start, i).toLowerCase());
      start = i + 1;
      continue;
    }
    if (isUpper && i > start) {
      const prev = name.charCodeAt(i - 1);
      const next = i + 1 < n ? name.charCodeAt(i + 1) : -1;
      const prevLower = prev >= 97 && prev <= 122;
      const prevUpper = prev >= 65 && prev <= 90;
      const nextLower = next >= 97 && next <= 122;
      if (prevLower || (prevUpper && nextLower)) {
        parts.push(name.slice(start, i).toLowerCase());
        start = i;
      }
    }
  }
  if (start < n) parts.push(name.slice(start).toLowerCase());
  return parts;
}

/** `[A-Z0-9_]+` with a `_` in it (`SECRET_KEY`), checked by code: a regex costs a hook process its compilation. */
function isUpperSnake(name: string): boolean {
  let underscore = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 95) underscore = true;
    else if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return false;
  }
  return underscore;
}

/** A coarse label for the placeholder, taken from the name. */
function kindOfName(parts: readonly string[]): string {
  const joined = parts.join('_');
  if (/pass|pwd|psk|masterauth/.test(joined) || parts.some((p) => p === 'pw' || PASSWORD_WORDS.has(p))) return 'password';
  if (joined.includes('cookie')) return 'cookie';
  if (joined.includes('credential')) return 'credential';
  if (joined.includes('token') || joined.includes('bearer') || joined === 'pat') return 'token';
  if (joined.includes('key')) return 'api_key';
  if (joined.includes('auth')) return 'auth';
  return 'secret';
}

/** Words that end like a secret compound but are none (`bypass`, `hotkey`). */
const NOT_SECRET_COMPOUNDS: ReadonlySet<string> = new Set([
  'bypass', 'compass', 'surpass', 'trespass', 'overpass', 'underpass', 'multipass', 'keepass',
  'subpass', 'renderpass', 'onepass', 'firstpass', 'singlepass', 'hotkey', 'monkey', 'turkey',
  'donkey', 'whiskey', 'jockey', 'hockey', 'passkey', 'oldpwd',
  // git's `user.signingkey` names a key by its id or path; the key stays in the keyring.
  'signingkey',
]);

/**
 * A part that is a secret word, or a compound written as one word that ends in one: `dbpassword`,
 * `authkey` (Tailscale's `--authkey`), `masterkey`, `rootpwd`, `mysqlpass`, and the German
 * `passwort`. A compound's `key` needs a qualifier that makes a bare `_key` secret (`authkey`, not
 * `sortkey`); `pass` and `pwd` need a word before them (`dbpass`, not `pass`).
 */
function isSecretPart(part: string): boolean {
  if (SECRET_PARTS.has(part) || PASSWORD_WORDS.has(part)) return true;
  if (NOT_SECRET_COMPOUNDS.has(part)) return false;
  if (part.length > 8 && (part.endsWith('password') || part.endsWith('passwd') || part.endsWith('passwort') || part.endsWith('secret'))) return true;
  if (part.length > 5 && part.endsWith('token') && !part.endsWith('tokens')) return true;
  if (part.length > 4 && part.endsWith('key') && KEY_QUALIFIERS.has(part.slice(0, -3)) && !KEY_NOT_SECRET.has(part.slice(0, -3))) return true;
  return part.length >= 5 && (part.endsWith('pass') || part.endsWith('pwd')) && /^[a-z]+$/.test(part);
}

/**
 * Whether a key or variable name holds a secret, and which kind. `null` for ordinary names such as
 * `tokenizer`, `passwordField`, `max_tokens`, `author`, `PUBLIC_KEY`.
 */
export function secretNameKind(name: string): string | null {
  // The shell's working directory, not a password.
  if (name === 'PWD' || name === 'OLDPWD') return null;
  return name.length > 80 ? null : recentKind(name);
}

/** Answers for names seen lately: every tool call's keys (`command`, `file_path`) are asked about again. */
const recentKind = rememberLast(256, (name: string) => kindOfSecretName(name));

function kindOfSecretName(name: string): string | null {
  // `"パスワード"`, `пароль_db`: a credential word outside ASCII, the name no longer than the word and a qualifier.
  if (/[^\x00-\x7f]/.test(name)) {
    wideName ??= new RegExp([...WIDE_WORDS.keys()].filter((w) => WIDE_WORDS.get(w) !== 'weak' && /[^\x00-\x7f]/.test(w)).join('|'), 'i');
    const wide = wideName.exec(name);
    if (wide && name.length <= wide[0].length + 12) return WIDE_WORDS.get(wide[0].toLowerCase()) === 'password' ? 'password' : 'token';
  }
  const parts = identifierParts(name);
  if (parts.length === 0) return null;
  const upperSnake = isUpperSnake(name);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    // `OAuth` splits into o + auth: a protocol name, not a credential.
    if (p === 'auth' && parts[i - 1] === 'o') continue;
    // `pw` only ends a name (`DB_PW`, `smtp_pw`): `x-pw-serviceworker` is Playwright's.
    if (p === 'pw' && i !== parts.length - 1) continue;
    let hit = isSecretPart(p);
    if (!hit && p === 'key' && i > 0) {
      const prev = parts[i - 1]!;
      hit = KEY_QUALIFIERS.has(prev) || (upperSnake && i === parts.length - 1 && !KEY_NOT_SECRET.has(prev));
      if (hit && KEY_NOT_SECRET.has(prev) && !KEY_QUALIFIERS.has(prev)) hit = false;
    }
    if (!hit) continue;
    // `pat` and `pass` are too common as plain words to stand alone in prose-like names.
    if ((p === 'pat' || p === 'pass') && parts.length === 1 && !upperSnake && name !== 'pass') return null;
    for (let j = i + 1; j < parts.length; j++) {
      const after = parts[j]!;
      if (NOT_SECRET_AFTER.has(after) && !(after === 'key' && (p === 'secret' || p === 'api' || p === 'private'))) return null;
    }
    return kindOfName(parts);
  }
  return null;
}

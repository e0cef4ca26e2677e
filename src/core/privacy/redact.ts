/**
 * @module core/privacy/redact
 * The one redaction engine: everything mnemo stores or sends anywhere (prompts, tool inputs and
 * outputs, errors, rule contents, commands, URLs) passes through here first.
 *
 * Three detectors, cheapest first, each skipped unless a literal hint is present:
 * 1. private key blocks (found with indexOf, no regex over the body);
 * 2. tokens with a recognizable shape (provider prefixes, JWTs, bearer tokens, credentials in URLs);
 * 3. assignments to secret-looking names (`.env` lines, `export X=`, YAML/JSON/TOML keys, CLI flags,
 *    HTTP headers), found by scanning for the secret word and parsing around it by hand, so there
 *    is no regex that can backtrack over a long identifier run.
 *
 * A secret becomes `[REDACTED:<kind>:<hash>]`, where the hash is a short FNV-1a of the secret:
 * the same secret always maps to the same placeholder, so memories that mention it stay searchable
 * and comparable without holding it. Redaction is idempotent.
 */

/** FNV-1a, 32 bits, over UTF-16 code units: fast, pure and stable across processes. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const PLACEHOLDER_PREFIX = '[REDACTED:';

/** The placeholder a secret is replaced with; equal secrets give equal placeholders. */
export function placeholder(kind: string, secret: string): string {
  return `${PLACEHOLDER_PREFIX}${kind}:${fnv1a(secret).toString(16).padStart(8, '0').slice(0, 6)}]`;
}

// ---------------------------------------------------------------------------------------------
// Shape checks
// ---------------------------------------------------------------------------------------------

const DIGIT_RE = /[0-9]/;
const LETTER_RE = /[A-Za-z]/;
const ALNUM_RUN_RE = /[A-Za-z0-9]{16,}/;

/**
 * True when a token looks machine-generated: letters and digits mixed, with a long unbroken run.
 * It separates `sk-proj-9fK2…` from `sk-learn-is-a-library` and `Bearer authentication`.
 */
/** Letters and digits both present: enough for a value behind a distinctive prefix. */
function mixedAlnum(s: string): boolean {
  return DIGIT_RE.test(s) && LETTER_RE.test(s);
}

function randomish(s: string): boolean {
  return DIGIT_RE.test(s) && LETTER_RE.test(s) && ALNUM_RUN_RE.test(s);
}

// ---------------------------------------------------------------------------------------------
// 1. Private key blocks
// ---------------------------------------------------------------------------------------------

const KEY_BEGIN = '-----BEGIN ';
const KEY_HEADER_RE = /-----BEGIN ((?:[A-Z0-9]+ ){0,4})PRIVATE KEY(?: BLOCK)?-----/y;
const KEY_END = '-----END ';
/** After the header: a line break (real or JSON-escaped), then base64 or PEM headers. */
const KEY_BODY_RE = /(?:\r?\n|(?:\\r)?\\n|\s)+(?:[A-Za-z0-9+/=]{16}|Proc-Type:|Comment:)/y;
/** How far an unterminated block is assumed to extend (a 4096-bit RSA key is ~3.3 KB). */
const KEY_MAX_BODY = 8192;

function redactPrivateKeys(text: string): string {
  let at = text.indexOf(KEY_BEGIN);
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    KEY_HEADER_RE.lastIndex = at;
    if (!KEY_HEADER_RE.test(text)) {
      at = text.indexOf(KEY_BEGIN, at + KEY_BEGIN.length);
      continue;
    }
    const bodyStart = KEY_HEADER_RE.lastIndex;
    // A marker quoted in code (`indexOf("-----BEGIN PRIVATE KEY-----")`) has no key body after it.
    KEY_BODY_RE.lastIndex = bodyStart;
    if (!KEY_BODY_RE.test(text)) {
      at = text.indexOf(KEY_BEGIN, bodyStart);
      continue;
    }
    const endAt = text.indexOf(KEY_END, bodyStart);
    let stop: number;
    if (endAt >= 0 && endAt - bodyStart <= KEY_MAX_BODY) {
      const close = text.indexOf('-----', endAt + KEY_END.length);
      stop = close >= 0 && close - endAt < 80 ? close + 5 : endAt + KEY_END.length;
    } else {
      // No end marker (a truncated output): hide everything that still looks like the key body.
      stop = Math.min(text.length, bodyStart + KEY_MAX_BODY);
      const blank = text.indexOf('\n\n', bodyStart);
      if (blank >= 0 && blank < stop) stop = blank;
    }
    out += text.slice(last, at) + placeholder('private_key', text.slice(bodyStart, stop));
    last = stop;
    at = text.indexOf(KEY_BEGIN, stop);
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// 2. Shaped tokens
// ---------------------------------------------------------------------------------------------

interface TokenRule {
  readonly kind: string;
  /**
   * Literal substrings; the regex runs only if one occurs. All hints are found in one pass (see
   * `HINT_RE`); an empty list means the rule always runs (its regex starts with a rare character).
   */
  readonly hints: readonly string[];
  /**
   * Global regex. With capture groups it must be `(kept prefix)(secret)(kept suffix)?`; without,
   * the whole match is the secret.
   */
  readonly re: RegExp;
  /** Extra check on the secret to drop look-alikes. */
  readonly check?: (secret: string) => boolean;
  /**
   * For shapes whose literal part sits in the middle (`<32 hex>-us6`): the regex is sticky and
   * tried only at `before` characters ahead of each occurrence of `hint`, instead of scanning.
   */
  readonly anchor?: { readonly hint: string; readonly before: readonly number[] };
}

const TOKEN_RULES: readonly TokenRule[] = [
  { kind: 'anthropic_key', hints: ['sk-ant-'], re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    kind: 'openai_key',
    hints: ['sk-'],
    re: /\bsk-(?:proj-|svcacct-|admin-|or-v1-)?[A-Za-z0-9_-]{20,}/g,
    check: randomish,
  },
  { kind: 'github_token', hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g },
  { kind: 'github_token', hints: ['github_pat_'], re: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
  {
    kind: 'gitlab_token',
    hints: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'glsoat-', 'glft-', 'glimt-', 'glagent-', 'gloas-'],
    re: /\b(?:glpat|gldt|glrt|glptt|glcbt|glsoat|glft|glimt|glagent|gloas)-[A-Za-z0-9_-]{20,}/g,
    // The prefix is distinctive; the body may be broken by `_` and `-`, so no long alphanumeric run is required.
    check: mixedAlnum,
  },
  { kind: 'gitlab_token', hints: ['GR1348941'], re: /\bGR1348941[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack_token', hints: ['xox'], re: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, check: (s) => DIGIT_RE.test(s) },
  { kind: 'slack_token', hints: ['xapp-'], re: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  {
    kind: 'slack_webhook',
    hints: ['hooks.slack.com'],
    re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}/g,
  },
  {
    kind: 'discord_webhook',
    hints: ['/api/webhooks/'],
    re: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{30,}/g,
  },
  {
    kind: 'stripe_key',
    hints: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'whsec_'],
    re: /\b(?:[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/=]{24,})/g,
  },
  {
    kind: 'aws_access_key',
    hints: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ABIA', 'ACCA'],
    re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
  },
  { kind: 'google_api_key', hints: ['AIza'], re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'google_oauth_token', hints: ['ya29.'], re: /\bya29\.[0-9A-Za-z_-]{20,}/g },
  { kind: 'google_oauth_token', hints: ['1//0'], re: /\b1\/\/0[0-9A-Za-z_-]{40,}/g },
  { kind: 'google_client_secret', hints: ['GOCSPX-'], re: /\bGOCSPX-[A-Za-z0-9_-]{20,}/g },
  {
    kind: 'azure_client_secret',
    hints: ['Q~'],
    re: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/y,
    anchor: { hint: 'Q~', before: [4] },
  },
  { kind: 'npm_token', hints: ['npm_'], re: /\bnpm_[A-Za-z0-9]{36}\b/g, check: randomish },
  { kind: 'pypi_token', hints: ['pypi-'], re: /\bpypi-AgE[A-Za-z0-9_-]{50,}/g },
  { kind: 'huggingface_token', hints: ['hf_'], re: /\bhf_[A-Za-z0-9]{34,40}\b/g, check: randomish },
  { kind: 'huggingface_token', hints: ['api_org_'], re: /\bapi_org_[A-Za-z0-9]{34}\b/g, check: randomish },
  { kind: 'twilio_key', hints: ['SK'], re: /\bSK[0-9a-f]{32}\b/g },
  { kind: 'sendgrid_key', hints: ['SG.'], re: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g },
  { kind: 'mailgun_key', hints: ['key-'], re: /\bkey-[0-9a-f]{32}\b/g },
  { kind: 'mailchimp_key', hints: ['-us'], re: /\b[0-9a-f]{32}-us\d{1,2}\b/y, anchor: { hint: '-us', before: [32] } },
  { kind: 'shopify_token', hints: ['shpat_', 'shpca_', 'shppa_', 'shpss_'], re: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g },
  { kind: 'digitalocean_token', hints: ['_v1_'], re: /\bdo[opr]_v1_[a-f0-9]{64}\b/g },
  { kind: 'telegram_token', hints: [':AA'], re: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/y, anchor: { hint: ':AA', before: [10, 9, 8] } },
  { kind: 'databricks_token', hints: ['dapi'], re: /\bdapi[a-f0-9]{32}(?:-\d)?\b/g },
  { kind: 'linear_key', hints: ['lin_api_'], re: /\blin_api_[A-Za-z0-9]{40}\b/g },
  { kind: 'notion_token', hints: ['secret_', 'ntn_'], re: /\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b/g, check: randomish },
  { kind: 'atlassian_token', hints: ['ATATT'], re: /\bATATT3[A-Za-z0-9_=-]{100,}/g },
  { kind: 'supabase_token', hints: ['sbp_'], re: /\bsbp_[a-f0-9]{40}\b/g },
  { kind: 'postman_key', hints: ['PMAK-'], re: /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g },
  { kind: 'age_key', hints: ['AGE-SECRET-KEY-'], re: /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g },
  { kind: 'grafana_token', hints: ['glc_', 'glsa_'], re: /\b(?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8})/g },
  { kind: 'newrelic_key', hints: ['NRAK-'], re: /\bNRAK-[A-Z0-9]{27}\b/g },
  { kind: 'sentry_token', hints: ['sntrys_', 'sntryu_'], re: /\bsntry[su]_[A-Za-z0-9+/=_]{40,}/g },
  { kind: 'vault_token', hints: ['hvs.', 'hvb.'], re: /\bhv[sb]\.[A-Za-z0-9_-]{24,}/g },
  { kind: 'doppler_token', hints: ['dp.'], re: /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}/g },
  { kind: 'pulumi_token', hints: ['pul-'], re: /\bpul-[a-f0-9]{40}\b/g },
  { kind: 'terraform_token', hints: ['.atlasv1.'], re: /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/y, anchor: { hint: '.atlasv1.', before: [14] } },
  { kind: 'onepassword_token', hints: ['ops_'], re: /\bops_eyJ[A-Za-z0-9+/=_-]{100,}/g },
  { kind: 'jwt', hints: ['eyJ'], re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g },
  {
    kind: 'bearer_token',
    hints: ['earer'],
    re: /\b([Bb]earer\s+)([A-Za-z0-9._~+/-]{16,}=*)()/g,
    check: randomish,
  },
  {
    kind: 'url_secret',
    hints: [],
    re: /([?&;](?:access_token|refresh_token|id_token|token|api_key|apikey|api-key|client_secret|secret|password|passwd|pwd|X-Amz-Security-Token)=)([^&\s#"'<>]{3,512})()/g,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    // Generic names (`key`, `sig`, `code`) carry secrets only when the value looks generated.
    kind: 'url_secret',
    hints: [],
    re: /([?&;](?:sig|signature|X-Amz-Signature|X-Goog-Signature|key|code)=)([^&\s#"'<>]{8,512})()/g,
    check: (s) => !isPlaceholderValue(s) && (randomish(s) || s.length >= 24),
  },
];

const escapeRe = (h: string): string => h.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const ALL_HINTS = [...new Set(TOKEN_RULES.flatMap((r) => r.hints))].sort((a, b) => b.length - a.length);

/**
 * A regex source matching any of `words`, shaped as a prefix trie (`s(?:k(?:-ant-|-|_live_)|…)`),
 * so the engine dispatches on one character at a time instead of trying every word at every
 * position. Longer continuations come first, so the longest hint at a position wins.
 */
function trieSource(words: readonly string[]): string {
  const groups = new Map<string, string[]>();
  let terminal = false;
  for (const w of words) {
    if (w === '') terminal = true;
    else {
      const list = groups.get(w[0]!) ?? [];
      list.push(w.slice(1));
      groups.set(w[0]!, list);
    }
  }
  const branches = [...groups.entries()].map(([c, rest]) => {
    const sub = trieSource(rest);
    return escapeRe(c) + (sub === '' ? '' : rest.length === 1 && !rest.includes('') ? sub : `(?:${sub})`);
  });
  if (terminal) branches.push('');
  return branches.length === 1 ? branches[0]! : branches.join('|');
}

/** Every hint of every rule in one trie-shaped alternation: one scan finds which rules can match. */
const HINT_RE = new RegExp(trieSource(ALL_HINTS), 'g');
/** Rules announced by each hint seen so far (see rulesForHint). */
const RULES_BY_HINT = new Map<string, readonly TokenRule[]>();
/**
 * For a found hint, the rules it (or a hint it contains) announces. Worked out on first sight, not
 * at load: every hook process loads this module, and the full table costs milliseconds to build.
 */
function rulesForHint(hint: string): readonly TokenRule[] {
  let rules = RULES_BY_HINT.get(hint);
  if (!rules) RULES_BY_HINT.set(hint, (rules = TOKEN_RULES.filter((r) => r.hints.some((g) => hint.includes(g)))));
  return rules;
}
const ALWAYS_RULES = TOKEN_RULES.filter((r) => r.hints.length === 0);

/** Anchored rules: try the sticky regex just ahead of each occurrence of the hint. */
function applyAnchored(text: string, rule: TokenRule, anchor: NonNullable<TokenRule['anchor']>): string {
  let out = '';
  let last = 0;
  let at = text.indexOf(anchor.hint);
  while (at >= 0) {
    let next = at + anchor.hint.length;
    for (const b of anchor.before) {
      const start = at - b;
      if (start < last) continue;
      rule.re.lastIndex = start;
      const m = rule.re.exec(text);
      if (m && (!rule.check || rule.check(m[0]))) {
        out += text.slice(last, start) + placeholder(rule.kind, m[0]);
        last = start + m[0].length;
        next = Math.max(next, last);
        break;
      }
    }
    at = text.indexOf(anchor.hint, next);
  }
  return last === 0 ? text : out + text.slice(last);
}

function applyRule(text: string, rule: TokenRule): string {
  if (rule.anchor) return applyAnchored(text, rule, rule.anchor);
  rule.re.lastIndex = 0;
  return text.replace(rule.re, (match: string, ...rest: unknown[]) => {
    if (typeof rest[0] === 'string' && typeof rest[1] === 'string') {
      const [prefix, secret, suffix] = rest as [string, string, string | undefined];
      if (rule.check && !rule.check(secret)) return match;
      return prefix + placeholder(rule.kind, secret) + (typeof suffix === 'string' ? suffix : '');
    }
    if (rule.check && !rule.check(match)) return match;
    return placeholder(rule.kind, match);
  });
}

function redactTokens(text: string): string {
  const active = new Set<TokenRule>();
  HINT_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = HINT_RE.exec(text)) !== null) {
    for (const r of rulesForHint(m[0])) active.add(r);
    if (active.size === TOKEN_RULES.length - ALWAYS_RULES.length) break;
  }
  let out = text;
  // In declaration order, so specific rules (sk-ant-) run before general ones (sk-).
  for (const rule of TOKEN_RULES) {
    if (active.has(rule) || rule.hints.length === 0) out = applyRule(out, rule);
  }
  return out;
}

/** Scheme-ish characters before `://` (`postgres`, `mongodb+srv`, `git+ssh`). */
const SCHEME_CHAR_RE = /[a-z0-9+.-]/i;
/** `user:password@` right after `://`; sticky, bounded, so each `://` costs a constant. */
const URL_CREDENTIALS_RE = /([^\s:/?#@"'<>]{0,256}:)([^\s@/?#"'<>]{1,256})@/y;

/** `scheme://user:password@host` → the password replaced; found from each `://`, not by a scan. */
function redactUrlCredentials(text: string): string {
  let at = text.indexOf('://');
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    let s = at;
    while (s > 0 && at - s < 25 && SCHEME_CHAR_RE.test(text[s - 1]!)) s--;
    URL_CREDENTIALS_RE.lastIndex = at + 3;
    const m = s < at ? URL_CREDENTIALS_RE.exec(text) : null;
    if (m && !isPlaceholderValue(m[2]!)) {
      const secretStart = at + 3 + m[1]!.length;
      out += text.slice(last, secretStart) + placeholder('password', m[2]!);
      last = secretStart + m[2]!.length;
    }
    at = text.indexOf('://', at + 3);
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// 3. Secret-looking names
// ---------------------------------------------------------------------------------------------

/** Whole name parts that mean "the value is a secret". */
const SECRET_PARTS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'pass', 'secret', 'secrets', 'token', 'apikey',
  'accesskey', 'privatekey', 'secretkey', 'clientsecret', 'authtoken', 'accesstoken',
  'refreshtoken', 'credential', 'credentials', 'cookie', 'auth', 'authorization', 'bearer',
  'sessionkey', 'pat',
]);
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
]);

/**
 * Split an identifier into lower-case parts: `X-Api-Key` → x api key, `SECRET_KEY_BASE` → secret
 * key base, `passwordField` → password field, `PGPASSWORD` → pgpassword.
 */
export function identifierParts(name: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const code = c.charCodeAt(0);
    const isUpper = code >= 65 && code <= 90;
    const isLower = code >= 97 && code <= 122;
    const isDigit = code >= 48 && code <= 57;
    if (!isUpper && !isLower && !isDigit) {
      if (cur) parts.push(cur.toLowerCase());
      cur = '';
      continue;
    }
    if (isUpper && cur) {
      const prev = name[i - 1]!;
      const next = name[i + 1];
      const prevLower = prev >= 'a' && prev <= 'z';
      const prevUpper = prev >= 'A' && prev <= 'Z';
      const nextLower = next !== undefined && next >= 'a' && next <= 'z';
      if (prevLower || (prevUpper && nextLower)) {
        parts.push(cur.toLowerCase());
        cur = '';
      }
    }
    cur += c;
  }
  if (cur) parts.push(cur.toLowerCase());
  return parts;
}

/** A coarse label for the placeholder, taken from the name. */
function kindOfName(parts: readonly string[]): string {
  const joined = parts.join('_');
  if (/pass|pwd/.test(joined)) return 'password';
  if (joined.includes('cookie')) return 'cookie';
  if (joined.includes('credential')) return 'credential';
  if (joined.includes('token') || joined.includes('bearer') || joined === 'pat') return 'token';
  if (joined.includes('key')) return 'api_key';
  if (joined.includes('auth')) return 'auth';
  return 'secret';
}

function isSecretPart(part: string): boolean {
  if (SECRET_PARTS.has(part)) return true;
  if (part.length > 8 && (part.endsWith('password') || part.endsWith('passwd') || part.endsWith('secret'))) return true;
  return part.length > 5 && part.endsWith('token') && !part.endsWith('tokens');
}

/**
 * Whether a key or variable name holds a secret, and which kind. `null` for ordinary names such as
 * `tokenizer`, `passwordField`, `max_tokens`, `author`, `PUBLIC_KEY`.
 */
export function secretNameKind(name: string): string | null {
  if (name.length > 80) return null;
  const parts = identifierParts(name);
  if (parts.length === 0) return null;
  const upperSnake = /^[A-Z0-9_]+$/.test(name) && name.includes('_');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    // `OAuth` splits into o + auth: a protocol name, not a credential.
    if (p === 'auth' && parts[i - 1] === 'o') continue;
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

const TYPE_WORDS: ReadonlySet<string> = new Set([
  'string', 'str', 'number', 'int', 'integer', 'float', 'bool', 'boolean', 'any', 'unknown',
  'bytes', 'text', 'varchar', 'char', 'object', 'null', 'none', 'nil', 'undefined', 'true',
  'false', 'yes', 'no', 'on', 'off', 'required', 'optional', 'void', 'never', 'secret', 'password',
  'token', 'redacted', 'hidden', 'masked', 'empty', 'todo', 'tbd', 'n/a', 'na', 'env', 'self',
  'this', 'default', 'auto', 'secretstr', 'secretbytes', 'uuid',
]);
const VARIABLE_REF_RE = /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(|\$\{\{|\{\{|%\(|%[A-Za-z_]+%|<[^>]*>|#\{|@[A-Za-z_]|!(?:vault|Ref|Sub|GetAtt|secret)\b|(?:process\.env|os\.environ|os\.getenv|getenv|System\.getenv|ENV\[|env\(|secrets\.|vars\.|op:\/\/|vault:|ref\+|arn:aws:secretsmanager|projects\/[^/]+\/secrets))/;
const SAME_CHAR_RE = /^(.)\1+$/;
const PLACEHOLDER_WORD_RE = /^(?:x{3,}|\*{3,}|\.{3,}|-+|_+|\?+|(?:your|my|the|insert|enter|replace|put|add)[-_ ]?\w*|<.*>|\[.*\]|example\w*|dummy\w*|sample\w*|fake\w*|placeholder\w*|test|changeme_?later)$/i;

/** True for values that stand for a secret without being one: `${DB_PASS}`, `***`, `<token>`, `your-api-key`. */
function isPlaceholderValue(v: string): boolean {
  if (v.startsWith(PLACEHOLDER_PREFIX)) return true;
  if (VARIABLE_REF_RE.test(v)) return true;
  if (SAME_CHAR_RE.test(v)) return true;
  return PLACEHOLDER_WORD_RE.test(v);
}

const IDENT_RE = /^[A-Za-z_$][\w$]*$/;
const CODE_EXPR_RE = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*\s*[([]|^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)+$/;
/** Characters that only code puts in an unquoted value: calls, indexing, optional chaining, operators. */
const CODE_CHAR_RE = /[()[\]{}?|&+<>]|^[!*@-]|\.$/;
const PASCAL_RE = /^[A-Z][a-z]+(?:[A-Z][a-z]*)*$/;
const CAMEL_RE = /^[a-z]+(?:[A-Z][a-z]*)+$/;
const PATH_VALUE_RE = /^(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]*)*$/;
const NUMBER_RE = /^-?\d{1,6}(?:\.\d+)?$/;
/** `^1.0.2`, `~2.3`, `>=18`, `v20.1.0`, `workspace:*`, `npm:foo@1`: dependency specs, not secrets. */
const VERSION_VALUE_RE = /^(?:[\^~><=]{0,2}\s*v?\d+(?:\.[\dx*]+){0,3}(?:[-+][\w.-]+)?|(?:workspace|npm|file|link|catalog):\S*|latest|next|\*)$/;
/** Lower-case words joined by separators (`io.modelcontextprotocol/related-task`, `urn:ietf:…:jwt-bearer`). */
const WORD_PATH_RE = /^[a-z]+(?:[-_.:/ ][a-z]+)*$/;
const WORD_PATH_SEPARATED_RE = /[.:/]/;
const AUTH_MODE_RE = /^[a-z][a-z0-9_-]{0,11}$/;
/** A value ending like an object entry or statement (`detectFromCookie,`, `string;`). */
const LIST_END_RE = /[,;]$/;
/** Generated credentials are printable ASCII without spaces, brackets or quotes. */
const NOT_TOKEN_CHAR_RE = /[^\x21-\x7e]|[[\](){}*^$|\\<>,;"'`]/;
/** Keywords that begin an expression; never a literal value. */
const CODE_KEYWORDS: ReadonlySet<string> = new Set([
  'typeof', 'new', 'await', 'yield', 'void', 'function', 'async', 'lambda', 'not', 'require', 'import',
  'this', 'self', 'super', 'cls', 'null', 'none', 'nil', 'undefined', 'true', 'false', 'return',
]);

/** Where a value sits, which decides how literally an unquoted value is meant. */
interface ValueContext {
  readonly quoted: boolean;
  readonly kind: string;
  /** `.env` / shell / CLI / header / connection-string syntax: unquoted values are literal. */
  readonly configStyle: boolean;
  /** The name starts its line (YAML, INI, object literals…). */
  readonly lineInitial: boolean;
  /** An HTTP header (`X-Api-Key: …`), which may sit anywhere on a line (`curl -H '…'`). */
  readonly header: boolean;
  /** The character right after an unquoted value (`,` or `;` end JavaScript object entries). */
  readonly after: string;
}

/**
 * Whether a value assigned to a secret-looking name is a literal secret. Code is not
 * (`password = getPassword()`, `token: Token`, `password: string`, `page_token: cursor,`,
 * `apiKey = typeof x`), nor are placeholders, dependency versions (`"cookie": "^1.0.2"`) or
 * word-like identifiers (`GRANT_TYPE_JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"`).
 */
function isSecretLiteral(value: string, ctx: ValueContext): boolean {
  if (value.length < 3 || value.length > 4096) return false;
  if (isPlaceholderValue(value)) return false;
  const lower = value.toLowerCase();
  if (TYPE_WORDS.has(lower) || VERSION_VALUE_RE.test(value)) return false;
  if (WORD_PATH_RE.test(value) && (ctx.kind !== 'password' || WORD_PATH_SEPARATED_RE.test(value))) return false;
  if (PATH_VALUE_RE.test(value) && value.includes('/')) return false;
  if (ctx.kind === 'auth' && AUTH_MODE_RE.test(value)) return false; // auth: basic | oauth2
  // Generated credentials have no spaces and no regex or code punctuation; passwords may.
  // (A Cookie header is a list of pairs: `a=1; b=2`.)
  if (ctx.kind !== 'password' && !(ctx.header && ctx.kind === 'cookie') && NOT_TOKEN_CHAR_RE.test(value)) return false;
  if (ctx.quoted) return value.split(' ').length <= 3; // more is a sentence: "Please enter your password"
  if (ctx.configStyle) return true;
  // Unquoted and not config syntax: a literal only as a YAML/INI scalar or a header, never as code.
  if ((!ctx.lineInitial && !ctx.header) || ctx.after === ',' || ctx.after === ';' || LIST_END_RE.test(value)) return false;
  if (CODE_EXPR_RE.test(value) || CODE_CHAR_RE.test(value) || CODE_KEYWORDS.has(value)) return false;
  // `token: Token`, `password: hashedPassword`, `api_key: api_key`: a type or a variable.
  if (IDENT_RE.test(value) && (PASCAL_RE.test(value) || CAMEL_RE.test(value) || secretNameKind(value) !== null)) return false;
  return ctx.kind === 'password' || !NUMBER_RE.test(value);
}

const WS_OR_LIST_END_RE = /[\s,;]/;
const CREDENTIAL_CHARS_RE = /^[A-Za-z0-9+/=._~:-]{8,}$/;

/** What follows `Bearer `/`Basic `/`token `: a generated credential, not a word ("Token inesperado"). */
function isCredential(v: string): boolean {
  return CREDENTIAL_CHARS_RE.test(v) && !isPlaceholderValue(v) && (randomish(v) || v.length >= 20);
}

/** Scheme words of an Authorization-style value; the credential is what follows them. */
const AUTH_SCHEME_RE = /^(Bearer|Basic|Token|token|Digest|Bot|Negotiate|ApiKey|SSWS|OAuth|AWS4-HMAC-SHA256)\s+/;

/** Words that start a secret-looking name; found first, then the name around them is parsed by hand. */
const SECRET_WORD_RE = new RegExp(`${trieSource(['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'credential', 'cookie', 'bearer'])}|pat\\b`, 'gi');

/** `X-Api-Key`, `Authorization`, `Cookie`: header-shaped names (letters and dashes). */
const HEADER_NAME_RE = /^[A-Za-z][A-Za-z-]*$/;
const UPPER_NAME_RE = /^[A-Z][A-Z0-9_]*$/;
const SHELL_BEFORE_NAME_RE = /[\s;&|(]/;
/** Values an INI line may hold that are code, not credentials (calls, indexing, blocks). */
const NOT_INI_VALUE_RE = /[()[\]{}<>;,"'`]/;
const LINE_PREFIX_RE = /^\s*(?:export\s+|set\s+|setenv\s+|-\s+|\$env:|local\s+|readonly\s+|declare\s+(?:-x\s+)?)?(?:--?)?["']?$/;

/** `[A-Za-z0-9_.-]`, by char code (called for every character around every hit). */
function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;
}

/** Reads a value starting at `i`; returns its text, whether it was quoted and where it ends. */
function readValue(text: string, i: number, headerLike: boolean): { value: string; quoted: boolean; start: number; end: number } | null {
  const q = text[i];
  if (q === '"' || q === "'" || q === '`') {
    let j = i + 1;
    const limit = Math.min(text.length, i + 4097);
    while (j < limit) {
      const c = text[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === q || c === '\n') break;
      j++;
    }
    if (text[j] !== q) return null;
    return { value: text.slice(i + 1, j), quoted: true, start: i + 1, end: j };
  }
  let j = i;
  const limit = Math.min(text.length, i + 4096);
  while (j < limit) {
    const c = text[j]!;
    if (c === '\n' || c === '\r') break;
    if (!headerLike && (c === ' ' || c === '\t' || c === ';' || c === ',' || c === '&' || c === '"' || c === "'" || c === ')' || c === '}' || c === ']' || c === '`')) break;
    if (headerLike && (c === '"' || c === "'" || c === '`')) break;
    j++;
  }
  if (j === i) return null;
  return { value: text.slice(i, j), quoted: false, start: i, end: j };
}

function redactAssignments(text: string): string {
  SECRET_WORD_RE.lastIndex = 0;
  if (!SECRET_WORD_RE.test(text)) return text;
  SECRET_WORD_RE.lastIndex = 0;
  let out = '';
  let last = 0;
  let scanFrom = 0;
  let m: RegExpExecArray | null;
  while ((m = SECRET_WORD_RE.exec(text)) !== null) {
    if (m.index < scanFrom) continue;
    let start = m.index;
    let steps = 0;
    while (start > 0 && isNameCode(text.charCodeAt(start - 1)) && steps++ < 80) start--;
    let end = m.index + m[0].length;
    steps = 0;
    while (end < text.length && isNameCode(text.charCodeAt(end)) && steps++ < 80) end++;
    scanFrom = end;
    SECRET_WORD_RE.lastIndex = end;
    // Leading/trailing dots and dashes belong to the surrounding syntax, not the name.
    while (start < end && (text[start] === '.' || text[start] === '-')) start++;
    let nameEnd = end;
    while (nameEnd > start && (text[nameEnd - 1] === '.' || text[nameEnd - 1] === '-')) nameEnd--;
    if (text.startsWith(PLACEHOLDER_PREFIX, start - PLACEHOLDER_PREFIX.length)) continue;
    const name = text.slice(start, nameEnd);

    // Separator (checked before the name: most hits are plain words with none): `=`, `:`, `:=`, `=>` excluded, `?:` (optional type) excluded, CLI `--flag value`.
    let i = nameEnd;
    const quotedName = text[i] === '"' || text[i] === "'";
    if (quotedName) i++;
    // `"auth": x` is a key; `'OAuth' : 'Bearer'` (space before the colon) is a ternary.
    if (quotedName && text[start - 1] !== text[nameEnd]) continue;
    if (quotedName && text[i] !== ':' && text[i] !== '=') continue;
    let sp = 0;
    while ((text[i] === ' ' || text[i] === '\t') && sp < 4) {
      i++;
      sp++;
    }
    const c = text[i];
    const flag = text[start - 1] === '-' && text[start - 2] === '-';
    let headerLike = false;
    if (c === '=') {
      if (text[i + 1] === '=' || text[i + 1] === '>' || text[i - 1] === '!') continue;
      i++;
    } else if (c === ':') {
      if (text[i + 1] === ':' || text[i + 1] === '\n') continue;
      i += text[i + 1] === '=' ? 2 : 1;
      headerLike = HEADER_NAME_RE.test(name) && (name.includes('-') || /^[A-Z]/.test(name) || name === 'authorization' || name === 'cookie');
    } else if (flag && sp > 0) {
      // `--password hunter2`
    } else {
      continue;
    }
    const kind = secretNameKind(name);
    if (!kind) continue;
    sp = 0;
    while ((text[i] === ' ' || text[i] === '\t') && sp < 4) {
      i++;
      sp++;
    }
    // What precedes the name on its line, looking back at most 41 characters (never to the start of
    // a 1 MB single-line JSON document).
    let lineStart = start;
    while (lineStart > 0 && start - lineStart <= 40 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    const prefix = lineStart === 0 || text.charCodeAt(lineStart - 1) === 10 ? text.slice(lineStart, start) : 'x';
    const lineInitial = LINE_PREFIX_RE.test(prefix);
    const val = readValue(text, i, headerLike);
    if (!val) continue;
    const upperName = UPPER_NAME_RE.test(name);
    // Shell environment prefixes (`A=1 AWS_SECRET_ACCESS_KEY=… cmd`) put upper-case assignments
    // mid-line; shell syntax never has spaces around `=`, code usually does.
    const shellEnv = upperName && text[nameEnd] === '=' && (start === 0 || SHELL_BEFORE_NAME_RE.test(text[start - 1]!));
    // INI / credentials files (`aws_secret_access_key = …`): a line-initial name, `=`, a random-looking value.
    const iniStyle = c === '=' && lineInitial && !val.quoted && randomish(val.value) && !NOT_INI_VALUE_RE.test(val.value);
    const configStyle = flag || iniStyle || (c === '=' && ((upperName && lineInitial) || shellEnv || text[start - 1] === ';'));
    let { value, start: vStart } = val;
    let vEnd = val.end;
    const scheme = AUTH_SCHEME_RE.exec(value);
    if (scheme) {
      vStart += scheme[0].length;
      value = value.slice(scheme[0].length);
      const sp2 = value.search(WS_OR_LIST_END_RE);
      if (sp2 >= 0) {
        value = value.slice(0, sp2);
        vEnd = vStart + sp2;
      }
      if (!isCredential(value)) continue;
    } else {
      if (headerLike) value = value.trimEnd();
      vEnd = vStart + value.length;
      if (!isSecretLiteral(value, { quoted: val.quoted, kind, configStyle, lineInitial, header: headerLike, after: text[val.end] ?? '' })) continue;
    }
    out += text.slice(last, vStart) + placeholder(kind, value);
    last = vEnd;
    scanFrom = Math.max(scanFrom, vEnd);
    SECRET_WORD_RE.lastIndex = scanFrom;
  }
  return last === 0 ? text : out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** Redact secret-shaped values inside free text. Never throws; idempotent. */
export function redactText(text: string): string {
  if (typeof text !== 'string' || text.length < 6) return text;
  try {
    let out = redactPrivateKeys(text);
    out = redactTokens(out);
    out = redactUrlCredentials(out);
    out = redactAssignments(out);
    return out;
  } catch {
    return '[REDACTED:unreadable]';
  }
}

const MAX_DEPTH = 64;

/** Sets an own property, even one named `__proto__` (which plain assignment would treat as the prototype). */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Kubernetes / GitHub Actions style `{name: "DB_PASSWORD", value: "…"}` pairs. */
function pairKind(obj: Record<string, unknown>): string | null {
  const n = obj['name'] ?? obj['key'] ?? obj['Name'] ?? obj['Key'];
  return typeof n === 'string' ? secretNameKind(n) : null;
}

/**
 * Redact a JSON-like value: every string by shape, and every string (or password-like number)
 * under a secret-looking key at any depth. Returns a new value; the input is not modified.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  try {
    return walk(value, depth);
  } catch {
    return '[REDACTED:unreadable]';
  }
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[REDACTED:too_deep]';
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  const obj = value as Record<string, unknown>;
  const pair = pairKind(obj);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const kind = pair && (k === 'value' || k === 'Value') ? pair : secretNameKind(k);
    // A key can be a secret too ({"ghp_…": "alice"}): keys get the same shape rules as values.
    const key = redactText(k);
    if (kind && typeof v === 'string') setOwn(out, key, redactKeyedString(v, kind));
    else if (kind === 'password' && typeof v === 'number') setOwn(out, key, placeholder(kind, String(v)));
    else if (kind && kind !== 'auth' && v !== null && typeof v === 'object') setOwn(out, key, walkAll(v, kind, depth + 1));
    else setOwn(out, key, walk(v, depth + 1));
  }
  return out;
}

/** Everything under `secrets: {…}` or `credentials: [...]` is secret, whatever its own key. */
function walkAll(value: unknown, kind: string, depth: number): unknown {
  if (typeof value === 'string') return value.length === 0 || isPlaceholderValue(value) ? value : placeholder(kind, value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[REDACTED:too_deep]';
  if (Array.isArray(value)) return value.map((v) => walkAll(v, kind, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, redactText(k), walkAll(v, kind, depth + 1));
  return out;
}

function redactKeyedString(v: string, kind: string): string {
  const scheme = AUTH_SCHEME_RE.exec(v);
  if (scheme) {
    const secret = v.slice(scheme[0].length);
    return isCredential(secret) ? scheme[0] + placeholder(kind, secret) : redactText(v);
  }
  if (!isSecretLiteral(v, { quoted: true, kind, configStyle: true, lineInitial: true, header: false, after: '' })) return redactText(v);
  return placeholder(kind, v);
}

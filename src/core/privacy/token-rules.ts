/**
 * @module core/privacy/token-rules
 * Shaped tokens a prefix and a body cannot describe (core/privacy/token-formats has those): shapes
 * whose literal part sits in the middle (`<32 hex>-us6`, `…Q~…`), and secrets whose lead-in is kept
 * (`Bearer …`, `?access_token=…`). Data only; core/privacy/tokens applies it.
 */
import { isPlaceholderValue } from './placeholder.ts';
import { mixedAlnum, randomish } from './shape.ts';

/**
 * The starts of a Discord user id in base64: its first digit (`MT` for 1, `Mj` for 2, …), then a
 * character the second digit allows (three, not two, characters: `MT` alone is in every other base64 run).
 */
const DISCORD_STARTS: readonly string[] = ['MT', 'Mj', 'Mz', 'ND', 'NT', 'Nj', 'Nz', 'OD', 'OT'].flatMap((two) => [...'AEIMQUYcgk'].map((third) => two + third));

/** Whether the first part of a Discord-shaped token is a user id (17 to 20 digits) in base64. */
function isDiscordToken(token: string): boolean {
  const first = token.slice(0, token.indexOf('.'));
  const id = Buffer.from(first.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  const last = token.slice(token.lastIndexOf('.') + 1);
  // Written by hand or cut from a longer token, the id part may not decode; then both ends must read as generated.
  return (/^\d{17,20}$/.test(id) || (mixedAlnum(first) && randomish(first))) && randomish(last);
}


export interface TokenRule {
  readonly kind: string;
  /**
   * Literal substrings; the regex runs only if one occurs. All hints are found in one pass (see
   * core/privacy/tokens); an empty list means the rule runs whenever `present` says it can match.
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
  readonly anchor?: { readonly hint: string | readonly string[]; readonly before: readonly number[] };
  /** For rules without hints: a cheap test the text passes whenever the regex can match. */
  readonly present?: (text: string) => boolean;
}

/** `[A-Za-z_-]`: the characters of the URL-parameter rules' names. */
function isParamNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 45;
}

/**
 * Whether some `=` has `?`, `&` or `;` and a run of 1 to 20 name characters before it (the longest
 * name is `X-Amz-Security-Token`): without one, the URL-parameter rules cannot match.
 */
function hasUrlParameter(text: string): boolean {
  for (let eq = text.indexOf('='); eq >= 0; eq = text.indexOf('=', eq + 1)) {
    let s = eq;
    while (s > 0 && eq - s <= 20 && isParamNameCode(text.charCodeAt(s - 1))) s--;
    if (s < eq && s > 0 && eq - s <= 20) {
      const c = text.charCodeAt(s - 1);
      if (c === 63 || c === 38 || c === 59) return true;
    }
  }
  return false;
}

export const TOKEN_RULES: readonly TokenRule[] = [
  {
    kind: 'azure_client_secret',
    hints: ['Q~'],
    re: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/y,
    anchor: { hint: 'Q~', before: [4] },
  },
  { kind: 'mailchimp_key', hints: ['-us'], re: /\b[0-9a-f]{32}-us\d{1,2}\b/y, anchor: { hint: '-us', before: [32] } },
  { kind: 'telegram_token', hints: [':AA'], re: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/y, anchor: { hint: ':AA', before: [10, 9, 8] } },
  { kind: 'terraform_token', hints: ['.atlasv1.'], re: /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/y, anchor: { hint: '.atlasv1.', before: [14] } },
  { kind: 'maxmind_key', hints: ['_mmk'], re: /\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b/y, anchor: { hint: '_mmk', before: [36] } },
  // New Relic license (ingest) keys end in `FFFFNRAL` after 32 hex digits (EU keys start `eu01xx`).
  { kind: 'newrelic_key', hints: ['FFFFNRAL'], re: /\b(?:[0-9a-f]{32}|eu01xx[0-9a-f]{26})FFFFNRAL\b/y, anchor: { hint: 'FFFFNRAL', before: [32] } },
  { kind: 'teams_webhook', hints: ['.webhook.office.com/'], re: /\.webhook\.office\.com\/webhookb2\/[A-Za-z0-9@/_-]{60,}/y, anchor: { hint: '.webhook.office.com/', before: [0] } },
  {
    // Discord bot tokens: the bot's user id in base64 (17 to 20 digits: `MT…` for ids starting with 1,
    // the rest for older ids), a dot, 6 characters, a dot, 27 or more. The first part must decode to digits.
    kind: 'discord_token',
    hints: DISCORD_STARTS,
    re: /(?<![A-Za-z0-9_+/.-])[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_.-])/y,
    anchor: { hint: DISCORD_STARTS, before: [0] },
    check: isDiscordToken,
  },
  {
    // Mailgun's newer keys: 32 hex digits, then two groups of 8 (`…-1b2c3d4e-5f6a7b8c`), in a text
    // that names Mailgun (as gitleaks asks too): the shape has no literal, and looking for it in
    // every text cost a tenth of the redaction's time.
    kind: 'mailgun_key',
    hints: ['ailgun', 'AILGUN'],
    re: /(?<![A-Za-z0-9_-])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![A-Za-z0-9_-])/g,
    check: (s) => mixedAlnum(s.slice(0, 32)),
  },
  {
    // LaunchDarkly keys (`sdk-`, `api-`, `mob-` and a UUID): only in a text that names LaunchDarkly
    // or its `LD_` variables, which are the hints; elsewhere `api-<uuid>` is an ordinary id.
    kind: 'launchdarkly_key',
    hints: ['aunchDarkly', 'aunchdarkly', 'LD_'],
    re: /(?<![A-Za-z0-9_-])(?:sdk|api|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![A-Za-z0-9_-])/g,
  },
  {
    // PowerShell: `ConvertTo-SecureString "…" -AsPlainText` (or `-String '…'`) turns a literal password into a secure string.
    kind: 'password',
    hints: ['ConvertTo-SecureString', 'convertto-securestring'],
    re: /((?:ConvertTo-SecureString|convertto-securestring)\s+(?:-String\s+)?["'])([^"'\n]{3,256})(["'])/gi,
    check: (s) => !isPlaceholderValue(s) && !s.startsWith('$'),
  },
  {
    // WordPress's keys and salts (`define('AUTH_KEY', '…')`): 64 characters of any punctuation, and
    // the salts' names hold no secret word.
    kind: 'secret',
    hints: ["_KEY'", "_SALT'", '_KEY"', '_SALT"'],
    re: /(define\(\s*['"](?:AUTH|SECURE_AUTH|LOGGED_IN|NONCE)_(?:KEY|SALT)['"]\s*,\s*')([^'\n]{16,256})(')/g,
    // Not the sample file's `put your unique phrase here`: a generated value mixes kinds of character.
    check: (s) => !isPlaceholderValue(s) && !/^[A-Za-z ]+$/.test(s),
  },
  {
    // OpenWeatherMap's `appid` (a URL parameter or a request's params): a key under a name with no
    // secret word, so only its shape (32 hex digits) makes it one.
    kind: 'api_key',
    hints: ['appid'],
    re: /((?:[?&;]appid=|["']appid["']\s*[:=]\s*["']))([0-9a-f]{32})(?![0-9a-f])()/g,
  },
  {
    kind: 'bearer_token',
    hints: ['earer'],
    re: /\b([Bb]earer\s+)([A-Za-z0-9._~+/-]{16,}=*)()/g,
    check: randomish,
  },
  {
    // NuGet.Config: `<add key="ClearTextPassword" value="…" />`.
    kind: 'password',
    hints: ['Password" value="'],
    re: /(<add\s+key="(?:ClearText)?Password"\s+value=")([^"]{1,512})(")/g,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    // `.pgpass` lines, `host:port:database:user:password`, in a text that names the file (a `cat`
    // of it, a heredoc into it): the password is the last field.
    kind: 'password',
    hints: ['.pgpass', 'PGPASSFILE'],
    re: /^([^\s:#]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,128}:[^\s:]{1,128}:)([^\s]{1,512})()$/gm,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    // Headers that carry a provider's key under a name with no secret word in it, so the
    // assignments never look: Honeycomb's `X-Honeycomb-Team`, JFrog's `X-JFrog-Art-Api`.
    kind: 'api_key',
    hints: ['Honeycomb-Team', 'honeycomb-team', 'JFrog-Art-Api', 'jfrog-art-api'],
    re: /((?:X|x)-(?:Honeycomb-Team|honeycomb-team|JFrog-Art-Api|jfrog-art-api)["']?[ \t]*[:=][ \t]*["']?)([A-Za-z0-9_-]{16,128})()/g,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    // MySQL's `IDENTIFIED BY '…'` (CREATE USER, ALTER USER, GRANT): no secret word before the
    // literal. (`PASSWORD '…'`, PostgreSQL's form, is the assignments', see beside-values.)
    kind: 'password',
    hints: ['IDENTIFIED BY', 'identified by'],
    re: /((?:IDENTIFIED|identified)\s+(?:BY|by)\s+(?:PASSWORD\s+|password\s+)?')([^'\s]{1,256})(')/g,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    // A JSON Web Key's private members (RFC 7518: `d`, the RSA primes and CRT values, an `oct` key's
    // `k`), in a text that holds a JWK (`"kty"`); its public members (`n`, `e`, `x`, `y`) stay.
    kind: 'private_key',
    hints: ['"kty"'],
    re: /("(?:d|p|q|dp|dq|qi|k)"\s*:\s*")([A-Za-z0-9_-]{16,})(")/g,
  },
  {
    // Oracle's EZConnect form in a JDBC URL, `jdbc:oracle:thin:user/password@host`: no `://`, so
    // url-credentials never sees it.
    kind: 'password',
    hints: ['oracle:thin:'],
    re: /(jdbc:oracle:thin:[^\s/@:"'<>]{1,128}\/)([^\s@"'<>]{1,256})(@)/g,
    check: (s) => !isPlaceholderValue(s),
  },
  {
    kind: 'url_secret',
    hints: [],
    re: /([?&;](?:access_token|refresh_token|id_token|token|api_key|apikey|api-key|client_secret|secret|password|passwd|pwd|X-Amz-Security-Token)=)([^&\s#"'<>]{3,512})()/g,
    check: (s) => !isPlaceholderValue(s),
    present: hasUrlParameter,
  },
  {
    // Generic names (`key`, `sig`, `code`) carry secrets only when the value looks generated.
    kind: 'url_secret',
    hints: [],
    re: /([?&;](?:sig|signature|X-Amz-Signature|X-Goog-Signature|key|code)=)([^&\s#"'<>]{8,512})()/g,
    check: (s) => !isPlaceholderValue(s) && (randomish(s) || s.length >= 24),
    present: hasUrlParameter,
  },
];

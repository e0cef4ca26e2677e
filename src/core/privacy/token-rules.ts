/**
 * @module core/privacy/token-rules
 * The table of tokens recognisable by their shape alone (provider prefixes, JWTs, bearer tokens,
 * secrets in URL parameters). Data only; core/privacy/tokens applies it.
 */
import { isPlaceholderValue } from './placeholder.ts';
import { DIGIT_RE, mixedAlnum, randomish } from './shape.ts';

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
  readonly anchor?: { readonly hint: string; readonly before: readonly number[] };
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

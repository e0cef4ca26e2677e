/**
 * @module core/privacy/token-formats
 * The catalogue of credentials recognisable by a literal prefix and the shape of what follows it.
 * Data only: each row is a provider's documented format (prefix, body alphabet, length), and
 * core/privacy/tokens walks a row only where the hint scan saw its prefix, so a text pays for the
 * rows whose prefixes occur in it and for nothing else. No row is a regex: a hook process would
 * compile each one it used.
 *
 * Sources of the facts: the providers' documentation and the format facts collected in gitleaks'
 * default rules (prefixes, lengths, alphabets); the rows are written for mnemo. Shapes that need a
 * literal in the middle of the token, or a kept prefix, live in core/privacy/token-rules.
 */
import {
  ALNUM,
  BASE32,
  BASE64,
  BECH32_UPPER,
  CharClass,
  DIGITS,
  HEX,
  HEX_ANY,
  LOWER_ALNUM,
  PAD,
  UPPER_ALNUM,
  URLSAFE,
  WORD,
} from './char-class.ts';
import { decodedHoldsCredential, decodedHoldsPrivateKey } from './encoded.ts';
import { DIGIT_RE, looksGenerated, mixedAlnum, randomish } from './shape.ts';

/** A run of `min` to `max` characters of a class (exactly `min` when `max` is left out). */
export type Run = readonly [cls: CharClass, min: number, max?: number];
/** What follows a prefix: literals and runs, matched in order, each run as long as it can be. */
export type Segment = string | Run;

export interface TokenFormat {
  readonly kind: string;
  /** Literal starts of the token; each is a hint of the scan. */
  readonly prefixes: readonly string[];
  readonly body: readonly Segment[];
  /** Extra test of the whole token, to drop look-alikes (`xoxb-xxxxxxxx`, `sk-learn-is-a-library`). */
  readonly check?: (token: string) => boolean;
}

/** No upper bound worth naming (a token is walked at most this far). */
const MANY = 1024;
const URLSAFE_EQ = new CharClass('A-Za-z0-9_=-');
const URLSAFE_DOT = new CharClass('A-Za-z0-9_.=-');
const ALNUM_DASH = new CharClass('A-Za-z0-9-');
const BASE64_URL = new CharClass('A-Za-z0-9+/_-');
const HEX_A_TO_H = new CharClass('0-9a-hA-H');
const ATLASSIAN = new CharClass('A-Za-z0-9_=-');
const BASE64_URL_AT = new CharClass('A-Za-z0-9+/@_-');
const DOPPLER_CONFIG = new CharClass('a-z0-9_-');
const BASE58 = new CharClass('1-9A-HJ-NP-Za-km-z');
const BECH32_LOWER = new CharClass('qpzry9x8gf2tvdw0s3jn54khce6mua7l');
/** A UUID in hex of either case (the body of `sk-lf-…`, `rh-api-…`). */
const UUID: readonly Segment[] = [[HEX_ANY, 8], '-', [HEX_ANY, 4], '-', [HEX_ANY, 4], '-', [HEX_ANY, 4], '-', [HEX_ANY, 12]];

const f = (kind: string, prefixes: string | readonly string[], body: readonly Segment[], check?: (token: string) => boolean): TokenFormat => ({
  kind,
  prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes,
  body,
  ...(check ? { check } : {}),
});

/** Hex tokens: at least one letter and one digit (`0000…` and `deadbeef…` patterns are not keys). */
const hexish = (t: string): boolean => mixedAlnum(t.slice(t.length - 32));
const hasDigit = (t: string): boolean => DIGIT_RE.test(t);
const distinct = (t: string): number => new Set(t).size;

let formats: readonly TokenFormat[] | undefined;

/**
 * The catalogue, built on first use: most texts hold none of its prefixes (the hint scan, whose
 * tables are worked out at build time, says so), and then a hook never builds its ~130 rows. Nor
 * does it read them: the hook bundle keeps this module in a file of its own (hook-tokens.cjs,
 * scripts/build.mjs), loaded on the first call here; its one export stays this function.
 */
export function tokenFormats(): readonly TokenFormat[] {
  return (formats ??= catalogue());
}

function catalogue(): readonly TokenFormat[] {
  return [
    // AI providers
    f('anthropic_key', 'sk-ant-', [[URLSAFE, 20, MANY]]),
    f('openai_key', ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-or-v1-', 'sk-'], [[URLSAFE, 20, MANY]], randomish),
    f('perplexity_key', 'pplx-', [[ALNUM, 48]]),
    // Hugging Face tokens are letters only: many distinct ones, not a word.
    f('huggingface_token', 'hf_', [[ALNUM, 34, 40]], (t) => distinct(t) >= 12),
    f('huggingface_token', 'api_org_', [[ALNUM, 34]], (t) => distinct(t) >= 12),
    f('groq_key', 'gsk_', [[ALNUM, 52]], randomish),
    f('xai_key', 'xai-', [[ALNUM, 80]], randomish),
    f('replicate_token', 'r8_', [[ALNUM, 37]], randomish),
    f('nvidia_key', 'nvapi-', [[URLSAFE, 64]], mixedAlnum),
    f('pinecone_key', 'pcsk_', [[ALNUM, 5, 6], '_', [ALNUM, 63]]),
    f('langsmith_key', ['lsv2_pt_', 'lsv2_sk_'], [[HEX, 32], '_', [HEX, 10]]),
    f('langfuse_key', 'sk-lf-', UUID),
    // ElevenLabs: `sk_` and 48 hex digits (Stripe's `sk_live_…` is no hex run, so the rows never meet).
    f('elevenlabs_key', 'sk_', [[HEX, 48]], hexish),
    f('fireworks_key', 'fw_', [[ALNUM, 20, 48]], randomish),
    // Source hosting and CI
    f('github_token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], [[ALNUM, 36, 255]]),
    f('github_token', 'github_pat_', [[WORD, 22, 255]]),
    f('gitlab_token', ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glsoat-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glffct-', 'glcbt-', 'glwt-'], [[URLSAFE_DOT, 20, MANY]], mixedAlnum),
    f('gitlab_token', 'GR1348941', [[URLSAFE, 20, MANY]]),
    f('gitlab_token', '_gitlab_session=', [[LOWER_ALNUM, 32]]),
    f('bitbucket_token', 'ATBB', [[ALNUM, 32, 64]], randomish),
    // Bitbucket and Jira Data Center (self-hosted) HTTP access tokens.
    f('bitbucket_token', 'BBDC-', [[BASE64_URL_AT, 40, 50]], mixedAlnum),
    f('atlassian_token', 'ATATT3', [[ATLASSIAN, 100, MANY]]),
    f('circleci_token', 'CCIPAT_', [[URLSAFE, 20, MANY]], mixedAlnum),
    f('sonar_token', ['squ_', 'sqp_', 'sqa_'], [[HEX, 40]]),
    f('sonar_token', 'sqco_', [[ALNUM, 59]], randomish),
    f('sourcegraph_token', 'sgp_', [[HEX_ANY, 16], '_', [HEX_ANY, 40]]),
    f('sourcegraph_token', 'sgp_local_', [[HEX_ANY, 40]]),
    f('sourcegraph_token', 'sgp_', [[HEX_ANY, 40]]),
    f('sourcegraph_token', 'slk_', [[HEX, 64]]),
    f('buildkite_token', 'bkua_', [[HEX, 40]]),
    f('octopus_key', 'API-', [[UPPER_ALNUM, 26, 32]], hasDigit),
    f('harness_key', ['pat.', 'sat.'], [[URLSAFE, 22], '.', [ALNUM, 24], '.', [ALNUM, 20]]),
    f('jfrog_token', 'AKCp', [[ALNUM, 69, 73]]),
    f('jfrog_token', 'cmVmdGtu', [[ALNUM, 56]]),
    f('jfrog_token', 'cmVmd', [[ALNUM, 59]]),
    f('clojars_token', 'CLOJARS_', [[LOWER_ALNUM, 60]]),
    f('rubygems_token', 'rubygems_', [[HEX, 48]]),
    f('nuget_key', 'oy2', [[LOWER_ALNUM, 43]], hasDigit),
    f('npm_token', 'npm_', [[ALNUM, 36]], randomish),
    f('pypi_token', 'pypi-AgE', [[URLSAFE, 50, MANY]]),
    f('cargo_token', 'cio', [[ALNUM, 32]], randomish),
    f('docker_token', 'dckr_pat_', [[URLSAFE, 27, 40]], mixedAlnum),
    f('docker_token', 'dckr_oat_', [[URLSAFE, 27, 40]], mixedAlnum),
    f('terraform_token', 'tfp_', [[URLSAFE_DOT, 40, 80]], mixedAlnum),
    f('pulumi_token', 'pul-', [[HEX, 40]]),
    f('infracost_token', 'ico-', [[ALNUM, 32]], randomish),
    f('prefect_token', 'pnu_', [[ALNUM, 36]], randomish),
    f('readme_token', 'rdme_', [[LOWER_ALNUM, 70]]),
    f('postman_key', 'PMAK-', [[HEX_ANY, 24], '-', [HEX_ANY, 34]]),
    f('frameio_token', 'fio-u-', [[URLSAFE_EQ, 64]]),
    f('typeform_token', 'tfp_', [[URLSAFE_DOT, 59]], mixedAlnum),
    f('databricks_token', 'dapi', [[HEX, 32], [new CharClass('0-9-'), 0, 2]]),
    f('linear_key', 'lin_api_', [[ALNUM, 40]]),
    f('notion_token', 'secret_', [[ALNUM, 43]], randomish),
    f('notion_token', 'ntn_', [[ALNUM, 40, 50]], randomish),
    f('asana_token', ['1/', '2/'], [[DIGITS, 10, 20], ':', [HEX, 32]]),
    f('airtable_token', 'pat', [[ALNUM, 14], '.', [HEX, 64]]),
    f('figma_token', 'figd_', [[URLSAFE, 40, 50]], mixedAlnum),
    // Dropbox short-lived access tokens (`sl.` then, lately, `u.`) and Trello's API tokens (`ATTA`, 64 hex digits and an 8-digit checksum).
    f('dropbox_token', ['sl.u.', 'sl.B'], [[URLSAFE_DOT, 100, MANY]], mixedAlnum),
    f('trello_token', 'ATTA', [[HEX_ANY, 72]], hexish),
    // ClickUp personal tokens: `pk_<user id>_<32 upper-case letters and digits>`.
    f('clickup_token', 'pk_', [[DIGITS, 6, 10], '_', [UPPER_ALNUM, 32]], mixedAlnum),
    f('posthog_key', 'phx_', [[WORD, 43, 48]], randomish),
    f('apify_token', 'apify_api_', [[ALNUM, 36]], randomish),
    f('adafruit_key', 'aio_', [[ALNUM, 28]], randomish),
    f('rootly_key', 'rootly_', [[HEX, 64]]),
    f('flexport_key', 'shltm_', [[URLSAFE, 40]], mixedAlnum),
    f('contentful_token', 'CFPAT-', [[URLSAFE, 43]], mixedAlnum),
    f('intra42_secret', ['s-s4t2ud-', 's-s4t2af-'], [[HEX, 64]]),
    // Cloud
    f('aws_access_key', ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ABIA', 'ACCA', 'APKA', 'ASCA'], [[BASE32, 16]]),
    f('aws_access_key', 'A3T', [[UPPER_ALNUM, 1], [BASE32, 16]]),
    f('aws_bedrock_key', 'ABSK', [[BASE64, 109, 269], [PAD, 0, 2]]),
    f('aws_bedrock_key', 'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t', [[BASE64_URL, 0, MANY], [PAD, 0, 2]]),
    f('google_api_key', 'AIza', [[URLSAFE, 35]]),
    f('google_oauth_token', 'ya29.', [[URLSAFE, 20, MANY]]),
    f('google_oauth_token', '1//0', [[URLSAFE, 40, MANY]]),
    f('google_client_secret', 'GOCSPX-', [[URLSAFE, 20, MANY]]),
    f('alibaba_access_key', 'LTAI', [[ALNUM, 20]], randomish),
    f('yandex_key', 'AQVN', [[URLSAFE, 35, 38]], randomish),
    f('yandex_token', 't1.', [[URLSAFE_EQ, 8, MANY], '.', [URLSAFE, 86], [PAD, 0, 2]]),
    f('digitalocean_token', ['dop_v1_', 'doo_v1_', 'dor_v1_'], [[HEX, 64]]),
    f('heroku_key', 'HRKU-AA', [[URLSAFE, 58]]),
    // Vercel's prefixed tokens (personal, integration, app, refresh, key).
    f('vercel_token', ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], [[ALNUM, 24, 80]], randomish),
    f('salad_key', 'salad_cloud_', [[ALNUM, 1, 7], '_', [ALNUM, 7, 235]], randomish),
    f('flyio_token', 'fo1_', [[URLSAFE, 43]]),
    f('flyio_token', ['fm1a_', 'fm1r_', 'fm2_'], [[BASE64, 100, MANY], [PAD, 0, 3]]),
    f('planetscale_token', ['pscale_tkn_', 'pscale_oauth_', 'pscale_pw_'], [[URLSAFE_DOT, 32, 64]]),
    f('supabase_token', 'sbp_', [[HEX, 40]]),
    f('supabase_token', 'sb_secret_', [[URLSAFE, 20, 60]], mixedAlnum),
    f('render_key', 'rnd_', [[ALNUM, 32]], randomish),
    f('neon_key', 'napi_', [[LOWER_ALNUM, 64]], hasDigit),
    // AWS STS session tokens (base64 of a binary blob that always starts the same: `IQoJb3JpZ2luX2Vj`
    // now, `FwoGZXIvYXdzE` for the older ones), whatever name or none they are given.
    f('aws_session_token', ['IQoJb3JpZ2luX2Vj', 'FwoGZXIvYXdzE'], [[BASE64, 100, MANY], [PAD, 0, 2]]),
    f('scalingo_token', 'tk-us-', [[URLSAFE, 48]]),
    f('clickhouse_key', '4b1d', [[ALNUM, 38]], randomish),
    f('cloudflare_key', 'v1.0-', [[HEX, 24], '-', [HEX, 146]]),
    f('cloudflare_key', 'cfk_', [[ALNUM, 40], [HEX, 8]], randomish),
    f('netlify_token', 'nfp_', [[ALNUM, 36]], randomish),
    f('dynatrace_token', 'dt0c01.', [[UPPER_ALNUM, 24], '.', [UPPER_ALNUM, 64]]),
    f('dynatrace_token', 'dt0s01.', [[UPPER_ALNUM, 24], '.', [UPPER_ALNUM, 64]]),
    // Tailscale: tskey-<auth|api|client|scim|webhook>-<id>-<secret>.
    f('tailscale_key', 'tskey-', [[ALNUM_DASH, 30, 160]], randomish),
    f('vault_token', ['hvs.', 'hvb.', 'hvr.'], [[URLSAFE, 24, MANY]]),
    f('doppler_token', ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.', 'dp.scim.', 'dp.audit.'], [[ALNUM, 40, MANY]]),
    // Service tokens may name their config: `dp.st.<config>.<secret>`.
    f('doppler_token', 'dp.st.', [[DOPPLER_CONFIG, 2, 35], '.', [ALNUM, 40, 44]]),
    f('onepassword_token', 'ops_eyJ', [[BASE64, 100, MANY], [PAD, 0, 3]]),
    f('onepassword_secret_key', 'A3-', [[UPPER_ALNUM, 6], '-', [UPPER_ALNUM, 5, 11], '-', [UPPER_ALNUM, 5], '-', [UPPER_ALNUM, 5], '-', [UPPER_ALNUM, 5]]),
    f('authress_key', ['sc_', 'ext_', 'scauth_', 'authress_'], [[LOWER_ALNUM, 5, 30], '.', [LOWER_ALNUM, 4, 6], '.acc', [URLSAFE, 10, 40], '.', [BASE64_URL, 30, 120], [PAD, 0, 2]]),
    f('settlemint_token', ['sm_aat_', 'sm_pat_', 'sm_sat_'], [[ALNUM, 16]], randomish),
    f('openshift_token', 'sha256~', [[URLSAFE, 43]]),
    // Observability
    f('grafana_token', 'eyJrIjoi', [[BASE64, 70, 400], [PAD, 0, 3]]),
    f('grafana_token', 'glc_', [[BASE64, 32, 400], [PAD, 0, 3]]),
    f('grafana_token', 'glsa_', [[ALNUM, 32], '_', [HEX_ANY, 8]]),
    f('newrelic_key', ['NRAK-', 'NRAA-', 'NRII-', 'NRRA-', 'NRJS-', 'NRBR-', 'NRIQ-'], [[URLSAFE, 19, 40]], hasDigit),
    f('sentry_token', ['sntrys_', 'sntryu_'], [[BASE64_URL, 40, MANY], [PAD, 0, 2]]),
    f('honeycomb_key', ['hcaik_', 'hcxik_', 'hcxlk_'], [[ALNUM, 58]], randomish),
    // LaunchDarkly's server-side SDK and mobile keys: nothing else is `sdk-`/`mob-` and a UUID
    // (`api-<uuid>` is, so that one stays with its rule in token-rules).
    f('launchdarkly_key', ['sdk-', 'mob-'], UUID),
    // Messaging
    f('slack_token', ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-'], [[ALNUM_DASH, 10, MANY]], hasDigit),
    f('slack_token', ['xoxe.xoxb-', 'xoxe.xoxp-'], [[ALNUM_DASH, 20, MANY]], hasDigit),
    f('slack_token', 'xapp-', [[DIGITS, 1], '-', [ALNUM_DASH, 10, MANY]]),
    f('slack_webhook', ['https://hooks.slack.com/services/', 'https://hooks.slack.com/workflows/', 'https://hooks.slack.com/triggers/'], [[new CharClass('A-Za-z0-9_/+-'), 20, MANY]]),
    f('discord_webhook', ['https://discord.com/api/webhooks/', 'https://discordapp.com/api/webhooks/', 'https://ptb.discord.com/api/webhooks/', 'https://canary.discord.com/api/webhooks/'], [[DIGITS, 5, 30], '/', [URLSAFE, 30, 100]]),
    f('teams_webhook', ['https://outlook.office.com/webhook/', 'https://outlook.office365.com/webhook/'], [[new CharClass('A-Za-z0-9@/_-'), 60, MANY]]),
    f('twilio_key', 'SK', [[HEX_ANY, 32]], hexish),
    f('sendgrid_key', 'SG.', [[URLSAFE, 22], '.', [URLSAFE, 43]]),
    f('sendinblue_key', 'xkeysib-', [[HEX, 64], '-', [ALNUM, 16]]),
    f('sendinblue_key', 'xsmtpsib-', [[HEX, 64], '-', [ALNUM, 16]]),
    f('mailgun_key', 'key-', [[LOWER_ALNUM, 32]], hasDigit),
    f('mailgun_key', 'pubkey-', [[HEX, 32]]),
    f('messagebird_key', 'live_', [[ALNUM, 25]], randomish),
    f('intercom_token', 'dG9rOm', [[BASE64, 40, 80], [PAD, 0, 2]]),
    // Payments and commerce
    f('stripe_key', ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'], [[ALNUM, 10, 255]], mixedAlnum),
    f('stripe_key', 'whsec_', [[BASE64, 24, MANY], [PAD, 0, 2]]),
    f('shopify_token', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], [[HEX_ANY, 32]]),
    f('square_token', ['sq0atp-', 'sq0csp-', 'sq0idp-'], [[URLSAFE, 22, 60]], mixedAlnum),
    f('square_token', 'EAAA', [[URLSAFE, 22, 60]], randomish),
    f('facebook_token', ['EAAM', 'EAAC', 'EAAG', 'EAAB'], [[ALNUM, 100, MANY]], randomish),
    f('flutterwave_key', ['FLWSECK_TEST-', 'FLWSECK-', 'FLWPUBK_TEST-', 'FLWPUBK-'], [[HEX_A_TO_H, 32], '-X']),
    f('flutterwave_key', ['FLWSECK_TEST-', 'FLWSECK-'], [[HEX_A_TO_H, 12]]),
    f('duffel_token', ['duffel_test_', 'duffel_live_'], [[URLSAFE_EQ, 43]]),
    f('easypost_key', ['EZAK', 'EZTK'], [[ALNUM, 54]], randomish),
    f('shippo_token', ['shippo_live_', 'shippo_test_'], [[HEX_ANY, 40]]),
    f('gocardless_token', ['live_', 'sandbox_'], [[URLSAFE_EQ, 40]], randomish),
    // Braintree (PayPal) access tokens: `access_token$<environment>$<merchant id>$<32 hex>`.
    f('braintree_token', ['access_token$production$', 'access_token$sandbox$', 'access_token$development$'], [[LOWER_ALNUM, 16], '$', [HEX, 32]]),
    f('razorpay_key', ['rzp_live_', 'rzp_test_'], [[ALNUM, 14]], mixedAlnum),
    f('pagarme_key', ['ak_live_', 'ak_test_'], [[ALNUM, 30]], randomish),
    f('ramp_key', ['ramp_id_', 'ramp_sec_'], [[ALNUM, 40, 48]], randomish),
    f('fleetbase_key', 'flb_live_', [[ALNUM, 20]], randomish),
    f('robinhood_key', 'rh-api-', UUID),
    f('lob_key', ['live_', 'test_'], [[HEX, 35]]),
    f('lob_key', ['live_pub_', 'test_pub_'], [[HEX, 31]]),
    f('plaid_token', ['access-sandbox-', 'access-development-', 'access-production-'], [[HEX, 8], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 12]]),
    f('coinbase_token', 'organizations/', [[HEX, 8], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 12], '/apiKeys/', [HEX, 8], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 12]]),
    f('adobe_secret', 'p8e-', [[ALNUM, 32]], randomish),
    f('mapbox_token', ['sk.eyJ', 'pk.eyJ', 'tk.eyJ'], [[URLSAFE_EQ, 40, MANY], '.', [URLSAFE, 20, 30]]),
    f('mapbox_token', ['sk.', 'pk.', 'tk.'], [[ALNUM, 60, 120], '.', [ALNUM, 20, 30]], randomish),
    f('twitter_token', 'AAAAAAAAAAAAAAAAAAAAA', [[new CharClass('A-Za-z0-9%'), 80, 120]], (t) => randomish(t.replace(/^A+/, ''))),
    // Identity and secrets managers
    f('age_key', 'AGE-SECRET-KEY-1', [[BECH32_UPPER, 50, 70]]),
    f('age_key', 'AGE-PLUGIN-', [[UPPER_ALNUM, 2, 20], '-1', [BECH32_UPPER, 20, MANY]]),
    // minisign secret keys: base64 of `Ed`, the KDF (`Sc` scrypt, or none) and `B2`, then the key.
    f('minisign_key', ['RWRTY0Iy', 'RWQAAEIy'], [[BASE64, 100, 400], [PAD, 0, 2]]),
    // Wallet keys: BIP32 extended private keys (base58, 111 characters with the version prefix, for
    // mainnet and testnet and their SegWit variants) and Nostr's bech32 `nsec1…` (NIP-19).
    f('wallet_private_key', ['xprv', 'yprv', 'zprv', 'Yprv', 'Zprv', 'tprv', 'uprv', 'vprv', 'Uprv', 'Vprv'], [[BASE58, 107, 108]], randomish),
    f('wallet_private_key', 'nsec1', [[BECH32_LOWER, 58]]),
    f('defined_networking_token', 'dnkey-', [[URLSAFE_EQ, 26], '-', [URLSAFE_EQ, 52]]),
    // Base64 blobs whose decoding is itself a credential: a Docker `auths` file or a PEM key, encoded.
    f('encoded_credentials', ['eyJ', 'ewog', 'ewoJ', 'eyAi', 'ew0K'], [[BASE64, 20, 16384], [PAD, 0, 2]], decodedHoldsCredential),
    f('private_key', 'LS0tLS1CRUdJTi', [[BASE64, 20, 16384], [PAD, 0, 2]], decodedHoldsPrivateKey),
    f('jwt', 'eyJ', [[URLSAFE, 10, MANY], '.eyJ', [URLSAFE, 10, MANY], '.', [URLSAFE, 0, MANY]]),
    f('jwt', 'ZXlK', [[new CharClass('A-Za-z0-9/+_-'), 40, MANY], [PAD, 0, 2]], randomish),
  ];
}

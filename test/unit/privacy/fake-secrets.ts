/**
 * Deterministic fake secrets of the right shape for redaction tests. They are assembled at run
 * time from a seeded generator, so the repository holds no string a secret scanner would flag
 * and no real credential.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const UPPER32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

let seed = 0x2545f491;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
}

/** `n` characters from `alphabet`, always mixing letters and digits when the alphabet allows. */
export function chars(n: number, alphabet = ALNUM): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
  if (/[0-9]/.test(alphabet) && !/[0-9]/.test(s)) s = '7' + s.slice(1);
  if (/[a-z]/.test(alphabet) && !/[a-z]/.test(s)) s = s.slice(0, -1) + 'q';
  if (/[A-Z]/.test(alphabet) && !/[A-Z]/.test(s)) s = s.slice(0, -2) + 'Q' + s.slice(-1);
  return s;
}

const p = (...parts: string[]): string => parts.join('');

/** name → a fake secret of that provider's shape. */
export const FAKE = {
  anthropic: p('sk-', 'ant-', 'api03-', chars(80, ALNUM + '-_'), 'AA'),
  openaiProject: p('sk-', 'proj-', chars(48, ALNUM + '-_')),
  openaiLegacy: p('sk-', chars(48)),
  githubClassic: p('gh', 'p_', chars(36)),
  githubOauth: p('gh', 'o_', chars(36)),
  githubFineGrained: p('github', '_pat_', chars(22), '_', chars(59)),
  gitlab: p('gl', 'pat-', chars(20, ALNUM + '-_')),
  slackBot: p('xo', 'xb-', chars(12, '0123456789'), '-', chars(13, '0123456789'), '-', chars(24)),
  slackWebhook: p('https://hooks.', 'slack.com/services/T', chars(10, UPPER32), '/B', chars(10, UPPER32), '/', chars(24)),
  stripeLive: p('sk', '_live_', chars(24)),
  stripeWebhook: p('wh', 'sec_', chars(32)),
  awsAccessKey: p('AK', 'IA', chars(16, UPPER32)),
  awsSecretKey: chars(40, ALNUM + '/+'),
  googleApiKey: p('AI', 'za', chars(35, ALNUM + '-_')),
  googleOauth: p('ya', '29.', chars(60, ALNUM + '-_')),
  googleClientSecret: p('GOC', 'SPX-', chars(28, ALNUM + '-_')),
  azureClientSecret: p(chars(3), '8Q~', chars(34, ALNUM + '_~.-')),
  azureStorageKey: chars(86, ALNUM + '+/') + '==',
  npm: p('np', 'm_', chars(36)),
  pypi: p('py', 'pi-AgEIcHlwaS5vcmc', chars(60, ALNUM + '-_')),
  huggingface: p('h', 'f_', chars(34)),
  twilio: p('S', 'K', chars(32, HEX)),
  sendgrid: p('S', 'G.', chars(22, ALNUM + '-_'), '.', chars(43, ALNUM + '-_')),
  jwt: p('ey', 'JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'ey', 'JzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ', '.', chars(43, ALNUM + '-_')),
  privateKey: p('-----BEGIN ', 'RSA PRIVATE KEY-----\n', chars(64, ALNUM + '+/'), '\n', chars(64, ALNUM + '+/'), '\n-----END RSA ', 'PRIVATE KEY-----'),
  opensshKey: p('-----BEGIN ', 'OPENSSH PRIVATE KEY-----\n', chars(70, ALNUM + '+/'), '\n-----END OPENSSH ', 'PRIVATE KEY-----'),
  telegram: p(chars(10, '0123456789'), ':AA', chars(33, ALNUM + '-_')),
  digitalocean: p('do', 'p_v1_', chars(64, HEX)),
  shopify: p('sh', 'pat_', chars(32, HEX)),
  tailscale: p('ts', 'key-auth-', chars(17), '-', chars(33)),
  vault: p('hv', 's.', chars(90, ALNUM + '-_')),
  databricks: p('da', 'pi', chars(32, HEX)),
  linear: p('lin', '_api_', chars(40)),
  mailgun: p('ke', 'y-', chars(32, HEX)),
  discordWebhook: p('https://discord.com/api/', 'webhooks/', chars(18, '0123456789'), '/', chars(68, ALNUM + '-_')),
  mailchimp: p(chars(32, HEX), '-us', '6'),
  terraform: p(chars(14), '.atlas', 'v1.', chars(70, ALNUM + '-_')),
  password: p('Hunter', '2', '!x', chars(6)),
};

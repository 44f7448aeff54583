import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them: HMAC-SHA1, six
 * digits, a 30-second step. One step either side is accepted for clocks that drift.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Harborview Community Bank';

function totp(secretBase32: string, label = 'Online banking') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random 160-bit secret, base32 as authenticator apps take it for manual entry. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// link a QR code carries to the authenticator app. */
export function totpUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/** The current code (tests and the set-up screen's checks use it; the server never shows it). */
export function totpCode(secretBase32: string, timestampMs: number): string {
  return totp(secretBase32).generate({ timestamp: timestampMs });
}

/**
 * The time step the code belongs to, or null when it is not a current code. The caller refuses a
 * step at or before the last one accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, timestampMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: timestampMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short description of the browser and system a sign-in came from, from its User-Agent, for
 * the "new sign-in" notice ("Chrome on Windows"); never the raw header. It is written to stand
 * mid-sentence ("from an unknown browser on Linux"); a list that starts a line with it
 * capitalises it there.
 */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'an unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'an unknown system';
  return `${browser} on ${system}`;
}

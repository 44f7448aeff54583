import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The keyboard focus ring must stand out from the surfaces it is drawn on (WCAG 1.4.11: 3:1) and
// must not look like the red border of a field in error.

const tokens = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

/** The value of a custom property in the first block of tokens.css that matches `block`. */
function token(block: RegExp, name: string): string {
  const body = tokens.match(block)?.[1] ?? '';
  const value = body.match(new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1];
  if (!value) throw new Error(`${name} not found`);
  return value;
}
const light = (name: string) => token(/^:root \{([\s\S]*?)^\}/m, name);
const dark = (name: string) => token(/^:root\[data-theme='dark'\] \{([\s\S]*?)^\}/m, name);

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function hue(hex: string): number {
  const [r, g, b] = rgb(hex);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function hueDistance(a: string, b: string): number {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
}

describe('focus colour', () => {
  it('stands out on every light surface and differs in hue from the error red', () => {
    const focus = light('--color-focus');
    for (const surface of ['--color-bg', '--color-surface', '--color-surface-2', '--brand-50']) {
      expect(contrast(focus, light(surface)), surface).toBeGreaterThanOrEqual(3);
    }
    expect(hueDistance(focus, light('--color-danger'))).toBeGreaterThanOrEqual(90);
  });

  it('has a light variant for the dark brand panels (header strip, footer, hero, balance card)', () => {
    const onDark = light('--color-focus-on-dark');
    for (const panel of ['--brand-700', '--brand-800', '--brand-900']) {
      expect(contrast(onDark, light(panel)), panel).toBeGreaterThanOrEqual(3);
    }
    expect(hueDistance(onDark, light('--color-danger'))).toBeGreaterThanOrEqual(90);
  });

  it('stands out in the dark theme and differs in hue from its error red', () => {
    const focus = dark('--color-focus');
    for (const surface of ['--color-bg', '--color-surface', '--color-surface-2']) {
      expect(contrast(focus, dark(surface)), surface).toBeGreaterThanOrEqual(3);
    }
    expect(hueDistance(focus, dark('--color-danger'))).toBeGreaterThanOrEqual(90);
  });
});

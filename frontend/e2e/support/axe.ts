import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Lets every finite CSS animation and transition run to its end. Mid fade-in a toast is half
 * transparent, and axe would measure the contrast of a frame no reader looks at for long; the
 * scan is of what stays on screen. Infinite animations (spinners) are left running.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe-core scan for WCAG 2.2 AA: the serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // WCAG 2.5.3, Label in Name: axe ships it as experimental, so a tag does not turn it on. A
    // control whose visible text is not in its accessible name cannot be reached by saying it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the browser tests leave their screenshots, to look at after a run: inside this checkout
 * (ignored by git), so that two checkouts testing at once do not overwrite each other's.
 * E2E_SCREENSHOTS puts them elsewhere.
 */
export const SCREENSHOT_DIR =
  process.env.E2E_SCREENSHOTS ?? fileURLToPath(new URL('../../.e2e-screenshots/', import.meta.url));

/** The path of the screenshot named `name` (subfolders allowed: `forms/split-375.png`). */
export const screenshotPath = (name: string) => join(SCREENSHOT_DIR, name);

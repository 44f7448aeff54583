import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's score (0–4) a new password needs: 2 means about a hundred million guesses or more,
 * which refuses "password1", "12345678", "qwertyui" and keyboard or date patterns.
 */
export const MIN_PASSWORD_SCORE = 2;
export const PASSWORD_TOO_WEAK =
  'This password is too easy to guess. Use a longer phrase or add unusual words.';

let estimator: ZxcvbnFactory | undefined;

/** Whether a password is hard enough to guess (the common-password dictionaries load once). */
export function isStrongEnoughPassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password).score >= MIN_PASSWORD_SCORE;
}

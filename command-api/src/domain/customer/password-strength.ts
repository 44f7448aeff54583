import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { CUSTOMER_FIELD_MESSAGES } from '@bank/contracts/auth-messages';

/**
 * zxcvbn's score (0–4) a new password needs: 2 means about a hundred million guesses or more,
 * which refuses "password1", "12345678", "qwertyui" and keyboard or date patterns.
 */
export const MIN_PASSWORD_SCORE = 2;
export const PASSWORD_TOO_WEAK = CUSTOMER_FIELD_MESSAGES.passwordGuessable;

let estimator: ZxcvbnFactory | undefined;

/** Whether a password is hard enough to guess (the common-password dictionaries load once). */
export function isStrongEnoughPassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password).score >= MIN_PASSWORD_SCORE;
}

import { useEffect, useState } from 'react';

type Estimator = { check(password: string): { score: number } };

let estimator: Promise<Estimator> | undefined;

/** zxcvbn and its common-password lists (about 400 KB) load only when someone types a password. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'];
/** The server refuses passwords scored below this (the same estimator and lists). */
const MIN_SCORE = 2;

/** Whether the server will take this new password as hard enough to guess (same estimator). */
export async function isGuessablePassword(password: string): Promise<boolean> {
  return (await loadEstimator()).check(password).score < MIN_SCORE;
}

/**
 * How hard a new password is to guess, said as the customer types. Below 8 characters it says
 * nothing, so the length rule's own message is the one shown.
 */
export function PasswordStrength({ password }: { password: string }) {
  const [score, setScore] = useState<number | null>(null);
  useEffect(() => {
    if (password.length < 8) {
      setScore(null);
      return;
    }
    let live = true;
    void loadEstimator().then((z) => {
      if (live) setScore(z.check(password).score);
    });
    return () => {
      live = false;
    };
  }, [password]);
  if (score === null) return null;
  return (
    <span className="password-strength" aria-live="polite">
      {' '}
      Strength: <strong>{LABELS[score]}</strong>
      {score < MIN_SCORE ? ' (too easy to guess; use a longer phrase or add unusual words)' : ''}
    </span>
  );
}

import { centsOf } from '@/lib/cents';

// Each person's share is the total divided by the number of people plus one
// (the requester keeps a share). Shares are whole cents that add up to the total exactly.

/** Whole cents of the total as typed; 0 for what is no number. */
export function toCents(dollars: number | string): number {
  return Number.isFinite(Number(dollars)) && String(dollars).trim() !== '' ? centsOf(dollars) : 0;
}

export function splitCents(totalCents: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) return [];
  const base = Math.trunc(totalCents / parts);
  const remainder = totalCents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The requester's own share and one share per person, as the server computes them. */
export function splitShares(totalCents: number, people: number) {
  if (people < 1 || totalCents <= 0) return { own: totalCents, people: [] as number[] };
  const [own, ...others] = splitCents(totalCents, people + 1);
  return { own: own ?? 0, people: others };
}

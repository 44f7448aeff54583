/**
 * A dollar amount as customers type it: "20000", "20,000.50", "$20,000". A leading "$" and
 * thousands separators in their places are allowed; at most 2 decimals. Plain decimal text,
 * "20000.50", for the checks and the server; null when the text is no amount ("12.345",
 * "2,00", "abc", "-5").
 */
export function plainAmount(text: string): string | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/.exec(text.trim());
  return match ? `${match[1]!.replace(/,/g, '')}${match[2] ?? ''}` : null;
}

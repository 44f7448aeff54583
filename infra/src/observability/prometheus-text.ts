/** Reads samples out of a Prometheus text exposition (for tests and checks, never to write it). */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

export function sampleValues(text: string, name: string): Sample[] {
  return parseSamples(text).filter((sample) => sample.name === name);
}

/** The value of the sample with exactly these labels, if any. */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | undefined {
  const wanted = Object.entries(labels);
  return sampleValues(text, name).find(
    (sample) =>
      Object.keys(sample.labels).length === wanted.length &&
      wanted.every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

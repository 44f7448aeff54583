import type { z } from 'zod';

/**
 * One definition per event type: a zod schema for every schema version and an upcaster for each
 * step from an older version, so every event ever written stays readable as the latest shape.
 */
export interface EventVersion {
  version: number;
  schema: z.ZodType;
  /** Turns data of the previous version into this version's shape. */
  upcast?: (previous: never) => unknown;
}

export interface EventDefinition<Type extends string, Data> {
  type: Type;
  latestVersion: number;
  versions: readonly EventVersion[];
  /** Builds a new event of the latest version, validated by its schema. */
  create(data: Data): { type: Type; data: Data; schemaVersion: number };
}

export function defineEvent<Type extends string, Latest extends z.ZodType>(
  type: Type,
  latest: Latest,
  older: readonly EventVersion[] = [],
  upcastToLatest?: (previous: never) => z.infer<Latest>,
): EventDefinition<Type, z.infer<Latest>> {
  const latestVersion = older.length + 1;
  if (older.length > 0 && !upcastToLatest) throw new Error(`${type}: missing upcaster to latest`);
  const versions = [...older, { version: latestVersion, schema: latest, upcast: upcastToLatest }];
  versions.forEach((v, i) => {
    if (v.version !== i + 1) throw new Error(`${type}: versions must be numbered 1..n`);
  });
  return {
    type,
    latestVersion,
    versions,
    create(data) {
      return { type, data: latest.parse(data) as z.infer<Latest>, schemaVersion: latestVersion };
    },
  };
}

export class UnknownEventError extends Error {}

export interface EventCatalogue<Event extends { type: string; data: unknown }> {
  /** Reads stored data of any known version as the latest shape. */
  read(type: string, schemaVersion: number, data: unknown): Event;
  has(type: string): boolean;
  types(): string[];
}

export function createCatalogue<Event extends { type: string; data: unknown }>(
  definitions: readonly EventDefinition<string, unknown>[],
): EventCatalogue<Event> {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  return {
    read(type, schemaVersion, data) {
      const definition = byType.get(type);
      if (!definition) throw new UnknownEventError(`Unknown event type ${type}`);
      const stored = definition.versions[schemaVersion - 1];
      if (!stored) throw new UnknownEventError(`Unknown version ${schemaVersion} of ${type}`);
      let current = stored.schema.parse(data);
      for (const step of definition.versions.slice(schemaVersion)) {
        current = step.schema.parse((step.upcast as (d: unknown) => unknown)(current));
      }
      return { type, data: current } as Event;
    },
    has: (type) => byType.has(type),
    types: () => [...byType.keys()],
  };
}

import { forEachInTurns, mapInTurns } from '../in-turns.ts';
import type { SecretBox } from '../security/encryption.ts';
import { CustomerErasedError, type Keyring } from '../security/keyring.ts';
import type { NewEvent } from './types.ts';

const SEALED = 'pii:';
/** A sealed non-string value (JSON), for fields whose schema takes anything (z.unknown). */
const SEALED_JSON = 'pii-json:';
/**
 * Several fields of one subject sealed together, under one cipher: the first of them holds the
 * JSON object of every such field's value by its path, the others only IN_SEALED_SET. Opening a
 * field costs a cipher set-up whatever its length, and a rebuild opens every posting of the log,
 * so a posting's description and memo are opened once, not twice.
 */
const SEALED_SET = 'pii-set:';
const IN_SEALED_SET = 'pii-in-set';
/** What every sealed form begins with: a field without it is in clear. */
const SEALED_PREFIX = 'pii';

/** Whether a stored field holds sealed personal data (in any of the sealed forms). */
export const isSealed = (value: unknown): boolean =>
  typeof value === 'string' && value.startsWith(SEALED_PREFIX);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Seals personal-data fields on write and opens them on read, with each data subject's own key. */
export interface EventProtector {
  seal(events: NewEvent[]): Promise<NewEvent[]>;
  open(rows: { type: string; data: unknown }[]): Promise<void>;
  /** Changes whenever a key it opens with is destroyed: what it opened before may be stale. */
  erasures?(): number;
}

/** Which fields (dotted paths) are sealed with whose key: the first `owner` field holding an id. */
export interface PiiRule {
  owner: readonly string[];
  fields: readonly string[];
}

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null;

function valueAt(data: Data, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Sets a value at a path of objects that already exist (a missing parent means no such field). */
function setAt(data: Data, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let current: unknown = data;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  if (isObject(current)) current[last] = value;
}

/** The object holding the field at `path` (its keys), if every object on the way exists. */
function parentAt(data: Data, path: readonly string[]): Data | undefined {
  let current: unknown = data;
  for (let i = 0; i < path.length - 1; i += 1) {
    if (!isObject(current)) return undefined;
    current = current[path[i]!];
  }
  return isObject(current) ? current : undefined;
}

/** A rule with its owner fields and its fields split into keys once, for opening many rows. */
interface SplitRule {
  owner: readonly (readonly string[])[];
  paths: readonly (readonly string[])[];
}

const splitRule = (rule: PiiRule): SplitRule => ({
  owner: rule.owner.map((field) => field.split('.')),
  paths: rule.fields.map((field) => field.split('.')),
});

const isSealable = (value: unknown): value is string | Data =>
  typeof value === 'string' || isObject(value);

/** Seals a rule's fields present in `data` (a copy along them) with `key`, or erases them. */
function sealFields(data: Data, fields: readonly string[], key: SecretBox | null, erased: string) {
  const present: [field: string, value: unknown][] = [];
  for (const field of fields) {
    const value = valueAt(data, field);
    if (isSealable(value)) present.push([field, value]);
  }
  if (key && present.length > 1) {
    setAt(
      data,
      present[0]![0],
      SEALED_SET + key.encrypt(JSON.stringify(Object.fromEntries(present))),
    );
    for (const [field] of present.slice(1)) setAt(data, field, IN_SEALED_SET);
    return;
  }
  for (const [field, value] of present) {
    if (!key) setAt(data, field, erased);
    else if (typeof value === 'string') setAt(data, field, SEALED + key.encrypt(value));
    else setAt(data, field, SEALED_JSON + key.encrypt(JSON.stringify(value)));
  }
}

/** A sealed field found in an event, with the object that holds it. */
type Found = [parent: Data, field: string, value: string];

/** A rule's fields in `data` that hold a sealed form (IN_SEALED_SET among them). */
function findSealed(data: Data, rule: SplitRule): Found[] {
  const found: Found[] = [];
  for (const path of rule.paths) {
    const parent = parentAt(data, path);
    const field = path[path.length - 1]!;
    const value = parent?.[field];
    if (typeof value === 'string' && value.startsWith(SEALED_PREFIX)) {
      found.push([parent!, field, value]);
    }
  }
  return found;
}

/** Opens fields found sealed in `data`, in place; without the key they read as `erased`. */
function openFound(data: Data, found: readonly Found[], key: SecretBox | null, erased: string) {
  for (const [parent, field, value] of found) {
    if (!key) {
      parent[field] = erased;
    } else if (value.startsWith(SEALED)) {
      parent[field] = key.decrypt(value.slice(SEALED.length));
    } else if (value.startsWith(SEALED_JSON)) {
      parent[field] = JSON.parse(key.decrypt(value.slice(SEALED_JSON.length)));
    } else if (value.startsWith(SEALED_SET)) {
      const values = JSON.parse(key.decrypt(value.slice(SEALED_SET.length))) as Data;
      // By the paths it was sealed under (IN_SEALED_SET's fields among them), in any order.
      for (const [path, sealedValue] of Object.entries(values)) setAt(data, path, sealedValue);
    }
  }
}

/**
 * A copy of `data` whose objects along each of `paths` are copies too, so that setAt on those
 * paths leaves the caller's event untouched. Everything else is shared, not cloned: sealing
 * rewrites a few fields, and a deep clone of the whole event was most of its cost.
 */
function copyAlong(data: Data, paths: readonly string[]): Data {
  const copy: Data = { ...data };
  for (const path of paths) {
    const keys = path.split('.');
    keys.pop();
    let current = copy;
    for (const key of keys) {
      const next = current[key];
      if (!isObject(next)) break;
      const copied = (Array.isArray(next) ? [...next] : { ...next }) as Data;
      current[key] = copied;
      current = copied;
    }
  }
  return copy;
}

export function createPiiProtector(
  keyring: Keyring,
  rules: Record<string, readonly PiiRule[]>,
  erased: string,
): EventProtector {
  const ownerOf = (rule: PiiRule, data: Data): string | undefined => {
    for (const field of rule.owner) {
      const id = valueAt(data, field);
      if (typeof id === 'string' && UUID.test(id)) return id;
    }
    return undefined;
  };
  const rulesOf = (type: string, data: unknown): [PiiRule, string][] => {
    if (!rules[type] || !isObject(data)) return [];
    return rules[type]!.flatMap((rule) => {
      const owner = ownerOf(rule, data);
      return owner ? [[rule, owner] as [PiiRule, string]] : [];
    });
  };
  // Reading opens every row of a long log (a rebuild opens tens of thousands): the rules' paths
  // are split once here rather than for each field of each row.
  const split = new Map(Object.entries(rules).map(([type, list]) => [type, list.map(splitRule)]));
  const openingsOf = (type: string, data: unknown): [SplitRule, string][] => {
    const list = split.get(type);
    if (!list || !isObject(data)) return [];
    const openings: [SplitRule, string][] = [];
    for (const rule of list) {
      for (const path of rule.owner) {
        const id = parentAt(data, path)?.[path[path.length - 1]!];
        if (typeof id === 'string' && UUID.test(id)) {
          openings.push([rule, id]);
          break;
        }
      }
    }
    return openings;
  };
  return {
    erasures: () => keyring.erasures(),
    async seal(events) {
      const sealed: NewEvent[] = [];
      for (const event of events) {
        const applicable = rulesOf(event.type, event.data);
        if (applicable.length === 0) {
          sealed.push(event);
          continue;
        }
        const data = copyAlong(
          event.data as Data,
          applicable.flatMap(([rule]) => rule.fields),
        );
        // Rules whose fields belong to one subject (a transfer's own names and its recipient's,
        // when the recipient is the customer's own account) share one key, so one cipher.
        const fieldsByOwner = new Map<string, string[]>();
        for (const [rule, owner] of applicable) {
          fieldsByOwner.set(owner, [...(fieldsByOwner.get(owner) ?? []), ...rule.fields]);
        }
        for (const [owner, fields] of fieldsByOwner) {
          // An event about an erased subject (a staff reply, a notice) keeps no personal data.
          const key = await keyring.ensure(owner).catch((error: unknown) => {
            if (error instanceof CustomerErasedError) return null;
            throw error;
          });
          sealFields(data, fields, key, erased);
        }
        sealed.push({ ...event, data });
      }
      return sealed;
    },
    async open(rows) {
      // A long read (a statement of a busy month, a rebuild) opens tens of thousands of rows:
      // done in turns, so other requests are answered meanwhile.
      const applicable = await mapInTurns(rows, (row) => openingsOf(row.type, row.data));
      const owners = applicable.flatMap((list) => list.map(([, owner]) => owner));
      if (owners.length === 0) return;
      const keys = await keyring.load(owners);
      await forEachInTurns(rows, (row, i) => {
        // Every rule's fields are found before any is opened: a set may hold another rule's
        // fields, whose text in clear may well begin like a sealed form.
        const found = applicable[i]!.map(
          ([rule, owner]) => [findSealed(row.data as Data, rule), owner] as const,
        );
        for (const [fields, owner] of found) {
          openFound(row.data as Data, fields, keys.get(owner) ?? null, erased);
        }
      });
    },
  };
}

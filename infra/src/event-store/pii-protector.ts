import { CustomerErasedError, type Keyring } from '../security/keyring.ts';
import type { NewEvent } from './types.ts';

const SEALED = 'pii:';
/** A sealed non-string value (JSON), for fields whose schema takes anything (z.unknown). */
const SEALED_JSON = 'pii-json:';

/** Seals personal-data fields on write and opens them on read, with each customer's own key. */
export interface EventProtector {
  seal(events: NewEvent[]): Promise<NewEvent[]>;
  open(rows: { type: string; data: unknown }[]): Promise<void>;
}

type Data = Record<string, unknown>;

export function createPiiProtector(
  keyring: Keyring,
  fields: Record<string, readonly string[]>,
  erased: string,
): EventProtector {
  const customerOf = (type: string, data: unknown): string | undefined => {
    if (!fields[type] || typeof data !== 'object' || data === null) return undefined;
    const id = (data as Data).customerId;
    return typeof id === 'string' ? id : undefined;
  };
  return {
    async seal(events) {
      const sealed: NewEvent[] = [];
      for (const event of events) {
        const customerId = customerOf(event.type, event.data);
        if (!customerId) {
          sealed.push(event);
          continue;
        }
        // An event about an erased customer (a staff reply, a notice) keeps no personal data.
        const key = await keyring.ensure(customerId).catch((error: unknown) => {
          if (error instanceof CustomerErasedError) return null;
          throw error;
        });
        const data = { ...(event.data as Data) };
        for (const field of fields[event.type]!) {
          const value = data[field];
          if (typeof value === 'string') data[field] = key ? SEALED + key.encrypt(value) : erased;
          else if (typeof value === 'object' && value !== null) {
            data[field] = key ? SEALED_JSON + key.encrypt(JSON.stringify(value)) : erased;
          }
        }
        sealed.push({ ...event, data });
      }
      return sealed;
    },
    async open(rows) {
      const ids = rows.map((r) => customerOf(r.type, r.data)).filter((id): id is string => !!id);
      if (ids.length === 0) return;
      const keys = await keyring.load(ids);
      for (const row of rows) {
        const customerId = customerOf(row.type, row.data);
        if (!customerId) continue;
        const key = keys.get(customerId) ?? null;
        const data = row.data as Data;
        for (const field of fields[row.type]!) {
          const value = data[field];
          if (typeof value !== 'string') continue;
          if (value.startsWith(SEALED)) {
            data[field] = key ? key.decrypt(value.slice(SEALED.length)) : erased;
          } else if (value.startsWith(SEALED_JSON)) {
            data[field] = key ? JSON.parse(key.decrypt(value.slice(SEALED_JSON.length))) : erased;
          }
        }
      }
    },
  };
}

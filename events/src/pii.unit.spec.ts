import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allDefinitions } from './index.ts';
import { piiRules } from './pii.ts';

/** Field names that say a field holds a person's name, contact or words. */
const PERSONAL = /(name|email|phone|contact|address|memo|description|message|subject)$/i;

/**
 * Fields of those names that hold no one's personal data: the bank's own names for accounts and
 * cards, other banks' names, its own deposit addresses, texts the bank wrote, and data that only
 * names a business. Each entry is `Type.path`.
 */
const NOT_PERSONAL = new Set([
  'AccountOpened.name',
  'CardIssued.cardName',
  'TransferInitiated.fromAccountName',
  'TransferInitiated.toAccountName',
  'TransferInitiated.destination.bankName',
  'TransferScheduled.destination.toAccountName',
  'TransferScheduled.destination.bankName',
  'RecipientSaved.bankName',
  'CryptoDepositSubmitted.depositAddress',
  // The bank's own reply text ("Transfer completed successfully"); the reply's body is sealed.
  'IdempotentRequestRecorded.kept.message',
]);

/** Personal fields older events hold in clear, which new events no longer write. */
const ONLY_IN_OLDER_EVENTS = new Set(['ZellePaymentAwaitingClaim.contact']);

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Every dotted path of an object schema's fields, through unions, arrays and references. */
function fieldPaths(schema: JsonSchema, defs: Record<string, JsonSchema>, prefix = ''): string[] {
  if (schema.$ref) return fieldPaths(defs[schema.$ref.replace('#/$defs/', '')] ?? {}, defs, prefix);
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
      `${prefix}${key}`,
      ...fieldPaths(value, defs, `${prefix}${key}.`),
    ]),
    ...nested.flatMap((s) => fieldPaths(s, defs, prefix)),
    ...(schema.items ? fieldPaths(schema.items, defs, prefix) : []),
  ];
}

describe('personal data in events', () => {
  it('seals every field that names, reaches or quotes a person, in every event type', () => {
    const unsealed: string[] = [];
    for (const definition of allDefinitions) {
      const latest = definition.versions[definition.versions.length - 1]!.schema;
      const json = z.toJSONSchema(latest, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
      const sealed = new Set((piiRules[definition.type] ?? []).flatMap((rule) => rule.fields));
      for (const path of new Set(fieldPaths(json, json.$defs ?? {}))) {
        const key = path.split('.').pop()!;
        if (!PERSONAL.test(key)) continue;
        // A field sealed whole, or an object whose personal parts are sealed (a contact's value).
        const covered = [...sealed].some(
          (f) => path === f || path.startsWith(`${f}.`) || f.startsWith(`${path}.`),
        );
        const field = `${definition.type}.${path}`;
        if (!covered && !NOT_PERSONAL.has(field) && !ONLY_IN_OLDER_EVENTS.has(field)) {
          unsealed.push(field);
        }
      }
    }
    expect(unsealed).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allProjectionNames,
  allProjections,
  readModelOfRelation,
  readModelsNamed,
  readModelsReadBy,
} from './index.ts';

describe('which read model a statement reads', () => {
  it('knows the owner of every table and function a read model creates, each created by one only', () => {
    const created = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.includes(`${path.sep}migrations${path.sep}`))
      .flatMap((file) => [
        ...readFileSync(path.join(import.meta.dirname, file), 'utf8').matchAll(
          /CREATE (?:OR REPLACE )?(?:TABLE|VIEW|FUNCTION) (?:IF NOT EXISTS )?(\w+)/gi,
        ),
      ])
      .map((match) => match[1]!.toLowerCase());
    expect([...readModelOfRelation.keys()].sort()).toEqual([...new Set(created)].sort());
    expect(created.length).toBe(new Set(created).size);
    expect(readModelOfRelation.get('rm_accounts')).toBe('accounts');
    expect(readModelOfRelation.get('ledger_balances')).toBe('accounts');
    // Each owner is a projection the runner knows, and every projection owns a table.
    expect(new Set(readModelOfRelation.values())).toEqual(new Set(allProjectionNames));
  });

  it('has each projection declare every table its migrations create, and no other', () => {
    // A rebuild empties, shadows and swaps the declared tables alone: a handler writing a table
    // left out would write the live one during the rebuild, and the swap would keep those rows.
    const createdBy = (name: string) => {
      const dir = path.join(import.meta.dirname, name, 'migrations');
      return readdirSync(dir)
        .flatMap((file) => [
          ...readFileSync(path.join(dir, file), 'utf8').matchAll(
            /CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi,
          ),
        ])
        .map((match) => match[1]!.toLowerCase())
        .sort();
    };
    for (const projection of allProjections) {
      expect([...projection.tables].sort(), projection.name).toEqual(createdBy(projection.name));
    }
  });

  it('names the owners of what a statement reads, and every read model for an rm_ table it does not know', () => {
    expect(
      readModelsReadBy(
        `SELECT a.*, t.amount FROM rm_accounts a JOIN RM_TRANSACTIONS t ON t.account_id = a.account_id
          WHERE EXISTS (SELECT 1 FROM rm_account_holds h WHERE h.account_id = a.account_id)`,
      ),
    ).toEqual(['accounts', 'transactions']);
    expect(readModelsReadBy('SELECT * FROM ledger_balances() ORDER BY 1')).toEqual(['accounts']);
    expect(readModelsReadBy('SELECT * FROM events WHERE stream_id = $1')).toEqual([]);
    expect(readModelsReadBy('SELECT * FROM rm_not_a_table')).toEqual(allProjectionNames);
  });

  it('refuses a read model named by hand that no projection has, when the route is defined', () => {
    expect(readModelsNamed('cards', 'support')).toEqual(['cards', 'support']);
    expect(() => readModelsNamed('card')).toThrow('No read model is named card');
  });
});

import { describe, expect, it } from 'vitest';
import { profileSchema } from './update-profile';

describe('the personal details form', () => {
  it('says how long a name, an address, a city and a state may be, in words, not zod’s', () => {
    const result = profileSchema
      .pick({ name: true, address: true, city: true, state: true })
      .safeParse({
        name: 'N'.repeat(256),
        address: 'A'.repeat(256),
        city: 'South Portland' + 'Harbor'.repeat(20),
        state: 'S'.repeat(51),
      });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({
      name: 'The name field must not be greater than 255 characters.',
      address: 'The address field must not be greater than 255 characters.',
      city: 'The city field must not be greater than 100 characters.',
      state: 'The state field must not be greater than 50 characters.',
    });
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useParamText } from './use-param-text';

let setAddress: (q: string) => void = () => {};
const writes: string[] = [];

/** A search box over an address that takes its time: nothing reaches it until `arrive`. */
function Box() {
  const [address, setAddressState] = useState('');
  setAddress = setAddressState;
  const [text, change] = useParamText(address, (q) => writes.push(q));
  return (
    <>
      <input aria-label="Filter" value={text} onChange={(e) => change(e.target.value)} />
      <output aria-label="Address">{address}</output>
    </>
  );
}

describe('a text box kept in the address', () => {
  it('shows every key at once, before the address catches up, and takes the address’s own changes', async () => {
    const user = userEvent.setup();
    render(<Box />);
    const box = screen.getByRole('textbox', { name: 'Filter' });
    await user.type(box, 'Payroll');
    // The address has not moved yet: the box still holds every key.
    expect(box).toHaveValue('Payroll');
    expect(writes).toEqual(['P', 'Pa', 'Pay', 'Payr', 'Payro', 'Payrol', 'Payroll']);
    // The address catches up one write at a time: the box never goes back to an older text.
    for (const q of writes) {
      act(() => setAddress(q));
      expect(box).toHaveValue('Payroll');
    }
    // Back: the address changes on its own, and the box follows it.
    act(() => setAddress('Pay'));
    expect(box).toHaveValue('Pay');
    act(() => setAddress(''));
    expect(box).toHaveValue('');
  });
});

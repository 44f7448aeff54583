import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransferTypePicker } from './transfer-type-picker';

describe('TransferTypePicker', () => {
  it('shows each type’s processing time and fee, in the bytes the customer reads', () => {
    render(<TransferTypePicker onChoose={() => {}} />);
    const meta = screen
      .getAllByRole('button')
      .map((b) => b.querySelector('.transfer-type__meta')?.textContent);
    expect(meta).toEqual([
      'InstantFree',
      'InstantFree',
      '1-3 business daysFee $3.00',
      'Next business dayFee $15.00',
    ]);
  });
});

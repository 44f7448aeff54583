import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedChoice } from './segmented-choice';

function Contact() {
  const [value, setValue] = useState<'email' | 'phone'>('email');
  return (
    <>
      <button type="button">Before</button>
      <SegmentedChoice
        label="Contact method"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone' },
        ]}
        value={value}
        onChange={setValue}
      />
      <button type="button">After</button>
    </>
  );
}

describe('SegmentedChoice', () => {
  it('is one Tab stop, and the arrow keys move the choice, as in any radio group', async () => {
    const user = userEvent.setup();
    render(<Contact />);
    const email = screen.getByRole('radio', { name: 'Email' });
    const phone = screen.getByRole('radio', { name: 'Phone' });
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(email).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await user.tab({ shift: true });
    expect(email).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(phone).toHaveFocus();
    expect(phone).toBeChecked();
    expect(email).not.toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(email).toHaveFocus();
    expect(email).toBeChecked();
    await user.keyboard('{End}');
    expect(phone).toBeChecked();
    await user.click(email);
    expect(email).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Contact method' })).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodes } from './recovery-codes';

const CODES = ['abcde-fghij', 'kmnpq-rstuv', 'wxyz2-34567'];

const { createObjectURL, revokeObjectURL } = URL;

describe('RecoveryCodes', () => {
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('copies every code to the clipboard', async () => {
    const user = userEvent.setup();
    render(<RecoveryCodes codes={CODES} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    const copied = await navigator.clipboard.readText();
    for (const code of CODES) expect(copied).toContain(code);
  });

  it('downloads the codes as a text file', async () => {
    const user = userEvent.setup();
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:recovery-codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    render(<RecoveryCodes codes={CODES} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toMatch(/\.txt$/);
    expect(clicked[0]!.href).toBe('blob:recovery-codes');
    expect(saved?.type).toMatch(/^text\/plain/);
    const text = await saved!.text();
    expect(text.split('\n')).toEqual(expect.arrayContaining(CODES));
  });

  it('moves on once the customer says the codes are saved', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<RecoveryCodes codes={CODES} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(onSaved).toHaveBeenCalledOnce();
  });
});

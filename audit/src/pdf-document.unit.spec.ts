import { pdfText } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { directDepositFormPdf } from './direct-deposit-form.ts';
import { fontRuns, PDF_FONT } from './pdf-document.ts';

describe('fontRuns', () => {
  it('keeps Latin, Greek and Cyrillic text in DejaVu, in one run', () => {
    expect(fontRuns('Łukasz Ωρίων Дмитриев – $1,234.05', PDF_FONT.body)).toEqual([
      { font: 'Body', text: 'Łukasz Ωρίων Дмитриев – $1,234.05' },
    ]);
  });

  it('draws Chinese and Japanese in Noto Sans CJK, the space after them too, and Latin in DejaVu', () => {
    expect(fontRuns('Bruce 李小龍 Lee', PDF_FONT.bold)).toEqual([
      { font: 'Bold', text: 'Bruce ' },
      { font: 'Bold 2', text: '李小龍 ' },
      { font: 'Bold', text: 'Lee' },
    ]);
    expect(fontRuns('山田太郎（やまだ）', PDF_FONT.body)).toEqual([
      { font: 'Body 2', text: '山田太郎（やまだ）' },
    ]);
  });

  it('draws Korean in Noto Sans KR', () => {
    expect(fontRuns('Kim 김민준', PDF_FONT.body)).toEqual([
      { font: 'Body', text: 'Kim ' },
      { font: 'Body 3', text: '김민준' },
    ]);
  });
});

describe('directDepositFormPdf', () => {
  it('writes a Chinese, Japanese or Korean name as the customer typed it', async () => {
    const form = pdfText(
      await directDepositFormPdf({
        holderName: '李小龍',
        accountName: '山田の貯金',
        accountType: 'savings',
        accountNumber: '123456789012',
        routingNumber: '011000015',
      }),
    );
    expect(form).toContain('Account holder: \n李小龍');
    expect(form).toContain('Account: \n山田の貯金');
    const korean = pdfText(
      await directDepositFormPdf({
        holderName: '김민준',
        accountName: '비상금 Savings',
        accountType: 'savings',
        accountNumber: '123456789012',
        routingNumber: '011000015',
      }),
    );
    expect(korean).toContain('Account holder: \n김민준');
    expect(korean).toContain('비상금');
  });
});

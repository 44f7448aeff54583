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

  it('draws Thai, the Indic scripts and Ethiopic each in its Noto Sans, the space after them too', () => {
    const fontOfEach = (text: string) =>
      fontRuns(text, PDF_FONT.body).filter((run) => run.text.trim() !== '');
    expect(fontOfEach('Somchai สมชาย')).toEqual([
      { font: 'Body', text: 'Somchai ' },
      { font: 'Body 4', text: 'สมชาย' },
    ]);
    const scripts = [
      'राजेश',
      'রহিম',
      'ਹਰਪ੍ਰੀਤ',
      'પટેલ',
      'செல்வம்',
      'రవి',
      'ಕಿರಣ್',
      'അനു',
      'සුනිල්',
      'አበበ',
      'សុខា',
      'အောင်',
    ];
    const fonts = scripts.map((name) => fontOfEach(name).map((run) => run.font));
    expect(fonts).toEqual(scripts.map((_, i) => [`Body ${i + 5}`]));
    expect(fontRuns('Raj राजेश कुमार', PDF_FONT.bold)).toEqual([
      { font: 'Bold', text: 'Raj ' },
      { font: 'Bold 5', text: 'राजेश कुमार' },
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

  it('writes a Thai or Hindi name as text, not as boxes', async () => {
    const form = (holderName: string) =>
      directDepositFormPdf({
        holderName,
        accountName: 'Savings',
        accountType: 'savings',
        accountNumber: '123456789012',
        routingNumber: '011000015',
      });
    expect(pdfText(await form('สมชาย ใจดี'))).toContain('Account holder: \nสมชาย ใจดี');
    expect(pdfText(await form('अनीता देसाई'))).toMatch(/Account holder: \n\S+ \S+/);
    expect(pdfText(await form('अनीता देसाई'))).toContain('अनीता');
  });
});

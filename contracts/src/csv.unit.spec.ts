import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('Coffee')).toBe('Coffee');
    expect(csvCell('Bob\'s "Diner", Main St')).toBe('"Bob\'s ""Diner"", Main St"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses a formula at the start of the cell', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell(' =1+2')).toBe("' =1+2");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('defuses a formula after a semicolon, where a European spreadsheet starts a cell', () => {
    expect(csvCell('Zelle payment from Jo;=1+2;')).toBe("Zelle payment from Jo;'=1+2;");
    expect(csvCell("x;@SUM(1+1)*cmd|' /C calc'!A0")).toBe("x;'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(csvCell('a; -1;"=2"')).toBe(`"a;' -1;'""=2"""`);
    expect(csvCell('Rent; March')).toBe('Rent; March');
  });
});

// en-US money and date formatting (USD in en-US format).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}

/** "+$12.00" for credits, "-$12.00" for debits. */
export function formatSignedMoney(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
  return `${sign}${usd.format(Math.abs(amount))}`;
}

// toLocaleDateString builds a new formatter on every call, the costliest part of rendering a
// list of transactions on a phone: each style's formatter is built once, on first use.
const dateFormats = new Map<boolean, Intl.DateTimeFormat>();

function dateFormat(withTime: boolean): Intl.DateTimeFormat {
  let format = dateFormats.get(withTime);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
    });
    dateFormats.set(withTime, format);
  }
  return format;
}

export function formatDate(
  value: string | number | Date | null | undefined,
  withTime = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(withTime).format(date);
}

/** The top bar shows at most 20 characters of the email, then an ellipsis. */
export function truncateText(text: string, max = 20): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "•••• •••• 9012" style masking, keeping the last four digits. */
export function maskAccountNumber(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '••••';
  return `•••• •••• ${digits.slice(-4)}`;
}

/** 123456789012 → "1234 5678 9012". */
export function groupDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

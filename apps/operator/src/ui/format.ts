import dayjs from 'dayjs';

/** Operators read times as ISO-like local times: unambiguous across locales and sortable by eye. */
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const DATE = 'YYYY-MM-DD';

/** Accepts epoch milliseconds; a value small enough to be seconds is read as seconds. */
function toDayjs(timestamp: number) {
  return dayjs(timestamp < 1e12 ? timestamp * 1000 : timestamp);
}

export function formatDateTime(timestamp: number | null | undefined): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return toDayjs(timestamp).format(DATE_TIME);
}

export function formatDate(timestamp: number | null | undefined): string {
  if (timestamp === null || timestamp === undefined) return '—';
  return toDayjs(timestamp).format(DATE);
}

/** A value for display, with an em dash for nothing. */
export function show(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * A decimal string as an amount: at least two decimals, thousands grouped. Works on the text, never
 * through a float, so no digit of a large or very precise amount is lost.
 */
export function formatAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0')}`;
}

/** A time in a list of recent things: the clock for today, the date before. */
export function formatRecent(timestamp: number, now = Date.now()): string {
  const time = toDayjs(timestamp);
  return time.isSame(toDayjs(now), 'day') ? time.format('HH:mm') : time.format(DATE);
}

export function formatTime(timestamp: number): string {
  return toDayjs(timestamp).format('HH:mm');
}

import { DealStatus } from '@tradeapp/contract';
import type { Deal } from './api';
import { addDays, dayOf, zoneOf } from './time';

// The calendar's arithmetic: which of a deal's dates fall on which day, and the weeks of a month.
// Every day is a day on the deal's exchange's calendar, as its allotment and listing dates are.

export type CalendarEventKind = 'opens' | 'window' | 'closes' | 'allotment' | 'listing';

export interface CalendarEvent {
  day: string;
  kind: CalendarEventKind;
  deal: Deal;
}

/** The longest window the calendar draws day by day; a longer one shows its two ends only. */
const MAX_WINDOW_DAYS = 60;

/** A deal's dates: the window's first and last days and the days between, the allotment and the listing. */
export function eventsOf(deal: Deal): CalendarEvent[] {
  const tz = zoneOf(deal.market);
  const first = dayOf(deal.subscriptionOpensTimestamp, tz);
  const last = dayOf(deal.subscriptionClosesTimestamp, tz);
  const events: CalendarEvent[] = [{ day: first, kind: 'opens', deal }];
  let day = addDays(first, 1);
  for (let i = 0; day < last && i < MAX_WINDOW_DAYS; i++, day = addDays(day, 1)) events.push({ day, kind: 'window', deal });
  events.push({ day: last, kind: 'closes', deal });
  events.push({ day: deal.allotmentDate, kind: 'allotment', deal });
  // A deal listed early trades from its listing day, not the date it was announced with.
  events.push({ day: deal.dealStatus === DealStatus.Listed && deal.listedOn ? deal.listedOn : deal.listingDate, kind: 'listing', deal });
  return events;
}

const ORDER: Record<CalendarEventKind, number> = { opens: 0, window: 1, closes: 2, allotment: 3, listing: 4 };

/** The events of `deals` by day, each day's in a stable order: by kind, then by code. */
export function eventsByDay(deals: Deal[]): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of deals.flatMap(eventsOf)) {
    const list = byDay.get(event.day);
    if (list) list.push(event);
    else byDay.set(event.day, [event]);
  }
  for (const list of byDay.values()) list.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.deal.code.localeCompare(b.deal.code));
  return byDay;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month before or after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** The weeks (Monday first) that show `month`, each day as `YYYY-MM-DD`, the neighbours' days included. */
export function weeksOf(month: string): string[][] {
  const first = `${month}-01`;
  // getUTCDay: Sunday 0; Monday starts the week, as on the exchanges' calendars.
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  let day = addDays(first, -weekday);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, day = addDays(day, 1)) week.push(day);
    weeks.push(week);
  } while (monthOf(day) <= month);
  return weeks;
}

export const isValidMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

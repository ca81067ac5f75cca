import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Deal } from './api';
import { eventsByDay, monthOf, shiftMonth, weeksOf, type CalendarEvent } from './calendar';
import { formatClock, formatDay, formatMonth, ownToday, zoneOf } from './time';

interface DealCalendarProps {
  deals: Deal[];
  /** `YYYY-MM`. */
  month: string;
  onMonth: (month: string) => void;
}

/** Monday first, as `weeksOf` lays the weeks out; names in the operator's locale. */
const WEEKDAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07'].map((day) => ({
  short: new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
  long: new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
}));

function EventItem({ event }: { event: CalendarEvent }) {
  const { deal, kind } = event;
  const tz = zoneOf(deal.market);
  const cancelled = deal.dealStatus === 'cancelled';
  const className = `cal-event cal-${kind}${cancelled ? ' cal-cancelled' : ''}`;
  const suffix = cancelled ? <span className="visually-hidden"> (cancelled)</span> : null;
  // The days inside a window are drawn, not linked: its two ends already lead to the deal.
  if (kind === 'window') {
    return (
      <li className={className} title={`${deal.name}: subscriptions open`}>
        {deal.code} subscribing{suffix}
      </li>
    );
  }
  const text =
    kind === 'opens'
      ? `${deal.code} opens ${formatClock(deal.subscriptionOpensTimestamp, tz)}`
      : kind === 'closes'
        ? `${deal.code} closes ${formatClock(deal.subscriptionClosesTimestamp, tz)}`
        : kind === 'allotment'
          ? `${deal.code} allotment`
          : `${deal.code} listing`;
  return (
    <li className={className}>
      <Link to={`/deals/${String(deal.id)}`} title={`${deal.name} (${deal.exchange})`} data-testid="bo-cal-event" data-kind={kind}>
        {text}
        {suffix}
      </Link>
    </li>
  );
}

/**
 * The deals' dates on a month grid: each window from the day it opens to the day it closes (at the
 * times of the exchange's clock), the allotment and the listing. Days are the exchange's.
 */
export function DealCalendar({ deals, month, onMonth }: DealCalendarProps) {
  const byDay = useMemo(() => eventsByDay(deals), [deals]);
  const weeks = useMemo(() => weeksOf(month), [month]);
  const [today] = useState(ownToday);
  const inMonth = weeks.flat().filter((day) => monthOf(day) === month);
  const empty = inMonth.every((day) => !byDay.has(day));

  return (
    <div className="card" data-testid="bo-deals-calendar">
      <div className="cal-header">
        <h2 className="cal-title" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <div className="cal-nav">
          <button type="button" className="btn btn-small" onClick={() => onMonth(shiftMonth(month, -1))} data-testid="bo-cal-prev">
            ‹ Previous month
          </button>
          <button type="button" className="btn btn-small" onClick={() => onMonth(monthOf(today))} disabled={monthOf(today) === month}>
            This month
          </button>
          <button type="button" className="btn btn-small" onClick={() => onMonth(shiftMonth(month, 1))} data-testid="bo-cal-next">
            Next month ›
          </button>
        </div>
        <ul className="cal-legend" aria-label="Legend">
          <li className="cal-event cal-opens">Subscription window</li>
          <li className="cal-event cal-allotment">Allotment date</li>
          <li className="cal-event cal-listing">Listing date</li>
        </ul>
      </div>
      <table className="cal">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const events = byDay.get(day) ?? [];
                const outside = monthOf(day) !== month;
                return (
                  <td
                    key={day}
                    className={`cal-day${outside ? ' cal-outside' : ''}${day === today ? ' cal-today' : ''}`}
                    aria-current={day === today ? 'date' : undefined}
                    data-day={day}
                  >
                    <span className="cal-date" aria-hidden="true">
                      {Number(day.slice(8))}
                    </span>
                    <span className="visually-hidden">{formatDay(day, 'full')}</span>
                    {events.length > 0 && (
                      <ul className="cal-events">
                        {events.map((event) => (
                          <EventItem key={`${String(event.deal.id)}-${event.kind}`} event={event} />
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {empty && <p className="cal-empty muted">No deal has a date in {formatMonth(month)}.</p>}
      <p className="cal-foot muted small">Days and times are on each deal’s exchange calendar and clock.</p>
    </div>
  );
}

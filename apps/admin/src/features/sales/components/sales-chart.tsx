/**
 * Paid, refunded and outstanding per day as grouped bars, drawn as SVG (no chart library: three series of bars and
 * a value axis are a few dozen lines, and the admin bundle stays small). It scales to its box (viewBox) and is one
 * image to assistive technology, named by the period and described by its totals; every bar carries its figure as
 * a tooltip, and the page's table lists every day in words (the chart's fallback).
 */
import { useId } from 'react';
import { labelIndexes, niceCeiling, ticks } from '../lib/chart-scale';
import { formatUsdCents } from '#lib/format-usd.ts';

export interface ChartDay {
  date: string;
  paid: number;
  refunded: number;
  outstanding: number;
}

export const SERIES = [
  { key: 'paid', label: 'Paid', color: '#016ab3' },
  { key: 'refunded', label: 'Refunded', color: '#a61b1b' },
  { key: 'outstanding', label: 'Outstanding', color: '#8a5d00' },
] as const;

const W = 720;
const H = 260;
const M = { top: 12, right: 8, bottom: 28, left: 64 };

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const axisUsd = (cents: number) =>
  cents >= 100_000
    ? `$${(cents / 100_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`
    : `$${Math.round(cents / 100)}`;

export function SalesChart({
  days,
  title,
  description,
}: {
  days: ChartDay[];
  title: string;
  description: string;
}) {
  const titleId = useId();
  const descId = useId();
  const top = niceCeiling(Math.max(0, ...days.flatMap((d) => [d.paid, d.refunded, d.outstanding])));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const group = plotW / Math.max(days.length, 1);
  const bar = Math.max((group * 0.8) / SERIES.length, 0.5);
  const y = (cents: number) => M.top + plotH - (cents / top) * plotH;

  return (
    <figure className="b-stack" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        style={{ width: '100%', height: 'auto', display: 'block' }}
        data-testid="sales-chart"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {ticks(top).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e2e7ee" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#3d4a5c">
              {axisUsd(t)}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          SERIES.map((s, j) => {
            const value = d[s.key];
            if (value <= 0) return null;
            const x = M.left + i * group + group * 0.1 + j * bar;
            return (
              <rect
                key={`${d.date}-${s.key}`}
                x={x}
                y={y(value)}
                width={bar}
                height={M.top + plotH - y(value)}
                fill={s.color}
              >
                <title>{`${shortDay(d.date)}: ${s.label.toLowerCase()} ${formatUsdCents(value)}`}</title>
              </rect>
            );
          }),
        )}
        <line x1={M.left} x2={W - M.right} y1={M.top + plotH} y2={M.top + plotH} stroke="#56637a" />
        {labelIndexes(days.length)
          .map((i) => ({ i, day: days[i] }))
          .map(
            ({ i, day }) =>
              day && (
                <text
                  key={i}
                  x={M.left + i * group + group / 2}
                  y={H - 8}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#3d4a5c"
                >
                  {shortDay(day.date)}
                </text>
              ),
          )}
      </svg>
      <figcaption>
        <ul className="b-row" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Legend">
          {SERIES.map((s) => (
            <li key={s.key} className="b-row" style={{ gap: 'var(--b-space-1)' }}>
              <span
                aria-hidden="true"
                style={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  background: s.color,
                  borderRadius: 2,
                }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

'use client';

import { useFormatter, useTranslations } from 'next-intl';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ActivityDay } from '@/lib/client/activity/types';
import { useActionLabel } from '../kit/action-label';

// Fixed colours for the common actions; anything else takes the next of the spare ones.
const KNOWN: Record<string, string> = {
  create: '#16a34a',
  update: '#2563eb',
  delete: '#dc2626',
  login: '#9ca3af',
  comment: '#d97706',
};
const SPARE = ['#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#4f46e5'];

/** The axis's top tick: the largest count rounded up on its first digit, as the scale does. */
function topTick(max: number): number {
  if (max <= 10) return 10;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

function colours(actions: string[]): Record<string, string> {
  let next = 0;
  return Object.fromEntries(actions.map((a) => [a, KNOWN[a] ?? SPARE[next++ % SPARE.length]]));
}

/**
 * Actions per day as stacked bars, one colour per action. The figure is summarised for
 * screen readers in its label; the numbers themselves are in the timeline below it.
 */
export function ActionsChart({ days, height = 220 }: { days: ActivityDay[]; height?: number }) {
  const t = useTranslations('Activity');
  const format = useFormatter();
  const actionLabel = useActionLabel();
  const actions = [...new Set(days.flatMap((d) => Object.keys(d.counts)))].sort();
  const colour = colours(actions);
  const total = days.reduce((sum, d) => sum + d.total, 0);
  const data = days.map((d) => ({ day: d.day, ...d.counts }));
  // Compact counts ("31K", "1.2M") and an axis as wide as its widest label: a fixed width
  // cut large numbers down to their last digits.
  const count = (value: number) =>
    format.number(value, { notation: 'compact', maximumFractionDigits: 1 });
  const widest = count(topTick(Math.max(0, ...days.map((d) => d.total)))).length;
  // About 7 px per character at the ticks' 11 px, plus the tick line and its gap.
  const axisWidth = Math.max(28, widest * 7 + 10);
  const dayLabel = (day: string) =>
    format.dateTime(new Date(`${day}T00:00:00Z`), {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });

  return (
    <figure
      role="img"
      aria-label={t('chartSummary', { total, days: days.length })}
      className="w-full"
      style={{ height }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 11 }}
            tickFormatter={(value: number) => count(value)}
            width={axisWidth}
          />
          <Tooltip
            labelFormatter={(label) => dayLabel(String(label))}
            formatter={(value) => (typeof value === 'number' ? format.number(value) : value)}
            contentStyle={{ fontSize: 12, borderRadius: 8 }}
          />
          {actions.length > 1 && (
            // Legend text in the text colour: pale series colours would fail contrast.
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(value: string) => <span className="text-foreground">{value}</span>}
            />
          )}
          {actions.map((action) => (
            <Bar
              key={action}
              dataKey={action}
              stackId="a"
              fill={colour[action]}
              name={actionLabel(action)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

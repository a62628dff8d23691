"use client";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { shortDay, type BacklogDay } from "@/lib/dashboard/schema";

/**
 * The backlog as an area chart (recharts). Its text alternative is the table beside it: the chart is an
 * image with a one-line summary, and recharts' keyboard layer is off so nothing focusable hides in it.
 * Recharts sets sizes as inline style attributes, which the Content Security Policy allows.
 */
export function BacklogArea({ days, summary }: { days: BacklogDay[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="h-48 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <defs>
            <linearGradient id="backlog-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.3} />
              <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            tickLine={false}
            axisLine={{ stroke: "var(--color-border)" }}
            tick={{ fill: "var(--color-muted-foreground)" }}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            tick={{ fill: "var(--color-muted-foreground)" }}
            width={48}
          />
          <Tooltip
            labelFormatter={(day) => shortDay(String(day))}
            formatter={(open) => [String(open), "open"]}
            contentStyle={{ borderRadius: 6, borderColor: "var(--color-border)", fontSize: 12 }}
          />
          <Area
            type="monotone"
            dataKey="open"
            stroke="var(--color-primary)"
            strokeWidth={2}
            fill="url(#backlog-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

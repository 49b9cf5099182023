// One line chart of daily values, drawn with uPlot (docs/staff-console.md: small, fast, one library for every
// chart). The canvas is decorative for screen readers: the same numbers are in the table the dashboard shows.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type DaySeries = { label: string; values: number[]; color: string };

export function DayChart({ days, series, height = 180 }: { days: string[]; series: DaySeries[]; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        legend: { show: true },
        axes: [{}, { size: 48 }],
        scales: { x: { time: true } },
        series: [{}, ...series.map((entry) => ({ label: entry.label, stroke: entry.color, width: 2 }))],
      },
      [xs, ...series.map((entry) => entry.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, height]);
  return <div ref={container} aria-hidden="true" />;
}

import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';

/**
 * The reports' charts, drawn by React as plain SVG (no chart library: three small charts do not
 * need one, and the screen loads nothing else). Each is a picture for the eye, named and described
 * for a screen reader (role img, title, desc); the figures themselves are in the table each
 * section puts behind its chart, which the keyboard reaches.
 */

const margin = { top: 12, right: 12, bottom: 30, left: 52 };
const labelGap = 56;

/** The width the chart's box has, followed as it changes (the SVG is drawn at that size, so its text keeps its size on a phone). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(260, Math.floor(element.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Round steps for an axis from 0 (or below) to at least `max`: 1, 2 or 5 times a power of ten. */
function ticksUpTo(min: number, max: number, count = 4): number[] {
  const span = Math.max(1, max - min);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; t < max + step; t += step) ticks.push(t);
  return ticks;
}

function Frame({
  title,
  description,
  width,
  height,
  children,
}: {
  title: string;
  description: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <svg
      className="chart__svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {children}
    </svg>
  );
}

function YAxis({ ticks, y, width, format }: { ticks: number[]; y: (v: number) => number; width: number; format: (v: number) => string }) {
  return (
    <g className="chart__grid" aria-hidden="true">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'chart__zero' : undefined} />
          <text x={margin.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Labels under the x axis, left out where one would crowd the one before. */
function XLabels({ labels, height }: { labels: Array<{ x: number; text: string }>; height: number }) {
  const shown = labels.reduce<Array<{ x: number; text: string }>>(
    (kept, label) => (kept.length > 0 && label.x - kept[kept.length - 1]!.x < labelGap ? kept : [...kept, label]),
    [],
  );
  return (
    <g className="chart__labels" aria-hidden="true">
      {shown.map((label) => (
        <text key={`${label.x}-${label.text}`} x={label.x} y={height - margin.bottom + 18} textAnchor="middle">
          {label.text}
        </text>
      ))}
    </g>
  );
}

export interface LinePoint {
  value: number | null;
  /** The label under this point, if it may have one (the chart leaves out crowded ones). */
  label?: string;
}

/** A line of values from 0 to 100 (percent) across the range: a gap where a value is missing. */
export function PercentLine({ title, description, points }: { title: string; description: string; points: LinePoint[] }) {
  const [box, width] = useWidth();
  const height = 220;
  const inner = width - margin.left - margin.right;
  const x = (i: number) => margin.left + (points.length <= 1 ? inner / 2 : (i * inner) / (points.length - 1));
  const y = (v: number) => margin.top + ((100 - v) / 100) * (height - margin.top - margin.bottom);
  const segments: string[] = [];
  let current = '';
  points.forEach((point, i) => {
    if (point.value === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(point.value).toFixed(1)}`;
  });
  if (current) segments.push(current);
  return (
    <div className="chart" ref={box}>
      <Frame title={title} description={description} width={width} height={height}>
        <YAxis ticks={[0, 25, 50, 75, 100]} y={y} width={width} format={(t) => `${t}%`} />
        <g className="chart__line">
          {segments.map((d) => (
            <path key={d} d={d} />
          ))}
          {points.length <= 62 &&
            points.map((point, i) => (point.value === null ? null : <circle key={i} cx={x(i)} cy={y(point.value)} r={2.5} />))}
        </g>
        <XLabels labels={points.flatMap((point, i) => (point.label ? [{ x: x(i), text: point.label }] : []))} height={height} />
      </Frame>
    </div>
  );
}

export interface BarSeries {
  key: string;
  name: string;
  /** A class of reports.css naming the series' colour. */
  tone: string;
}

/** A bar per series side by side in each group (this year and a year before, say); values may be below zero. */
export function GroupedBars({
  title,
  description,
  series,
  groups,
  format,
}: {
  title: string;
  description: string;
  series: BarSeries[];
  groups: Array<{ label: string; values: Record<string, number | null> }>;
  format: (v: number) => string;
}) {
  const [box, width] = useWidth();
  const height = 220;
  const all = groups.flatMap((g) => Object.values(g.values).filter((v): v is number => v !== null));
  const ticks = ticksUpTo(Math.min(0, ...all), Math.max(1, ...all));
  const [low, high] = [ticks[0]!, ticks[ticks.length - 1]!];
  const y = (v: number) => margin.top + ((high - v) / (high - low)) * (height - margin.top - margin.bottom);
  const band = (width - margin.left - margin.right) / Math.max(1, groups.length);
  const bar = Math.min(40, (band * 0.7) / series.length);
  return (
    <div className="chart" ref={box}>
      <Legend series={series} />
      <Frame title={title} description={description} width={width} height={height}>
        <YAxis ticks={ticks} y={y} width={width} format={format} />
        {groups.map((group, g) => {
          const start = margin.left + g * band + (band - bar * series.length) / 2;
          return (
            <g key={group.label}>
              {series.map((s, i) => {
                const value = group.values[s.key];
                if (value === null || value === undefined) return null;
                const top = Math.min(y(value), y(0));
                return (
                  <rect
                    key={s.key}
                    className={s.tone}
                    x={start + i * bar}
                    y={top}
                    width={bar - 2}
                    height={Math.max(1, Math.abs(y(value) - y(0)))}
                  />
                );
              })}
            </g>
          );
        })}
        <XLabels labels={groups.map((group, g) => ({ x: margin.left + g * band + band / 2, text: group.label }))} height={height} />
      </Frame>
    </div>
  );
}

/** A bar per bucket (a night, a month), its series stacked one on the other. */
export function StackedBars({
  title,
  description,
  series,
  buckets,
}: {
  title: string;
  description: string;
  series: BarSeries[];
  buckets: Array<{ label?: string; values: Record<string, number> }>;
}) {
  const [box, width] = useWidth();
  const height = 240;
  const totals = buckets.map((b) => series.reduce((sum, s) => sum + Math.max(0, b.values[s.key] ?? 0), 0));
  const ticks = ticksUpTo(0, Math.max(1, ...totals));
  const high = ticks[ticks.length - 1]!;
  const y = (v: number) => margin.top + ((high - v) / high) * (height - margin.top - margin.bottom);
  const band = (width - margin.left - margin.right) / Math.max(1, buckets.length);
  const bar = Math.max(1, Math.min(36, band * 0.75));
  return (
    <div className="chart" ref={box}>
      <Legend series={series} />
      <Frame title={title} description={description} width={width} height={height}>
        <YAxis ticks={ticks} y={y} width={width} format={(t) => String(t)} />
        {buckets.map((bucket, b) => {
          let base = 0;
          const left = margin.left + b * band + (band - bar) / 2;
          return (
            <g key={b}>
              {series.map((s) => {
                const value = Math.max(0, bucket.values[s.key] ?? 0);
                if (value === 0) return null;
                const rect = (
                  <rect
                    key={s.key}
                    className={`${s.tone} chart__stack`}
                    x={left}
                    y={y(base + value)}
                    width={bar}
                    height={y(base) - y(base + value)}
                  />
                );
                base += value;
                return rect;
              })}
            </g>
          );
        })}
        <XLabels
          labels={buckets.flatMap((bucket, b) => (bucket.label ? [{ x: margin.left + b * band + band / 2, text: bucket.label }] : []))}
          height={height}
        />
      </Frame>
    </div>
  );
}

function Legend({ series }: { series: BarSeries[] }) {
  return (
    <ul className="chart__legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key}>
          <svg width="14" height="14" viewBox="0 0 14 14">
            <rect className={s.tone} width="14" height="14" rx="2" />
          </svg>
          {s.name}
        </li>
      ))}
    </ul>
  );
}

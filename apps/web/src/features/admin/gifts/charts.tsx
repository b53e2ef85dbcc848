import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The admin area's charts (recharts, loaded only with these lazy pages). A chart is a picture
 * for the eyes: each page gives the same numbers as a table for screen readers.
 */
export interface Series {
  key: string;
  label: string;
  color: string;
}

const COLORS = ['#0d6efd', '#198754', '#dc3545', '#fd7e14', '#6f42c1', '#20c997'];
export const colorAt = (i: number): string => COLORS[i % COLORS.length]!;

type Row = Record<string, string | number>;

export function TrendChart({
  data,
  x,
  series,
  kind = 'line',
  height = 260,
  testId,
}: {
  data: Row[];
  x: string;
  series: Series[];
  kind?: 'line' | 'bar';
  height?: number;
  testId?: string;
}) {
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="x" dataKey={x} fontSize={12} minTickGap={16} />,
    <YAxis key="y" allowDecimals={false} fontSize={12} width={40} />,
    <Tooltip key="tip" />,
    <Legend key="legend" />,
  ];
  return (
    // Hidden from assistive technology, the table beside it says the same; recharts' keyboard
    // layer would put a focusable element inside the hidden part.
    <div
      aria-hidden="true"
      data-testid={testId}
      className="admin-chart"
      style={{ width: '100%', height }}
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {kind === 'bar' ? (
          <BarChart data={data} accessibilityLayer={false}>
            {axes}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} accessibilityLayer={false}>
            {axes}
            {series.map((s) => (
              <Line
                key={s.key}
                type="linear"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

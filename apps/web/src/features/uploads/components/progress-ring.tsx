const SIZE = 36;
const STROKE = 3;
const RADIUS = (SIZE - STROKE) / 2;
const LENGTH = 2 * Math.PI * RADIUS;

/**
 * A ring filling with `value` (0..1); without a value it spins (the server is processing).
 * Decorative: the tray says the percentage in words beside it.
 */
export function ProgressRing({ value }: { value: number | null }) {
  const shown = value === null ? 0.25 : Math.min(1, Math.max(0, value));
  return (
    <svg
      className={`upload-ring${value === null ? ' is-spinning' : ''}`}
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      aria-hidden="true"
      focusable="false"
    >
      <circle
        className="upload-ring-track"
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        strokeWidth={STROKE}
      />
      <circle
        className="upload-ring-bar"
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        strokeWidth={STROKE}
        strokeDasharray={LENGTH}
        strokeDashoffset={LENGTH * (1 - shown)}
        transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
      />
    </svg>
  );
}

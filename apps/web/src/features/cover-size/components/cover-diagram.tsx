/**
 * The cover spread drawn to scale from the server's figures (inches): the wrap (hardcovers) and the bleed shaded
 * outside the trim, back, spine and front panels, the safe areas dashed and the barcode box. An SVG that scales to
 * its container (a phone's 375 px too), with a title and a description for screen readers and a legend beside it.
 */
import { useId } from 'react';
import type { CoverBox, CoverLengths } from '@bindery/contracts/store/cover';

export const DIAGRAM_COLOURS = {
  wrap: '#d9e6ff',
  bleed: '#ffdede',
  trim: '#111111',
  spine: '#efe4f7',
  safe: '#0073d9',
  barcode: '#e5e5e5',
} as const;

const rectOf = (b: CoverBox) => ({ x: b.x, y: b.y, width: b.width, height: b.height });

export function CoverDiagram({ inches, summary }: { inches: CoverLengths; summary: string }) {
  const titleId = useId();
  const descId = useId();
  const { width, height, wrap, bleed } = inches;
  const font = Math.max(0.14, Math.min(width, height) * 0.045);
  const stroke = { vectorEffect: 'non-scaling-stroke' as const, strokeWidth: 1.5 };
  const trim = {
    x: inches.back.x,
    y: inches.back.y,
    width: width - 2 * inches.back.x,
    height: inches.trim_height,
  };
  const label = (text: string, b: CoverBox, rotate = false) => {
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    return (
      <text
        x={cx}
        y={cy}
        fontSize={rotate ? Math.min(font, b.width * 0.7) : font}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#444"
        transform={rotate ? `rotate(-90 ${cx} ${cy})` : undefined}
      >
        {text}
      </text>
    );
  };
  return (
    <figure className="b-stack" style={{ margin: 0 }}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${height}`}
        style={{ width: '100%', height: 'auto', maxWidth: '48rem', border: '1px solid #ccc' }}
        data-testid="cover-diagram"
      >
        <title id={titleId}>Cover diagram</title>
        <desc id={descId}>{summary}</desc>
        {wrap > 0 ? <rect x={0} y={0} width={width} height={height} fill={DIAGRAM_COLOURS.wrap} /> : null}
        <rect
          x={wrap}
          y={wrap}
          width={width - 2 * wrap}
          height={height - 2 * wrap}
          fill={bleed > 0 ? DIAGRAM_COLOURS.bleed : 'none'}
        />
        <rect {...trim} fill="#fff" stroke={DIAGRAM_COLOURS.trim} {...stroke} />
        {inches.spine_width > 0 ? (
          <rect
            {...rectOf(inches.spine)}
            fill={DIAGRAM_COLOURS.spine}
            stroke="#7a3fa0"
            strokeDasharray="4 2"
            {...stroke}
          />
        ) : (
          <line
            x1={inches.spine.x}
            x2={inches.spine.x}
            y1={0}
            y2={height}
            stroke="#7a3fa0"
            strokeDasharray="4 2"
            {...stroke}
          />
        )}
        {[inches.back_safe, inches.front_safe, inches.spine_safe].map((b, i) =>
          b ? (
            <rect
              key={i}
              {...rectOf(b)}
              fill="none"
              stroke={DIAGRAM_COLOURS.safe}
              strokeDasharray="3 3"
              {...stroke}
            />
          ) : null,
        )}
        <rect {...rectOf(inches.barcode)} fill={DIAGRAM_COLOURS.barcode} stroke="#666" {...stroke} />
        {label('Back', inches.back)}
        {label('Front', inches.front)}
        {inches.spine_width > 0 ? label('Spine', inches.spine, true) : null}
        {label('Barcode', inches.barcode)}
      </svg>
      <figcaption>
        <ul
          className="b-cover-legend"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.5rem 1rem',
            padding: 0,
            margin: 0,
            listStyle: 'none',
          }}
        >
          {wrap > 0 ? <Swatch colour={DIAGRAM_COLOURS.wrap}>Wrap (folds over the boards)</Swatch> : null}
          <Swatch colour={DIAGRAM_COLOURS.bleed}>Bleed (trimmed off)</Swatch>
          <Swatch colour="#fff" border={DIAGRAM_COLOURS.trim}>
            Trim line
          </Swatch>
          <Swatch colour="#fff" border={DIAGRAM_COLOURS.safe} dashed>
            Safe area
          </Swatch>
          <Swatch colour={DIAGRAM_COLOURS.barcode}>Barcode box</Swatch>
        </ul>
      </figcaption>
    </figure>
  );
}

function Swatch({
  colour,
  border = '#999',
  dashed = false,
  children,
}: {
  colour: string;
  border?: string;
  dashed?: boolean;
  children: string;
}) {
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: '0.35rem' }}>
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: '1rem',
          height: '1rem',
          background: colour,
          border: `2px ${dashed ? 'dashed' : 'solid'} ${border}`,
        }}
      />
      {children}
    </li>
  );
}

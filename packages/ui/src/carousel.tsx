/**
 * An endless carousel of fixed-width tiles (200 px + 20 px gap). An arrow click (or ←/→ while focus is inside)
 * slides `step` tiles (2 tiles = 440 px) over 300 ms, then settles: the order is rotated and the track snaps back,
 * so there is no first or last tile. Only the real tiles are focusable; the copies that fill the view while
 * sliding are inert. With prefers-reduced-motion the slide is instant. The carousel is aria-busy while it slides.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export const CAROUSEL_TILE_PX = 200;
export const CAROUSEL_GAP_PX = 20;
export const CAROUSEL_SETTLE_MS = 300;

export interface CarouselItem {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  label: string;
  items: CarouselItem[];
  /** Tiles per arrow click. */
  step?: number;
  /** Index of the tile shown first (e.g. the current page's tile). */
  initialIndex?: number;
}

type Phase = { kind: 'idle' } | { kind: 'sliding'; dir: 1 | -1 };

// matchMedia is missing in some test DOMs and old embedded browsers, whatever the DOM types say.
const reducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof (window.matchMedia as typeof window.matchMedia | undefined) === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const mod = (n: number, m: number) => ((n % m) + m) % m;

export function Carousel({ label, items, step = 2, initialIndex = 0 }: CarouselProps) {
  const count = items.length;
  const [start, setStart] = useState(() => mod(initialIndex, Math.max(count, 1)));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [offset, setOffset] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shift = step * (CAROUSEL_TILE_PX + CAROUSEL_GAP_PX);

  useEffect(() => () => clearTimeout(timer.current), []);

  const move = (dir: 1 | -1) => {
    if (phase.kind === 'sliding' || count === 0) return;
    if (reducedMotion()) {
      setStart((s) => mod(s + dir * step, count));
      return;
    }
    if (dir === 1) {
      // Slide left by `shift`, then rotate the order and snap back to 0 without a transition.
      setPhase({ kind: 'sliding', dir });
      setOffset(-shift);
    } else {
      // Rotate first with the track already shifted left, then slide right to 0.
      setStart((s) => mod(s - step, count));
      setOffset(-shift);
      setPhase({ kind: 'sliding', dir });
      requestAnimationFrame(() => requestAnimationFrame(() => setOffset(0)));
    }
    timer.current = setTimeout(() => {
      if (dir === 1) setStart((s) => mod(s + step, count));
      setOffset(0);
      setPhase({ kind: 'idle' });
    }, CAROUSEL_SETTLE_MS);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      move(-1);
    }
  };

  const ordered = Array.from({ length: count }, (_, i) => items[mod(start + i, count)] as CarouselItem);
  // Copies after the real tiles keep the view filled while the track slides.
  const fillers = Array.from(
    { length: Math.min(count, step + 6) },
    (_, i) => ordered[i % count] as CarouselItem,
  );
  const animate = phase.kind === 'sliding' && !(phase.dir === -1 && offset !== 0);

  return (
    // aria-busy while a slide is under way: arrows are ignored until it settles (and a test can wait for that).
    <section
      className="b-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      aria-busy={phase.kind === 'sliding'}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="b-carousel__arrow b-carousel__arrow--prev"
        aria-label={`Previous ${label}`}
        onClick={() => move(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="b-carousel__viewport">
        <ul
          className="b-carousel__track"
          style={{
            gap: CAROUSEL_GAP_PX,
            transform: `translateX(${offset}px)`,
            transition: animate ? `transform ${CAROUSEL_SETTLE_MS}ms ease` : 'none',
          }}
        >
          {ordered.map((item) => (
            <li key={item.key} className="b-carousel__tile" style={{ width: CAROUSEL_TILE_PX }}>
              {item.content}
            </li>
          ))}
          {fillers.map((item, i) => (
            <li
              key={`copy-${i}-${item.key}`}
              className="b-carousel__tile"
              style={{ width: CAROUSEL_TILE_PX }}
              aria-hidden="true"
              inert
            >
              {item.content}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="b-carousel__arrow b-carousel__arrow--next"
        aria-label={`Next ${label}`}
        onClick={() => move(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </section>
  );
}

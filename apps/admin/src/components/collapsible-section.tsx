/**
 * A titled card whose body can be folded away (initially open), with a count beside the title ('N items').
 * The toggle is a real button with aria-expanded/aria-controls, so the state is announced and keyboard-usable.
 */
import { useId, useState, type ReactNode } from 'react';
import { Card } from '@bindery/ui/card';

export interface CollapsibleSectionProps {
  title: string;
  /** Shown beside the title, e.g. '4 items'. */
  count?: string;
  children: ReactNode;
}

export function CollapsibleSection({ title, count, children }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const headingId = useId();
  return (
    <Card>
      <section className="b-stack" aria-labelledby={headingId}>
        <h2 id={headingId} className="b-row" style={{ margin: 0, justifyContent: 'space-between' }}>
          <button
            type="button"
            className="b-btn b-btn--ghost"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
          </button>
          {count ? <span className="b-muted">{count}</span> : null}
        </h2>
        <div id={bodyId} className="b-stack" hidden={!open}>
          {children}
        </div>
      </section>
    </Card>
  );
}

/** '1 item', '4 items'. */
export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

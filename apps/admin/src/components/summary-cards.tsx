/** A row of figure cards (a label and a number), e.g. the order list's Total Orders or a price list's counts. */
import { Card } from '@bindery/ui/card';

export interface SummaryFigure {
  label: string;
  value: number;
}

export function SummaryCards({ figures, label }: { figures: SummaryFigure[]; label: string }) {
  return (
    <ul className="b-grid" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {figures.map((f) => (
        <li key={f.label}>
          <Card>
            <p className="b-muted" style={{ margin: 0 }}>
              {f.label}
            </p>
            <p style={{ margin: 0, fontSize: '1.75rem', fontWeight: 700 }} className="b-num">
              {f.value.toLocaleString('en-US')}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

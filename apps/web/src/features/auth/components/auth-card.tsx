/** The narrow card every account page uses: a heading, the form, links below. */
import type { ReactNode } from 'react';
import { Card } from '@bindery/ui/card';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="b-container b-stack" style={{ maxWidth: '30rem' }}>
      <h1>{title}</h1>
      <Card className="b-stack">{children}</Card>
      {footer ? <p className="b-muted">{footer}</p> : null}
    </div>
  );
}

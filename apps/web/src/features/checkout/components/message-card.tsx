/** A centred card with a page title and a short message: the empty cart and the payment result pages. */
import type { ReactNode } from 'react';
import { Card } from '@bindery/ui/card';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="b-container">
      <Card className="b-stack" style={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
        <h1>{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/**
 * The one price editor behind /admin/books/{book}/edit, driven by the product definition (§2 "Price editors"):
 * title, a section per kind the editor shows (with its price field and update path), summary cards and
 * searchable sections where the spec has them, and a sticky Save button that sends the pending changes one at
 * a time. Texts per editor: messages.admin.priceEditors.
 */
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import type { ProductDefinition } from '@bindery/pricing/products';
import { SummaryCards } from '#components/summary-cards.tsx';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { usePriceEditor } from '../hooks/use-price-editor';
import { editorSettings } from '../lib/editor-settings';
import { PriceSection } from './price-section';

export function PriceEditor({ product }: { product: ProductDefinition }) {
  const settings = editorSettings(product);
  const editor = usePriceEditor(product);
  const { lists } = editor;
  const sections = product.kinds.filter((k) => k.editorSection);
  const count = editor.pending.length;
  useLeaveGuard(count > 0);

  return (
    <div className="b-stack">
      <h1>{product.editorTitle}</h1>
      {lists.isPending ? <p role="status">{settings.texts.loading}</p> : null}
      {lists.isError ? <Alert tone="error">{settings.texts.loadFailed}</Alert> : null}
      {lists.data ? (
        <>
          {settings.summaryCards ? (
            <SummaryCards
              label={`${product.editorTitle} summary`}
              figures={sections.map((k) => ({ label: k.label, value: lists.data[k.kind]?.length ?? 0 }))}
            />
          ) : null}
          {sections.map((k) => (
            <PriceSection
              key={k.kind}
              kind={k}
              items={lists.data[k.kind] ?? []}
              searchable={settings.searchable}
              pageRanges={k.kind === 'binding' && product.allBindingsPath !== null}
              disabled={editor.saving}
              onEdit={editor.edit}
              valueOf={editor.valueOf}
              errorOf={editor.errorOf}
            />
          ))}
          <Card className="b-stack" style={{ position: 'sticky', bottom: 'var(--b-space-4)', zIndex: 1 }}>
            {editor.result ? <Alert tone={editor.result.tone}>{editor.result.text}</Alert> : null}
            <div className="b-row">
              <Button onClick={() => void editor.save()} disabled={count === 0} busy={editor.saving}>
                {editor.saving
                  ? messages.admin.saving
                  : count > 0
                    ? `${messages.admin.saveChanges} (${count})`
                    : messages.admin.saveChanges}
              </Button>
            </div>
          </Card>
        </>
      ) : null}
    </div>
  );
}

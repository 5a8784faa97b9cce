/**
 * The design page's collapsible 'Quantity and Shipping Estimates' panel (docs/spec/customer-journey.md §2): the bulk
 * discount tiers, the quantity, Calculate (the catalog's calculate endpoint, so the price is the server's) with
 * its result, and the shipping estimate. The page owns the quantity and the result, because changing any other
 * field of the design form clears the result and the quantity is also what gets submitted.
 */
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { Table } from '@bindery/ui/table';
import type { EstimateBook } from '@bindery/contracts/store/checkout';
import { BULK_DISCOUNT_TIERS, tierLabel, type DiscountTier } from '@bindery/pricing/discounts';
import { QuoteResult } from '#components/catalog/quote-result.tsx';
import type { QuoteView } from '#lib/catalog/quote-view.ts';
import { ShippingEstimate } from './shipping-estimate';
import '../projects.css';

export interface EstimatesPanelProps {
  quantityText: string;
  onQuantityChange: (text: string) => void;
  quantityInvalid: boolean;
  onCalculate: () => void;
  calculating: boolean;
  result: QuoteView | null;
  /** Why the last Calculate gave no price (missing fields, a category without a price, a failure). */
  error: ReactNode;
  /** The book the shipping estimate weighs (null until every option and the PDF are there). */
  book: EstimateBook | null;
}

export function EstimatesPanel({
  quantityText,
  onQuantityChange,
  quantityInvalid,
  onCalculate,
  calculating,
  result,
  error,
  book,
}: EstimatesPanelProps) {
  const [open, setOpen] = useState(true);
  const regionId = useId();
  const quantity = Number(quantityText);
  const validQuantity = Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
  return (
    <section className="b-card b-stack p-panel">
      <button type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)}>
        Quantity and Shipping Estimates
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div id={regionId} className="b-stack" hidden={!open}>
        <Table<DiscountTier>
          caption="Bulk discounts"
          columns={[
            { key: 'qty', header: 'Copies', cell: (t) => tierLabel(t) },
            {
              key: 'off',
              header: 'Discount',
              cell: (t) => (t.percent === 0 ? 'None' : `${t.percent}% off`),
              numeric: true,
            },
          ]}
          rows={[...BULK_DISCOUNT_TIERS]}
          rowKey={(t) => tierLabel(t)}
          isCurrent={(t) =>
            validQuantity >= t.minQuantity && (t.maxQuantity === null || validQuantity <= t.maxQuantity)
          }
        />
        <div className="b-row" style={{ alignItems: 'flex-end' }}>
          <TextField
            label="Quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantityText}
            aria-invalid={quantityInvalid ? true : undefined}
            onChange={(e) => onQuantityChange(e.target.value)}
          />
          <Button onClick={onCalculate} busy={calculating}>
            {calculating ? 'Calculating...' : 'Calculate'}
          </Button>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {result ? <QuoteResult quote={result} /> : null}
        <ShippingEstimate quantity={validQuantity} book={book} />
      </div>
    </section>
  );
}

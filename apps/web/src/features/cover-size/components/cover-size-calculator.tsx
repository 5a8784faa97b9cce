/**
 * The cover size calculator (/cover-size): choose a product, trim size, binding, paper type and page count; the
 * server computes the full cover (GET api/cover-dimensions/), shown as figures in inches, millimetres and points,
 * a drawn diagram, and a link to the template PDF (GET api/cover-template/). The choice lives in the address, so
 * the product and design pages link here with a book already chosen (docs/decisions/0055).
 */
import { useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { SelectField, TextField } from '@bindery/ui/field';
import { COVER_PRODUCTS } from '@bindery/pricing/cover';
import { trimLabel } from '@bindery/pricing/trim-sizes';
import { useOptions } from '#lib/catalog/get-options.ts';
import { shownItems } from '#lib/catalog/use-option-cascade.ts';
import { errorText } from '#lib/error-text.ts';
import { useCoverDimensions } from '#lib/cover-dimensions.ts';
import { coverProduct, fieldProblems, fieldsFrom, requestFrom, type CoverFields } from '../lib/cover-form';
import { CoverResult } from './cover-result';

export function CoverSizeCalculator() {
  const [params, setParams] = useSearchParams();
  const [fields, setFields] = useState<CoverFields>(() => fieldsFrom(params));
  const [checked, setChecked] = useState(false);
  // What the server is asked: the address's book, once it is complete.
  const request = requestFrom(fieldsFrom(params));
  const product = coverProduct(fields.category);
  const options = useOptions(product);
  const dimensions = useCoverDimensions(request);

  const problems = checked ? fieldProblems(fields) : {};
  const trimSizeId = /^\d+$/.test(fields.trim_size_id) ? Number(fields.trim_size_id) : null;
  const set = (name: keyof CoverFields, value: string) =>
    setFields((f) => {
      if (name === 'category')
        return { ...f, category: value, trim_size_id: '', binding_id: '', paper_type_id: '' };
      const next = { ...f, [name]: value };
      // A binding that belongs to another trim size cannot stay chosen.
      const binding = options.data?.binding?.find((b) => String(b.id) === f.binding_id);
      if (name === 'trim_size_id' && binding?.trim_size_id && String(binding.trim_size_id) !== value)
        next.binding_id = '';
      return next;
    });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (requestFrom(fields) === null) return;
    setParams(new URLSearchParams({ ...fields }), { replace: false });
  };

  return (
    <div className="b-stack">
      <Card className="b-stack">
        <h2>Your book</h2>
        <form className="b-stack" onSubmit={onSubmit} noValidate aria-label="Cover size">
          <SelectField
            label="Product"
            name="category"
            value={fields.category}
            onChange={(e) => set('category', e.target.value)}
            options={COVER_PRODUCTS.map((p) => ({ value: p.slug, label: p.displayName }))}
          />
          {options.isPending ? <p role="status">Loading options...</p> : null}
          {options.isError ? <Alert tone="error">Failed to load dropdowns.</Alert> : null}
          <SelectField
            label="Trim Size"
            name="trim_size_id"
            required
            value={fields.trim_size_id}
            onChange={(e) => set('trim_size_id', e.target.value)}
            placeholder="Select trim size"
            error={problems.trim_size_id}
            options={(options.data?.trim_size ?? []).map((t) => ({
              value: String(t.id),
              label: trimLabel({
                name: t.name,
                dimensions: 'dimensions' in t && typeof t.dimensions === 'string' ? t.dimensions : null,
              }),
            }))}
          />
          <SelectField
            label="Binding"
            name="binding_id"
            required
            value={fields.binding_id}
            onChange={(e) => set('binding_id', e.target.value)}
            placeholder="Select binding"
            error={problems.binding_id}
            options={shownItems(options.data?.binding ?? [], trimSizeId).map((b) => ({
              value: String(b.id),
              label: b.name,
            }))}
          />
          <SelectField
            label="Paper Type"
            name="paper_type_id"
            required
            value={fields.paper_type_id}
            onChange={(e) => set('paper_type_id', e.target.value)}
            placeholder="Select paper type"
            error={problems.paper_type_id}
            options={(options.data?.paper_type ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          />
          <TextField
            label="Page Count"
            name="page_count"
            inputMode="numeric"
            required
            value={fields.page_count}
            onChange={(e) => set('page_count', e.target.value)}
            error={problems.page_count}
            hint="The number of pages of your interior PDF (2 to 800)."
          />
          <div className="b-row">
            <Button type="submit" busy={dimensions.isFetching}>
              Show cover size
            </Button>
          </div>
        </form>
      </Card>
      {dimensions.isError ? (
        <Alert tone="error">
          {errorText(dimensions.error, 'The cover size could not be computed. Try again.')}
        </Alert>
      ) : null}
      {request && dimensions.data && !dimensions.isError ? (
        <CoverResult request={request} data={dimensions.data} />
      ) : null}
    </div>
  );
}

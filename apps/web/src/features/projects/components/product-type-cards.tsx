/**
 * /start-project's product type cards: one radio card per category of GET api/book/dropdown-data/, with its
 * picture, description and calculator.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { useId } from 'react';
import type { DropdownDataResponse } from '@bindery/contracts/store/projects';
import { isCategorySlug } from '@bindery/pricing/products';
import { productArt } from '#lib/product-art.ts';

export type Category = DropdownDataResponse['categories'][number];

/** The catalog names no slug for the e Book (it prices no print options): its picture is the tablet's. */
const artOf = (category: Category) =>
  productArt(
    category.product_slug && isCategorySlug(category.product_slug)
      ? category.product_slug
      : category.name === 'e Book'
        ? 'ebook'
        : null,
  );

function ProductCard({
  category,
  checked,
  onChoose,
}: {
  category: Category;
  checked: boolean;
  onChoose: () => void;
}) {
  const nameId = useId();
  const textId = useId();
  return (
    <label className="b-product-card b-radio-card p-card">
      <input
        type="radio"
        name="product-type"
        value={category.name}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={nameId}
        aria-describedby={textId}
      />
      <img src={artOf(category)} alt="" width={200} height={120} />
      <strong id={nameId}>{categoryDisplayName(category.name)}</strong>
      <span id={textId}>{category.description}</span>
      {category.calculator_name ? (
        <span className="p-card__calc">Calculator: {category.calculator_name}</span>
      ) : null}
    </label>
  );
}

export function ProductTypeCards({
  categories,
  chosen,
  onChoose,
}: {
  categories: Category[];
  chosen: string;
  onChoose: (name: string) => void;
}) {
  return (
    <fieldset className="p-cards">
      <legend>Product type</legend>
      {categories.map((c) => (
        <ProductCard
          key={c.name}
          category={c}
          checked={chosen === c.name}
          onChoose={() => onChoose(c.name)}
        />
      ))}
    </fieldset>
  );
}

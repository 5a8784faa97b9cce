import { within } from '@testing-library/react';

/**
 * Test helpers both SPAs' tests share. `defined` replaces a non-null assertion (`rows[1]!`, banned by the typed
 * lint, ADR 0044): a missing value fails the test with a sentence instead of a TypeError further on.
 */
export function defined<T>(value: T | null | undefined, what = 'the value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be present`);
  return value;
}

/**
 * What a table shows, row by row: the text of each body row's cells (the header row left out). Both SPAs' list
 * and money tests read their tables this way.
 */
export function bodyCells(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

/**
 * "First-print discount: [10] % [on/off]" (docs/decisions/0033), on Manage Books beside the price
 * editors: staff switch the home page's promise and the discount on a customer's first order on or off, and set a
 * whole percent from 1 to 50. The server checks the same bounds and its refusal is shown as it says it. Saving
 * changes new orders only; the note says so, because an order already placed keeps its amounts.
 */
import { useId, useState, type SubmitEvent } from 'react';
import type { FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import { FIRST_PRINT_MAX_PERCENT } from '@bindery/contracts/admin/promotions';
import { messages } from '@bindery/contracts/messages';
import { clientText } from '#lib/error-text.ts';
import { useFirstPrintDiscount, useSaveFirstPrintDiscount } from '../api/first-print-discount';

const rangeText = `Enter a whole percent from 1 to ${FIRST_PRINT_MAX_PERCENT}.`;

export function FirstPrintDiscount() {
  const query = useFirstPrintDiscount();
  return (
    <section className="b-card b-stack" aria-labelledby="first-print-title">
      <h2 id="first-print-title">First-print discount</h2>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert">Could not load the first-print discount. Reload the page to try again.</p>
      ) : (
        <FirstPrintForm setting={query.data} />
      )}
    </section>
  );
}

/** The form, filled from the server's setting; after a save the cache holds the server's answer. */
function FirstPrintForm({ setting }: { setting: FirstPrintDiscountSetting }) {
  const save = useSaveFirstPrintDiscount();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [percent, setPercent] = useState(String(setting.percent));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errorId = useId();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setSaved(false);
    const value = Number(percent);
    if (!/^\d+$/.test(percent.trim()) || value < 1 || value > FIRST_PRINT_MAX_PERCENT) {
      setProblem(rangeText);
      return;
    }
    setProblem(null);
    save.mutate(
      { enabled, percent: value },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => setProblem(clientText(error, messages.generic.networkError)),
      },
    );
  };

  return (
    <form className="b-stack" onSubmit={submit} noValidate>
      <p className="b-muted">
        Taken off the books of a customer's first paid order, and promised on the home page ("{setting.text}"
        now). A change applies to orders placed after it; orders already placed keep their amounts.
      </p>
      <div className="b-row">
        <div className="b-field">
          <label className="b-label" htmlFor="first-print-percent">
            Percent off
          </label>
          <input
            id="first-print-percent"
            className="b-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={FIRST_PRINT_MAX_PERCENT}
            step={1}
            style={{ maxWidth: '8rem' }}
            value={percent}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(e) => {
              setPercent(e.target.value);
              setSaved(false);
            }}
          />
        </div>
        <label className="b-row" style={{ gap: 'var(--b-space-1)' }}>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => {
              setEnabled(e.target.checked);
              setSaved(false);
            }}
          />
          On (shown on the home page and given on first orders)
        </label>
      </div>
      {problem ? (
        <p className="b-field-error" id={errorId} role="alert">
          {problem}
        </p>
      ) : null}
      <div className="b-row">
        <button type="submit" className="b-btn b-btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save discount'}
        </button>
        {saved ? (
          <span role="status">
            Saved: {setting.enabled ? `${setting.percent}% off first print, on` : 'off'}. New orders use it.
          </span>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The report's period: two days (checked here: both given, the first not after the last) and quick periods of the
 * last 7, 30, 90 or 365 days. A change goes into the address (sales-report.tsx).
 */
import { useState, type SubmitEvent } from 'react';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { DAY, daysBefore, isoDay } from '../lib/sales-labels';

export function Period({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<string | undefined>();
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!DAY.test(draft.from) || !DAY.test(draft.to)) {
      setError('Enter both days.');
      return;
    }
    if (draft.from > draft.to) {
      setError('The first day must not be after the last.');
      return;
    }
    setError(undefined);
    onChange(draft.from, draft.to);
  };
  const preset = (days: number) => {
    const next = { from: daysBefore(days - 1), to: isoDay(new Date()) };
    setDraft(next);
    setError(undefined);
    onChange(next.from, next.to);
  };
  return (
    <form className="b-stack b-card" onSubmit={submit} noValidate aria-label="Period">
      <div className="b-row" style={{ alignItems: 'flex-end' }}>
        <TextField
          label="From"
          type="date"
          name="from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          error={error}
        />
        <TextField
          label="To"
          type="date"
          name="to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Button type="submit">Show</Button>
      </div>
      <div className="b-row" role="group" aria-label="Quick periods">
        {[7, 30, 90, 365].map((n) => (
          <Button key={n} size="sm" variant="ghost" onClick={() => preset(n)}>
            Last {n} days
          </Button>
        ))}
      </div>
    </form>
  );
}

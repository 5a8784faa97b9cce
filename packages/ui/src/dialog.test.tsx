import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.js';
import { TextField } from './field.js';
import { StatusBadge } from './status-badge.js';
import { Table } from './table.js';

function Opener({ withField = false, busy = false, onConfirm = () => undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Mark shipped"
          message="The customer gets the tracking link."
          confirmLabel="Mark shipped"
          busy={busy}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
          error={busy ? null : 'Order BND-000001 is shipped; it cannot become shipped.'}
        >
          {withField ? <TextField label="Carrier" name="carrier" /> : null}
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a named, described modal alertdialog; focus goes to Cancel, Tab stays inside, Escape closes and focus returns', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Mark shipped' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('The customer gets the tracking link.');
    expect(screen.getByRole('alert')).toHaveTextContent('cannot become shipped');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Mark shipped' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(cancel).toHaveFocus();
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(confirm).toHaveFocus();
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('with fields it is a dialog that focuses the first field and submits on Enter', () => {
    const onConfirm = vi.fn();
    render(<Opener withField onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Mark shipped' })).toBeInTheDocument();
    const field = screen.getByLabelText('Carrier');
    expect(field).toHaveFocus();
    fireEvent.submit(field);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while busy neither Escape nor the buttons close it', () => {
    const onConfirm = vi.fn();
    render(<Opener busy onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Mark shipped/ })).toBeDisabled();
    fireEvent.submit(dialog);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('StatusBadge and stacked tables', () => {
  it('says the status in words', () => {
    render(<StatusBadge tone="success">Delivered</StatusBadge>);
    expect(screen.getByText('Delivered')).toHaveClass('b-status', 'b-status--success');
  });

  it('labels every cell of a stacked table with its column (header text, or the label given)', () => {
    render(
      <Table
        caption="Orders"
        stacked
        columns={[
          { key: 'n', header: 'Order', cell: (r: { n: string }) => r.n },
          { key: 'a', header: <span>Amount</span>, label: 'Amount', cell: () => '$1.00', numeric: true },
        ]}
        rows={[{ n: 'BND-000001' }]}
        rowKey={(r) => r.n}
      />,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Order', 'Amount']);
    expect(screen.getByRole('table')).toHaveClass('b-table--stack');
  });

  it('keeps a one-line column whole (nowrap) on its header and cells, beside a number column', () => {
    render(
      <Table
        caption="Orders"
        columns={[
          { key: 'n', header: 'Order', cell: (r: { n: string }) => r.n, nowrap: true },
          { key: 'c', header: 'Customer', cell: () => 'Ann Lee' },
          { key: 'a', header: 'Amount', cell: () => '$1.00', numeric: true, nowrap: true },
        ]}
        rows={[{ n: 'BND-000001' }]}
        rowKey={(r) => r.n}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.className)).toEqual(['b-nowrap', '', 'b-num b-nowrap']);
    expect(screen.getAllByRole('cell').map((c) => c.className)).toEqual(['b-nowrap', '', 'b-num b-nowrap']);
  });
});

/**
 * The states every server-paged list shows the same way in both SPAs (ADR 0045): the first load
 * ('Loading orders...'), a first page that failed (the list's own sentence and "Try again"), "Showing n of m
 * things" from the server's count, and the footer: the alert of a failed "Load more" (the rows already shown
 * stay) and the "Load more" button, busy while the next keyset page is on its way.
 * Each list keeps its own texts, its table and the order of these pieces on its page.
 */
import type { ReactNode } from 'react';
import { messages } from '@bindery/contracts/messages';
import { Alert } from './alert.js';
import { Button, type ButtonProps } from './button.js';
import { Spinner } from './spinner.js';

/** What the footer reads of a paged query: TanStack Query's useInfiniteQuery result fits as it is. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The first page failed. A failed "Load more" sets isError too: then the rows already shown stay, with the
 * footer's own alert (LoadMore's `failed`), instead of the whole list giving way to the error.
 */
export const firstPageFailed = (list: { isError: boolean; isFetchNextPageError: boolean }) =>
  list.isError && !list.isFetchNextPageError;

/** The first load of a list, announced; `spinner` draws the indicator before the words. */
export function ListLoading({ children, spinner = false }: { children: ReactNode; spinner?: boolean }) {
  return (
    <p role="status">
      {spinner ? (
        <>
          <Spinner label="" />{' '}
        </>
      ) : null}
      {children}
    </p>
  );
}

/** A first page that failed: the list's sentence and a "Try again" that asks the server again. */
export function ListFailed({
  children,
  onRetry,
  retryVariant = 'secondary',
}: {
  children: ReactNode;
  onRetry: () => void;
  retryVariant?: ButtonProps['variant'];
}) {
  return (
    <>
      <Alert tone="error">{children}</Alert>
      <div className="b-row">
        <Button variant={retryVariant} onClick={onRetry}>
          Try again
        </Button>
      </div>
    </>
  );
}

/** "Showing n of m orders": `noun` is [one, many], chosen by the server's total. */
export function ListCount({
  shown,
  total,
  noun,
}: {
  shown: number;
  total: number;
  noun: readonly [string, string];
}) {
  return (
    <p role="status" className="b-muted" style={{ margin: 0 }}>
      {messages.orderScreens.showing(shown, total, total === 1 ? noun[0] : noun[1])}
    </p>
  );
}

/**
 * The list's footer: `failed` (when given) is shown when the next page could not be read, above the button, and
 * the rows already on screen stay; "Load more" appears while the server has more.
 */
export function LoadMore({ list, failed }: { list: PagedList; failed?: ReactNode }) {
  return (
    <>
      {failed !== undefined && list.isFetchNextPageError ? <Alert tone="error">{failed}</Alert> : null}
      {list.hasNextPage ? (
        <div className="b-row">
          <Button
            variant="secondary"
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {messages.orderScreens.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

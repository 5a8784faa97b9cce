/** Sets the tab title to "{title} | Bindery" so each page is announced and bookmarked by name. */
import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Bindery`;
  }, [title]);
}

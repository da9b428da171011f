import { useEffect } from 'react';

export const PRODUCT_NAME = 'CarbonLedger';

/** Names the browser tab after the screen, so history and screen-reader tab lists are meaningful. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

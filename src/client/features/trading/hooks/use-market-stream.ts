import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { marketKeys } from './trading-keys';

/**
 * Subscribes to GET /api/trading/stream/:projectId (Server-Sent Events) while the screen shows the project, and
 * refetches the project's market data on every `market` event, so the book, trades, chart and orders follow every
 * trade within a second without a reload. EventSource reconnects by itself; after a reconnect everything is
 * refetched once, since events may have been missed meanwhile.
 */
export function useMarketStream(projectId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (projectId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/trading/stream/${projectId}`);
    const refresh = () => {
      for (const queryKey of marketKeys(projectId)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    };
    let opened = false;
    const onOpen = () => {
      if (opened) refresh();
      opened = true;
    };
    source.addEventListener('market', refresh);
    source.addEventListener('open', onOpen);
    return () => {
      source.removeEventListener('market', refresh);
      source.removeEventListener('open', onOpen);
      source.close();
    };
  }, [projectId, queryClient]);
}

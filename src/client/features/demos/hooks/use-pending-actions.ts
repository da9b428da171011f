import { useCallback, useRef, useState } from 'react';

/**
 * Which of a dialog's simulated actions are running. `run` ignores a second start of an action that is
 * still running (a double click), marks it pending and clears the mark however the task ends.
 */
export function usePendingActions<Action extends string>() {
  const [pending, setPending] = useState<ReadonlySet<Action>>(() => new Set());
  const running = useRef(new Set<Action>());
  const run = useCallback(async (action: Action, task: () => Promise<void>) => {
    if (running.current.has(action)) return;
    running.current.add(action);
    setPending(new Set(running.current));
    try {
      await task();
    } finally {
      running.current.delete(action);
      setPending(new Set(running.current));
    }
  }, []);
  return { isPending: (action: Action) => pending.has(action), run };
}

import { useEffect, useState } from 'react';
import { MSG } from '@prompt-perfect/core/messages';

/**
 * While a run waits for its first text: the spec's 'Perfecting...', the model it waits on and the
 * seconds so far, so a slow model is visibly working. Mounted per wait, so the count starts at 0.
 */
export function WaitingLine({ modelName, label = MSG.perfecting }: { modelName: string; label?: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span data-testid="waiting-line">
      {label} <span aria-hidden="true">·</span> {modelName} <span aria-hidden="true">·</span> {seconds} s
    </span>
  );
}

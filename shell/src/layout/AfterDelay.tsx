import { useEffect, useState, type ReactNode } from 'react';

/** Renders its children only once `ms` have passed, so fast loads show no placeholder flash. */
export function AfterDelay({ ms, children }: { ms: number; children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return due ? children : null;
}

import { type ReactNode, useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/** Renders its children once the browser is first idle: for parts that must not compete with the first screen. */
export function AfterIdle({ children }: { children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => whenIdle(() => setDue(true), 3_000), []);
  return due ? children : null;
}

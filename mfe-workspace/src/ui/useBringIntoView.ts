import { type RefObject, useEffect } from 'react';

/** Below an element's top, the room that must be on screen for its first lines to count as seen. */
const ROOM_BELOW_TOP = 160;

/**
 * When `when` turns true (a run starts), brings the element's start into view unless it already is:
 * below the shell's sticky header (the element's scroll-margin-top) and with room under it. At once
 * when the user asks for reduced motion.
 */
export function useBringIntoView(target: RefObject<HTMLElement | null>, when: boolean): void {
  useEffect(() => {
    const el = target.current;
    if (!when || !el || typeof window === 'undefined') return;
    const clearance = Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
    const { top } = el.getBoundingClientRect();
    if (top >= clearance && top <= window.innerHeight - ROOM_BELOW_TOP) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [target, when]);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstPaint', () => {
  const frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('waits for the next frame, then for a task after it', async () => {
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    for (const frame of frames.splice(0)) frame(performance.now());
    // The frame's callbacks ran; the frame itself is painted before the next task.
    expect(await settled(painted)).toBe(false);
    vi.advanceTimersByTime(0);
    expect(await settled(painted)).toBe(true);
  });

  it('does not wait on a hidden page, which runs no frames', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});

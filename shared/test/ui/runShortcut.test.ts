import { describe, expect, it } from 'vitest';
import { isRunShortcut, runShortcutLabel } from '../../src/ui/runShortcut';

describe('run shortcut', () => {
  it('is Enter with Ctrl or Cmd, nothing else', () => {
    expect(isRunShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isRunShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isRunShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isRunShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });

  it('is written for the keyboard at hand', () => {
    expect(runShortcutLabel(true)).toBe('⌘ Enter');
    expect(runShortcutLabel(false)).toBe('Ctrl + Enter');
  });
});

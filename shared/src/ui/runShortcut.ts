/** Ctrl+Enter (Cmd+Enter on Apple keyboards) runs the nearest primary action from a text box. */
export function isRunShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** How to write the shortcut for this keyboard, e.g. in a hint under a prompt box. */
export function runShortcutLabel(apple = isApplePlatform()): string {
  return apple ? '⌘ Enter' : 'Ctrl + Enter';
}

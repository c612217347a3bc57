/**
 * A reason the server cannot start that the operator can fix: its message names the variable or
 * file and the fix, and index.ts prints it as one line instead of a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

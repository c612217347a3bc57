import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing the key of the boundary's owner resets it; this renders the failure. */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a remote that loaded but throws while rendering, so the rest of the shell survives. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[federation] a remote failed while rendering', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

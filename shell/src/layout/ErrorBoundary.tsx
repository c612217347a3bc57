import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Renders the failure; give the boundary a new `key` to try its children again. */
  fallback: (error: Error) => ReactNode;
  /** Where the failure happened, for the console. */
  label: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failure (a remote that throws, a chunk that will not load) inside its own part of the page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.label}] failed while rendering`, error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

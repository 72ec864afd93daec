import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What to show instead of the children after a crash; `tryAgain` resets the boundary. */
  fallback: (props: { error: Error; tryAgain: () => void }) => ReactNode;
  /** When this changes (the route), a crashed boundary resets by itself. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a crash in the page (behaviours B52) so the rest of the site stays usable.
 * Browser only in effect: during the build a render error fails the build instead.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(prev: ErrorBoundaryProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  tryAgain = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback({ error, tryAgain: this.tryAgain }) : this.props.children;
  }
}

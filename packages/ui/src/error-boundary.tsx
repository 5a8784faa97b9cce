/** Catches render errors below it and shows a friendly message with a retry, instead of a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './alert.js';
import { Button } from './button.js';

interface Props {
  children: ReactNode;
  fallback?: (error: Error, reset: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.reset);
    return (
      <div className="b-container b-main">
        <Alert tone="error">
          <p>Something went wrong while showing this page.</p>
          <Button variant="secondary" size="sm" onClick={this.reset}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
}

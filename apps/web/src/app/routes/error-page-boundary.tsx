// Catches a failure of the error page itself and shows a minimal fallback with the details and a way home.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18next } from '../../lib/i18n.ts';

type Props = { children: ReactNode };
type State = { error: unknown };

export class ErrorPageBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The error page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorPageFallback error={this.state.error} />;
  }
}

/** Uses no hooks, router or providers: whatever broke the error page must not break this too. */
export function ErrorPageFallback({ error }: { error: unknown }) {
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <section className="error-page container text-center" role="alert">
      <h1 className="h3">{i18next.t('errorPage.renderFailed')}</h1>
      <details className="my-3 text-start d-inline-block">
        <summary>{i18next.t('errorPage.details')}</summary>
        <pre className="small mt-2 mb-0 text-wrap">{details}</pre>
      </details>
      <p>
        <a href="/" className="btn btn-primary">
          {i18next.t('errorPage.backHome')}
        </a>
      </p>
    </section>
  );
}

// The generic error page of SPEC section 8: status (default 500) and message (default "Error"); 404 links home.
import { useTranslation } from 'react-i18next';
import { DEFAULT_ERROR_STATUS } from './describe-error.ts';
import { HomeLink } from './home-link.tsx';

export function ErrorPage({ status = DEFAULT_ERROR_STATUS, message }: { status?: number; message?: string }) {
  const { t } = useTranslation();
  const text = message || t('errorPage.defaultMessage');
  const isNotFound = status === 404;
  return (
    <section className="error-page container text-center">
      <title>{`${status} ${text}`}</title>
      <h1 className="error-page-title">
        <span className="error-page-status">{status}</span> <span className="error-page-message">{text}</span>
      </h1>
      {isNotFound ? (
        <>
          <p className="text-body-secondary">{t('errorPage.notFoundHint')}</p>
          <HomeLink className="btn btn-primary btn-lg mt-2">{t('errorPage.backHome')}</HomeLink>
        </>
      ) : (
        <>
          <p className="text-body-secondary">{t('errorPage.genericHint')}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-2">
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              {t('errorPage.reload')}
            </button>
            <HomeLink className="btn btn-outline-dark">{t('errorPage.backHome')}</HomeLink>
          </div>
        </>
      )}
    </section>
  );
}

// "Download my data" on the notifications screen (GDPR, docs/data-export.md): one request per 24 hours; the link
// to the zip arrives by mail. The outcome is announced where the button is.
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';

export function DataExportCard() {
  const { t } = useTranslation('reports');
  const request = useRequestDataExport();
  const isLimited = request.error instanceof ApiError && request.error.code === 'data_export_limited';
  const error = request.error && !isLimited ? toFormErrors(request.error).form : null;
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="data-export-title">
          <h2 id="data-export-title" className="h5 mb-2">
            {t('dataExport.title')}
          </h2>
          <p id="data-export-description" className="text-body-secondary">
            {t('dataExport.text')}
          </p>
          <div aria-live="polite">
            {request.isSuccess && (
              <Alert variant="success" className="mb-3">
                {t('dataExport.requested')}
              </Alert>
            )}
            {isLimited && (
              <Alert variant="info" className="mb-3">
                {t('dataExport.limited')}
              </Alert>
            )}
            {error && (
              <Alert variant="danger" className="mb-3">
                {translateError(t, error)}
              </Alert>
            )}
          </div>
          <Button
            variant="outline-primary"
            aria-describedby="data-export-description"
            disabled={request.isPending || request.isSuccess || isLimited}
            onClick={() => request.mutate()}
          >
            {request.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('dataExport.button')}
          </Button>
        </section>
      </Card.Body>
    </Card>
  );
}

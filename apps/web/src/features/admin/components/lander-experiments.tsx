// Lander experiments: which designs a lander shows on a site, and each variant's share of new visitors. Admins choose
// a site and a lander and edit its variants; every role sees the experiments running (with each variant's share).
import { useState } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LANDER_NAMES, type AdminExperiment } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminSites } from '../api/admin-sites.ts';
import { useLanderExperiments } from '../api/lander-experiments.ts';
import { toAdminQueryError } from '../lib/admin-errors.ts';
import { NO_VALUE, sharesOf } from '../lib/traffic.ts';
import { ExperimentForm } from './experiment-form.tsx';
import { TrafficSiteSelect } from './traffic-site-select.tsx';

export function LanderExperiments({ canEdit, canListSites }: { canEdit: boolean; canListSites: boolean }) {
  const { t } = useTranslation('admin');
  const experiments = useLanderExperiments();
  return (
    <section aria-labelledby="traffic-experiments-title">
      <h2 id="traffic-experiments-title" className="h5">
        {t('traffic.experiments.title')}
      </h2>
      <p className="small text-body-secondary">{t('traffic.experiments.intro')}</p>
      {experiments.isPending ? (
        <LoadingSpinner />
      ) : experiments.isError ? (
        <FormErrorAlert error={toAdminQueryError(experiments.error)} />
      ) : canEdit && canListSites ? (
        <ExperimentsEditor experiments={experiments.data.experiments} />
      ) : (
        <ExperimentsTable experiments={experiments.data.experiments} />
      )}
    </section>
  );
}

/** Admins: a site (the default site first) and a lander, that lander's variants, and the site's experiments below. */
function ExperimentsEditor({ experiments }: { experiments: AdminExperiment[] }) {
  const { t } = useTranslation('admin');
  const sites = useAdminSites();
  const [siteChoice, setSiteChoice] = useState('');
  const [lander, setLander] = useState<string>(LANDER_NAMES[0]);
  const [saved, setSaved] = useState('');
  const defaultSite = sites.data?.sites.find((site) => site.is_default) ?? sites.data?.sites[0];
  const site = siteChoice || (defaultSite ? String(defaultSite.id) : '');
  const siteId = site ? Number(site) : null;
  const ofSite = experiments.filter((experiment) => experiment.site_id === siteId);
  const current = ofSite.find((experiment) => experiment.lander === lander) ?? null;
  const choose = (set: (value: string) => void) => (value: string) => (setSaved(''), set(value));
  return (
    <>
      <Row className="g-2" style={{ maxWidth: 560 }}>
        <Col sm={6}>
          <TrafficSiteSelect name="experiment-site" value={site} onChange={choose(setSiteChoice)} />
        </Col>
        <Col sm={6}>
          <FormSelect
            name="lander"
            label={t('traffic.experiments.lander')}
            value={lander}
            onChange={choose(setLander)}
            options={LANDER_NAMES.map((name) => ({ value: name, label: name }))}
          />
        </Col>
      </Row>
      <div aria-live="polite">{saved && <Alert variant="success">{saved}</Alert>}</div>
      {siteId !== null && (
        <ExperimentForm
          key={`${siteId}:${lander}:${current?.updated_at ?? ''}`}
          siteId={siteId}
          lander={lander}
          experiment={current}
          onSaved={(variants) =>
            setSaved(
              variants === 0
                ? t('traffic.experiments.ended', { lander })
                : t('traffic.experiments.saved', { lander, count: variants }),
            )
          }
        />
      )}
      <h3 className="h6 mt-4">{t('traffic.experiments.running')}</h3>
      <ExperimentsTable experiments={ofSite} siteNames={new Map(sites.data?.sites.map((s) => [s.id, s.name]))} />
    </>
  );
}

/** The experiments running, each variant with its design and share of new visitors. */
function ExperimentsTable({
  experiments,
  siteNames,
}: {
  experiments: AdminExperiment[];
  siteNames?: Map<number, string>;
}) {
  const { t, i18n } = useTranslation('admin');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  if (experiments.length === 0) return <p className="text-body-secondary small">{t('traffic.experiments.none')}</p>;
  return (
    <DataTable
      caption={t('traffic.experiments.running')}
      className="small align-middle"
      rows={experiments}
      rowKey={(experiment) => `${experiment.site_id}:${experiment.lander}`}
      columns={[
        { key: 'lander', header: t('traffic.experiments.lander'), isRowHeader: true, cell: (row) => row.lander },
        {
          key: 'site',
          header: t('traffic.site'),
          cell: (experiment) => siteNames?.get(experiment.site_id) ?? `#${experiment.site_id}`,
        },
        {
          key: 'variants',
          header: t('traffic.experiments.variants'),
          cell: (experiment) => {
            const shares = sharesOf(experiment.variants.map((variant) => variant.weight));
            return experiment.variants.map((variant, index) => (
              <span key={variant.key} className="d-block">
                {t('traffic.experiments.variantShare', {
                  key: variant.key,
                  design: variant.design,
                  share: percent.format(shares[index] ?? 0),
                })}
              </span>
            ));
          },
        },
        {
          key: 'updated',
          header: t('traffic.experiments.updated'),
          cell: (experiment) =>
            experiment.updated_at
              ? formatDate(experiment.updated_at, { dateStyle: 'short', timeStyle: 'short' })
              : NO_VALUE,
        },
      ]}
    />
  );
}

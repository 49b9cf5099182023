// Paid traffic (every staff role reads; admins change networks, resend postbacks and set experiments): the report per
// source, the networks, the postback delivery log and the lander experiments, one part at a time (pressed buttons, as
// the photos queues).
import { useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffMay, type AdminRouteKey, type Staff } from '@app/contracts';
import { LanderExperiments } from './lander-experiments.tsx';
import { PostbackLog } from './postback-log.tsx';
import { TrafficNetworks } from './traffic-networks.tsx';
import { TrafficReport } from './traffic-report.tsx';

const SECTIONS = ['report', 'networks', 'postbacks', 'experiments'] as const;
type Section = (typeof SECTIONS)[number];
/** The route that reads each part: a role that may not call it does not see the part. */
const SECTION_ROUTES: Record<Section, AdminRouteKey> = {
  report: 'GET /api/admin/traffic/report',
  networks: 'GET /api/admin/traffic/networks',
  postbacks: 'GET /api/admin/traffic/postbacks',
  experiments: 'GET /api/admin/traffic/experiments',
};

export function TrafficPage({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const [section, setSection] = useState<Section>('report');
  const may = (route: AdminRouteKey) => staffMay(staff.role, route);
  const sections = SECTIONS.filter((value) => may(SECTION_ROUTES[value]));
  const canListSites = may('GET /api/admin/sites');
  return (
    <>
      <h1 className="h4 mb-3">{t('traffic.title')}</h1>
      <ButtonGroup aria-label={t('traffic.sections.label')} className="mb-3 flex-wrap">
        {sections.map((value) => (
          <Button
            key={value}
            variant={section === value ? 'primary' : 'outline-primary'}
            aria-pressed={section === value}
            onClick={() => setSection(value)}
          >
            {t(`traffic.sections.${value}`)}
          </Button>
        ))}
      </ButtonGroup>
      {section === 'report' && <TrafficReport canListSites={canListSites} />}
      {section === 'networks' && (
        <TrafficNetworks
          canCreate={may('POST /api/admin/traffic/networks')}
          canEdit={may('PUT /api/admin/traffic/networks/:id')}
          canDelete={may('DELETE /api/admin/traffic/networks/:id')}
        />
      )}
      {section === 'postbacks' && <PostbackLog canResend={may('POST /api/admin/traffic/postbacks/:id/resend')} />}
      {section === 'experiments' && (
        <LanderExperiments
          canEdit={may('PUT /api/admin/traffic/experiments/:lander') && canListSites}
          canListSites={canListSites}
        />
      )}
    </>
  );
}

// A lander the browser renders itself, with the same components as the server: for a server without the release's
// render (the Vite dev server's API), whose landers.php answers the payload without markup (docs/landers.md).
import { useLayoutEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LanderPayload } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { ensureLanderStyles } from '../lib/injected-lander.ts';
import { LANDER_CSS } from '../lib/lander-css.ts';
import { LanderView } from './lander-view.tsx';

export function ClientLander({ payload }: { payload: LanderPayload }) {
  const { t } = useTranslation(['landers', 'members']);
  const settings = useSettings();
  useLayoutEffect(() => ensureLanderStyles(LANDER_CSS), []);
  return (
    <LanderView payload={payload} siteName={settings.name} t={t as TFunction} signupHref={paths.signup.getHref()} />
  );
}

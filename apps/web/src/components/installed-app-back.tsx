// SPEC section 2: in the installed app (standalone, no browser toolbar) a Back button on the member profile, likes,
// credits and payment-method screens, when there is an in-app page to go back to.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useIsStandalone } from '../hooks/use-is-standalone.ts';
import { BackIcon } from './icons.tsx';

/** React Router numbers the app's history entries: above 0 there is a page of this app to go back to. */
function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function InstalledAppBack({ className = 'mb-2' }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Re-read on every navigation: the history index moves with it.
  useLocation();
  const standalone = useIsStandalone();
  if (!standalone || !hasInAppHistory()) return null;
  return (
    <Button
      type="button"
      variant="link"
      className={`px-0 d-inline-flex align-items-center gap-1 ${className}`}
      onClick={() => void navigate(-1)}
    >
      <BackIcon />
      {t('installedApp.back')}
    </Button>
  );
}

// The site's fictional-profile mark (settings.fictional_icon: an emoji or an image URL), named by settings.fictional_singular.
import { useSettings } from '../lib/settings/get-settings.ts';

export function FictionalIcon({ className = '' }: { className?: string }) {
  const settings = useSettings();
  const icon = settings.fictional_icon;
  if (!icon) return null;
  if (/^(https?:)?\/\/|^\//.test(icon)) {
    return <img src={icon} alt={settings.fictional_singular} title={settings.fictional_singular} width={18} height={18} className={className} />;
  }
  return (
    <span role="img" aria-label={settings.fictional_singular} title={settings.fictional_singular} className={className}>
      {icon}
    </span>
  );
}

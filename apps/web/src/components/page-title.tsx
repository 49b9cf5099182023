// The document title of an account page: "<page> | <site name>" (React hoists <title> into the head).
import { useSettings } from '../lib/settings/get-settings.ts';

export function PageTitle({ title }: { title: string }) {
  const settings = useSettings();
  return <title>{`${title} | ${settings.name}`}</title>;
}

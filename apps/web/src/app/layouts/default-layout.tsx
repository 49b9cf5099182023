// Default layout: top navigation, alert banners, footer, disclaimer, entry warning.
import { Outlet } from 'react-router';

export function DefaultLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

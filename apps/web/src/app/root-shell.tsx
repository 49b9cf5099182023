// The root route: the loading bar above whichever layout matches.
import { Outlet } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';

export function RootShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}

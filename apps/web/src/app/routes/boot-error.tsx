// Shown when the app cannot start (settings or translations failed to load).
export function BootError({ error }: { error: unknown }) {
  return <pre role="alert">{String(error)}</pre>;
}

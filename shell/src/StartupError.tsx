export function StartupError({ error, title = 'Prompt Perfect could not start' }: { error: unknown; title?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main id="main" role="alert" style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{title}</h1>
      <p>{message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';

interface ChunkLoadError extends Error {
  type?: string;
  request?: string;
}

function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** Shown instead of a blank page when a screen's script fails to load or a screen fails. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (chunkFailed) console.error(`Chunk load failed (${error.type ?? 'error'}):`, error.request ?? error.message);
    else console.error(error);
  }, [error, chunkFailed]);

  return (
    <section className="page page--narrow route-error" aria-labelledby="route-error-title">
      <title>Something went wrong</title>
      <h1 id="route-error-title">{chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {chunkFailed
          ? 'Part of the site did not arrive, perhaps because the connection dropped. Your bookings are safe.'
          : 'An unexpected error stopped this page. Your bookings are safe.'}
      </p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Retry
        </button>
        <Link className="button button--secondary" to="/" reloadDocument>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

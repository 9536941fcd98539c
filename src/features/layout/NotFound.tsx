import { Link } from 'react-router-dom';

/** The site's "Page not found", for any path nobody routes and for a route its source does not offer (/manage in browser-only mode). */
export function NotFound() {
  return (
    <section className="page page--narrow" aria-labelledby="not-found-title">
      <title>Page not found</title>
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find the page you asked for. It may have moved, or the address may have a typo.</p>
      <p>
        <Link className="button" to="/">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

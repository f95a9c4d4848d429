import Link from 'next/link';

/** Any address the app has no page for: inside the site's header, with a way back. */
export default function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p className="muted">There is no page at this address.</p>
      <p>
        <Link href="/" prefetch={false}>
          Go to the swap page
        </Link>
      </p>
    </main>
  );
}

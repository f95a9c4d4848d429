'use client';

import dynamic from 'next/dynamic';

/**
 * The API reference renderer (Scalar) is most of the docs page's weight: it loads after the page shell,
 * so the header and the loading note show at once and no other page carries it.
 */
export const ApiReferenceLoader = dynamic(() => import('./api-reference').then((module) => module.ApiReference), {
  ssr: false,
  loading: () => (
    <p role="status" className="page muted">
      Loading the API reference…
    </p>
  ),
});

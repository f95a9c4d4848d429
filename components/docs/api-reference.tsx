'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useLayoutEffect } from 'react';
import { quietReferenceHistory } from './quiet-history';
import { useReferenceRepairs } from './use-reference-repairs';

/**
 * Renders /api/openapi.json. The renderer is bundled, so the page works offline; its hosted features
 * (agent chat, developer toolbar) are switched off because nothing here should call out.
 */
export function ApiReference() {
  useReferenceRepairs();
  // Before the renderer mounts: it writes the URL while mounting, in its own (passive) effect, which runs
  // ahead of this component's passive effects; layout effects run before any of them.
  useLayoutEffect(() => quietReferenceHistory(window.history, window.location), []);
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        // Its button opens the hosted client, outside this app.
        hideClientButton: true,
        agent: { disabled: true },
        operationTitleSource: 'summary',
        authentication: { preferredSecurityScheme: 'bearerAuth' },
      }}
    />
  );
}

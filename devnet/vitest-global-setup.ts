import type { TestProject } from 'vitest/node';
import { ensureTestWorld } from './test-world';

declare module 'vitest' {
  export interface ProvidedContext {
    devnetManifest: string;
  }
}

/** Integration tests share one local chain world; test files find its manifest through `inject`. */
export default async function setup(project: TestProject) {
  const world = await ensureTestWorld();
  project.provide('devnetManifest', world.manifestPath);
  return () => world.stop();
}

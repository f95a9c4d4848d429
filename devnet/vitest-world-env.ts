import { inject } from 'vitest';

// Makes the run's world visible to code that reads DEVNET_MANIFEST (testManifest(), the app's services).
process.env.DEVNET_MANIFEST = inject('devnetManifest');

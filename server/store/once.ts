/** Wraps `fn` so that it runs once; later calls share its promise, so closing or releasing twice is harmless. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}

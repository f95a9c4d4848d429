/**
 * Where a transaction is looked at. On real chains that is the chain's public explorer (the chain table's);
 * the local world's transactions are known to no public explorer, so there it is the app's own transaction
 * page, `/tx/<CHAIN>/<hash>`, which reads the transaction from the world's node.
 */
import type { ConfiguredChain } from './chain-directory';
import { CHAINS, type ChainId } from './registry';

/** The app's own page of a transaction (app/tx/[chain]/[hash]/page.tsx). */
export function transactionPagePath(chain: ChainId, hash: string): string {
  return `/tx/${chain}/${hash}`;
}

/**
 * The explorer template (`{hash}` for the hash) of a chain on this server. `appUrl` is prefixed to the app's
 * own page: the configured PUBLIC_URL for answers that leave the app, '' for links the pages render (a
 * path resolves against whatever address the browser reached the app at: localhost, a LAN address on a phone).
 */
export function explorerTxTemplate(chain: ChainId, where: { localWorld: boolean; appUrl?: string }): string {
  return where.localWorld ? `${where.appUrl ?? ''}${transactionPagePath(chain, '{hash}')}` : CHAINS[chain].explorerTxUrl;
}

export function fillExplorerTemplate(template: string, hash: string): string {
  return template.replace('{hash}', hash);
}

/** A transaction's link: on the local world the app's own page, else the chain's explorer. */
export function explorerTxLink(chain: ChainId, hash: string, where: { localWorld: boolean; appUrl?: string }): string {
  return fillExplorerTemplate(explorerTxTemplate(chain, where), hash);
}

/** A transaction's link in this server's answers: the chain's own template on this server, else the table's explorer. */
export function configuredExplorerTxLink(chain: Pick<ConfiguredChain, 'info' | 'explorerTxUrl'>, hash: string): string {
  return fillExplorerTemplate(chain.explorerTxUrl ?? chain.info.explorerTxUrl, hash);
}

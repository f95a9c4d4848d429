'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { appCodeOf } from '@/components/swap/lib/error-messages';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { isFinalBridge } from '../lib/bridge-progress';

const POLL_MS = 1_000;
const RETRY_MS = 3_000;
/** Errors that another try cannot change: the tracker stops asking. */
const LASTING_ERRORS = new Set(['NOT_FOUND', 'QUOTE_NOT_FOUND', 'INVALID_INPUT', 'UNAUTHORIZED', 'NOT_IMPLEMENTED']);

/**
 * A request's live status, read every second until it is final. A `depositTxHash` the wallet reported
 * (the tracker's `?tx=`) is handed to the server once, while the request has no deposit yet, so the
 * server records it as soon as it confirms instead of waiting to find it on chain.
 */
export function useBridgeStatus(requestId: string, depositTxHash: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statusOptions = trpc.bridge.status.queryOptions(
    { requestId },
    {
      retry: false,
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => {
        const { data, error } = query.state;
        if (data && isFinalBridge(data)) return false;
        if (error) return LASTING_ERRORS.has(appCodeOf(error) ?? '') ? false : RETRY_MS;
        return POLL_MS;
      },
    },
  );
  const status = useQuery(statusOptions);
  const track = useMutation(
    trpc.bridge.track.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(statusOptions.queryKey, answer);
        void queryClient.invalidateQueries({ queryKey: trpc.bridge.requests.pathKey() });
      },
    }),
  );

  const details = status.data?.details;
  const sourceChain = details?.sourceChain;
  const needsTracking = !!depositTxHash && !!details && details.depositTxHash === null && details.state === 'waiting';
  const tracked = useRef<string>(undefined);
  const { mutate } = track;
  useEffect(() => {
    if (!needsTracking || !depositTxHash || !sourceChain || tracked.current === depositTxHash) return;
    if (!(CHAIN_IDS as readonly string[]).includes(sourceChain)) return;
    tracked.current = depositTxHash;
    mutate({ requestId, sourceChain: sourceChain as ChainId, txHash: depositTxHash });
  }, [needsTracking, depositTxHash, sourceChain, requestId, mutate]);

  return { status, track };
}

/**
 * Token bridging on an EVM chain: deposits through `Depository.depositToken` (after an approval of the
 * Depository when the trader's allowance is short), the solver's token balances, and its token payments
 * (fills paid from its inventory, refunds of a token deposit) and prepared swaps.
 */
import {
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseAbi,
  parseTransaction,
  toEventSelector,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem';
import { rememberPromise } from '@/server/cache/bounded-cache';
import { estimateGas } from '@/server/chains/evm/actions/estimate-gas';
import { getTransactionCount } from '@/server/chains/evm/actions/get-transaction-count';
import { getTransactionReceipt } from '@/server/chains/evm/actions/get-transaction-receipt';
import { sendAndWaitForReceipt } from '@/server/chains/evm/actions/send-and-wait';
import type { EvmLog } from '@/server/chains/evm/evm-schemas';
import { readEvmTokenBalance } from '@/server/chains/evm/evm-token-balance';
import { readSignedTx, serializeUnsigned, type UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';
import { keccak256 } from '@/server/chains/evm/keccak';
import { requestChecked, hexData } from '@/server/chains/rpc-answers';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError, findAppError } from '@/server/errors';
import { lookupToken } from '@/server/chains/evm/lookup-token';
import { nativeBridgeToken, type BridgeToken, type BuiltDeposit, type FoundDeposit, type SignedPayment } from '../bridge-chain';
import { takeSettled, txFees, type EvmBridgeContext } from './evm-bridge-context';
import type { ApprovalSize } from '@/server/trading/swap-types';

export const depositTokenAbi = parseAbi([
  'function depositToken(bytes32 requestId, address token, uint256 amount)',
  'event TokenDeposit(bytes32 indexed requestId, address indexed from, address indexed token, uint256 amount)',
]);
export const TOKEN_DEPOSIT_TOPIC = toEventSelector('TokenDeposit(bytes32,address,address,uint256)');
/** The Depository's functions' selectors: a native deposit's requestId (its whole calldata) must begin with none of them. */
export const DEPOSITORY_SELECTORS = [
  toFunctionSelector('depositToken(bytes32,address,uint256)'),
  toFunctionSelector('depositFor(bytes32,address,address,uint256)'),
];

/** transferFrom into the solver, two balance reads and the event; a token with a transfer hook may take more. */
const TOKEN_DEPOSIT_GAS = 200_000n;
/** approve from zero to max: one storage write and an event, well under this. */
const APPROVAL_GAS = 80_000n;
const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

/** The native coin: no token named, or the zero address. */
export const isNative = (token: string | undefined) => token === undefined || token.toLowerCase() === NATIVE_TOKEN_ADDRESS;

export function describeEvmToken(context: EvmBridgeContext, address: string, field: string): Promise<BridgeToken> {
  const { info } = context.chain;
  if (isNative(address)) return Promise.resolve(nativeBridgeToken(info.id));
  const key = address.toLowerCase();
  return rememberPromise(context.tokens, key, () =>
    lookupToken(context.chain.rpc, { address: key, known: [] }).then(
      ({ symbol, decimals }) => ({ address: key, symbol, decimals }),
      (error: unknown) => {
        const appError = findAppError(error);
        if (appError?.code !== 'INVALID_INPUT') throw error;
        throw new AppError('INVALID_INPUT', `${field}: ${address} is not an ERC-20 token on ${info.name}. Check the address and the chain.`, {
          field,
          cause: error,
        });
      },
    ),
  );
}

export async function evmTokenInventory(context: EvmBridgeContext, token: string): Promise<bigint> {
  return (await readEvmTokenBalance(context.chain, context.solver.address, token, undefined)).balance;
}

async function allowance(context: EvmBridgeContext, owner: string, token: string, spender: string = context.depository): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner as Address, spender as Address] });
  const reply = await requestChecked(context.chain.rpc, 'eth_call', [{ to: token, data }, 'latest'], hexData);
  return reply === '0x' ? 0n : BigInt(reply);
}

export async function allowanceCovers(context: EvmBridgeContext, input: { trader: string; token: string; amount: bigint; spender?: string }): Promise<boolean> {
  return (await allowance(context, input.trader, input.token, input.spender)) >= input.amount;
}

export async function buildTokenDeposit(
  context: EvmBridgeContext,
  input: { trader: string; amount: bigint; requestId: string; token: string; approval: ApprovalSize },
): Promise<BuiltDeposit> {
  const { chainId } = context.chain.info;
  const [nonce, fees, allowed] = await Promise.all([
    getTransactionCount(context.chain.rpc, input.trader, 'pending'),
    txFees(context),
    allowance(context, input.trader, input.token),
  ]);
  const needsApproval = allowed < input.amount;
  const approve: UnsignedEvmTx | undefined = needsApproval
    ? {
        chainId,
        nonce,
        gas: APPROVAL_GAS,
        to: input.token as Address,
        value: 0n,
        fees,
        // The Depository only ever takes from the caller of depositToken, so a standing allowance is safe; the
        // depositor may still ask for exactly the deposit.
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [context.depository, input.approval === 'exact' ? input.amount : maxUint256],
        }),
      }
    : undefined;
  const deposit: UnsignedEvmTx = {
    chainId,
    nonce: needsApproval ? nonce + 1 : nonce,
    gas: TOKEN_DEPOSIT_GAS,
    to: context.depository,
    value: 0n,
    fees,
    data: encodeFunctionData({ abi: depositTokenAbi, functionName: 'depositToken', args: [input.requestId as Hex, input.token as Address, input.amount] }),
  };
  return { deposit: serializeUnsigned(deposit), ...(approve && { approve: serializeUnsigned(approve) }) };
}

/** What is wrong with a signed token deposit, if anything. */
export function tokenDepositProblems(data: Hex, value: bigint, expected: { amount: bigint; requestId: string; token: string }): string[] {
  if (value !== 0n) return [`it sends ${value} wei with a token deposit`];
  let args: readonly [Hex, Address, bigint];
  try {
    const decoded = decodeFunctionData({ abi: depositTokenAbi, data });
    args = decoded.args;
  } catch {
    return ['its data is not a depositToken call'];
  }
  const [requestId, token, amount] = args;
  const problems: string[] = [];
  if (requestId.toLowerCase() !== expected.requestId.toLowerCase()) problems.push('it deposits for another requestId');
  if (token.toLowerCase() !== expected.token.toLowerCase()) problems.push(`it deposits ${token}, not the quoted ${expected.token}`);
  if (amount !== expected.amount) problems.push(`it deposits ${amount} raw units, not the quoted ${expected.amount}`);
  return problems;
}

export async function checkSignedApproval(
  context: EvmBridgeContext,
  signed: string,
  expected: { trader: string; token: string; amount: bigint; spender?: string },
): Promise<{ txHash: string }> {
  const spender = (expected.spender ?? context.depository).toLowerCase();
  const tx = await readSignedTx(signed as Hex, 'approve');
  const problems: string[] = [];
  if (tx.signer.toLowerCase() !== expected.trader.toLowerCase()) problems.push(`it is signed by ${tx.signer}, not the quoted trader ${expected.trader}`);
  if (tx.chainId !== context.chain.info.chainId) problems.push(`it is for chain id ${tx.chainId}, not ${context.chain.info.chainId}`);
  if (tx.to?.toLowerCase() !== expected.token.toLowerCase()) problems.push(`it calls ${tx.to ?? 'a contract creation'}, not the token ${expected.token}`);
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: tx.data });
    if (functionName !== 'approve') problems.push(`it calls ${functionName}, not approve`);
    else if (args[0].toLowerCase() !== spender || args[1] < expected.amount) problems.push(`it does not let ${spender} take the amount`);
  } catch {
    problems.push('its data is not an approve call');
  }
  if (problems.length > 0) {
    throw new AppError('TX_MISMATCH', `approve: the approval does not match the quote: ${problems.join('; ')}. Sign the quoted approval unchanged.`, {
      field: 'approve',
    });
  }
  return { txHash: tx.txHash };
}

export async function sendApproval(context: EvmBridgeContext, signed: string, timeoutMs: number): Promise<void> {
  const hash = keccak256(signed as Hex);
  const mined = await sendAndWaitForReceipt(context.chain.rpc, signed, { hash, timeoutMs, resend: true });
  if (!mined || mined.status !== 'success') {
    throw new AppError(
      'REVERTED',
      `approve: the approval ${hash} ${mined ? 'reverted' : 'did not confirm in time'} on ${context.chain.info.name}; nothing was deposited.`,
      { field: 'approve' },
    );
  }
}

export function tokenDepositOf(log: EvmLog, confirmedAtMs: number): FoundDeposit | undefined {
  if (log.topics[0] !== TOKEN_DEPOSIT_TOPIC) return undefined;
  const decoded = decodeEventLog({ abi: depositTokenAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
  if (decoded.eventName !== 'TokenDeposit') return undefined;
  const { requestId, from, token, amount } = decoded.args;
  return { requestId, txHash: log.transactionHash, from, amount, token: token.toLowerCase(), confirmedAtMs };
}

export function tokenTransferData(to: string, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Address, amount] });
}

export function tokenTransferGas(context: EvmBridgeContext, token: string, to: string, amount: bigint): Promise<bigint> {
  return estimateGas(context.chain.rpc, { from: context.solver.address, to: token, value: 0n, data: tokenTransferData(to, amount) });
}

export async function signPrepared(context: EvmBridgeContext, unsigned: string, maxGas?: bigint): Promise<SignedPayment> {
  const parsed = parseTransaction(unsigned as Hex);
  if (parsed.chainId !== context.chain.info.chainId)
    throw new Error(`a prepared transaction for chain ${parsed.chainId} cannot be signed on ${context.chain.info.id}`);
  if (maxGas !== undefined && parsed.gas !== undefined && parsed.gas > maxGas) parsed.gas = maxGas;
  const raw = await context.solver.signTransaction(parsed as never);
  return { txHash: keccak256(raw), raw };
}

/** The sum of `token` transfers to `recipient` in a confirmed transaction (its receipt as settling it read it, when it did). */
export async function receivedBy(context: EvmBridgeContext, txHash: string, recipient: string, token: string): Promise<bigint> {
  const receipt = takeSettled(context, txHash) ?? (await getTransactionReceipt(context.chain.rpc, txHash));
  if (!receipt) throw new Error(`no receipt for ${txHash} on ${context.chain.info.id}`);
  const to = recipient.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === token.toLowerCase() && log.topics[0] === TRANSFER_TOPIC && log.topics[2]?.toLowerCase() === `0x${to}`)
    .reduce((sum, log) => sum + BigInt(log.data), 0n);
}

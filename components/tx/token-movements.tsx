import { tokenAmountText, tokenLabel, type AmountToken } from './lib/transaction-text';

interface Transfer {
  token: AmountToken;
  from: string;
  to: string;
  amount: string;
}

/** An EVM transaction's ERC-20 transfers, in the order its logs list them. */
export function TokenTransfersTable({ transfers }: { transfers: readonly Transfer[] }) {
  return (
    <table className="history-table tx-table" aria-label="Token transfers">
      <caption>Token transfers</caption>
      <thead>
        <tr>
          <th>Token</th>
          <th>From</th>
          <th>To</th>
          <th>Amount</th>
        </tr>
      </thead>
      <tbody>
        {transfers.map((transfer, index) => (
          <tr key={index}>
            <td>{tokenLabel(transfer.token)}</td>
            <td className="mono">{transfer.from}</td>
            <td className="mono">{transfer.to}</td>
            <td className="nowrap">{tokenAmountText(transfer.amount, transfer.token)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Change {
  account: string;
  token: AmountToken;
  change: string;
}

/** A Solana transaction's balance changes: SOL per account, each token per owner. */
export function BalanceChangesTable({ changes }: { changes: readonly Change[] }) {
  return (
    <table className="history-table tx-table" aria-label="Balance changes">
      <caption>Balance changes</caption>
      <thead>
        <tr>
          <th>Account</th>
          <th>Change</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((entry, index) => (
          <tr key={index}>
            <td className="mono">{entry.account}</td>
            <td className="nowrap">{tokenAmountText(entry.change, entry.token, { signed: true })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
